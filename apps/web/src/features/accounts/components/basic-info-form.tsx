import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  firstNameSchema,
  lastNameSchema,
  type User,
} from '@aeropool/contract/accounts';
import { GENDER_LABELS, GENDERS, type Gender } from '@aeropool/contract/gender';
import { formatIndianMobile, PHONE_MESSAGES, toIndianMobile } from '@aeropool/contract/phone';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { PROFILE_TOASTS } from '../account-toasts';
import { useUpdateUser } from '../api/update-user';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { validateFields, type FieldErrors } from '../utils/field-errors';
import { phoneForUpdate } from '../utils/phone-for-update';
import { PhoneVerification } from './phone-verification';
import { ProfileCard } from './profile-card';

const namesSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });

type Values = { firstName: string; lastName: string; phone: string; gender: string };
type Field = keyof Values;
const FIELDS: ReadonlySet<string> = new Set<Field>(['firstName', 'lastName', 'phone', 'gender']);

const valuesOf = (user: User): Values => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ? formatIndianMobile(user.phone) : '',
  gender: user.gender ?? '',
});

/** Spec §2 Basic Information: read-only until Edit Profile; the e-mail never changes. */
export function BasicInfoForm({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  const genderId = useId();
  const [draft, setDraft] = useState<Values>(() => valuesOf(user));
  // What Edit Profile started from: only what the rider changed since is sent, so a tab that has
  // not seen a number verified (or a gender set) on another device does not undo it.
  const [base, setBase] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { mutateAsync, isPending } = useUpdateUser();
  const values = isEditing ? draft : valuesOf(user);
  const wasEditingRef = useRef(isEditing);

  useEffect(() => {
    // The buttons swap on each toggle, so focus would otherwise drop to <body>.
    if (wasEditingRef.current === isEditing) return;
    wasEditingRef.current = isEditing;
    const selector = isEditing ? 'input:not([readonly])' : 'button';
    formRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [isEditing]);

  const startEditing = () => {
    setDraft(valuesOf(user));
    setBase(valuesOf(user));
    setErrors({});
    setIsEditing(true);
  };

  const change = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a read-only field must not save.
    if (!isEditing) return;
    // Spec §3: a Google account without a family name is stored as ' ', which the name rule
    // refuses; a name the rider left alone is neither checked nor sent (the update is partial).
    const changedNames = {
      ...(draft.firstName === base.firstName ? {} : { firstName: draft.firstName }),
      ...(draft.lastName === base.lastName ? {} : { lastName: draft.lastName }),
    };
    const validation = validateFields(namesSchema.partial(), changedNames);
    const isNewPhone = draft.phone !== base.phone;
    const phone = phoneForUpdate(draft.phone);
    const phoneError =
      isNewPhone && (phone === undefined || (phone !== null && !toIndianMobile(phone)))
        ? PHONE_MESSAGES.invalid
        : undefined;
    setErrors({ ...validation.errors, ...(phoneError ? { phone: phoneError } : {}) });
    if (!validation.success || phoneError) {
      focusFirstError();
      return;
    }
    const userId = getSession()?.userId;
    if (!userId) {
      toast.error(PROFILE_TOASTS.noUserId);
      return;
    }
    try {
      await mutateAsync({
        userId,
        ...validation.data,
        ...(isNewPhone ? { phone } : {}),
        ...(draft.gender === base.gender
          ? {}
          : { gender: (draft.gender || null) as Gender | null }),
      });
      toast.success(PROFILE_TOASTS.updated);
      setIsEditing(false);
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? serverMessageOr(error, PROFILE_TOASTS.updateFailed)
          : PROFILE_TOASTS.updateError,
      );
      // A refusal about one field (a number on another account, say) is shown at that field too.
      if (error instanceof ApiError && error.field && FIELDS.has(error.field)) {
        setErrors({ [error.field]: error.message });
        focusFirstError();
      }
    }
  };

  const isReadOnly = !isEditing || isPending;
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    // A cancelled edit's errors do not stay on the saved values.
    error: isEditing ? errors[name] : undefined,
    readOnly: isReadOnly,
  });

  return (
    <ProfileCard title="Basic Information">
      <form
        ref={formRef}
        noValidate
        onSubmit={save}
        className="grid gap-4 sm:grid-cols-2 [&_input]:scroll-mt-24 [&_input:read-only]:bg-slate-50 [&_input:read-only]:text-slate-700"
      >
        <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={user.email}
          readOnly
          hint={ACCOUNT_MESSAGES.emailImmutable}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={isEditing ? 'e.g. 98765 43210' : 'Not added'}
          hint={
            isEditing ? 'An Indian mobile number. Changing it needs a new verification.' : undefined
          }
          {...field('phone')}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={genderId} className="text-sm font-medium text-slate-700">
            Gender (optional)
          </label>
          <select
            id={genderId}
            value={values.gender}
            disabled={isReadOnly}
            onChange={(event) => change('gender', event.target.value)}
            aria-describedby={`${genderId}-hint`}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm disabled:bg-slate-50 disabled:text-slate-700"
          >
            <option value="">Not set</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </select>
          <p id={`${genderId}-hint`} className="text-xs text-slate-500">
            Shown to nobody. Women can offer Women only rides.
            {/* The server opens her Women only rides to everyone on this save: said before it. */}
            {isEditing && base.gender === 'woman' && draft.gender !== 'woman' ? (
              <span className="mt-1 block font-medium text-amber-800">
                Saving this opens any ride you marked Women only to all riders.
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          {isEditing ? (
            <>
              <Button
                key="cancel"
                variant="secondary"
                onClick={() => setIsEditing(false)}
                disabled={isPending}
              >
                Cancel
              </Button>
              <Button key="save" type="submit" isLoading={isPending} loadingText="Saving...">
                Save Changes
              </Button>
            </>
          ) : (
            // Distinct keys: React must not turn this very button into the submit button while
            // its click is still being handled, or the browser would submit the form.
            <Button key="edit" onClick={startEditing}>
              Edit Profile
            </Button>
          )}
        </div>
      </form>
      {/* Hidden, not unmounted, while editing: a code already texted can still be entered after
          Cancel (and its resend wait still runs). A saved new number makes it stale anyway. */}
      <section
        aria-label="Phone verification"
        hidden={isEditing}
        className="mt-4 border-t border-slate-100 pt-4"
      >
        <PhoneVerification user={user} />
      </section>
    </ProfileCard>
  );
}
