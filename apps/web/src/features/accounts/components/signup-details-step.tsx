import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { emailSchema, firstNameSchema, lastNameSchema } from '@aeropool/contract/accounts';
import { Button } from '../../../components/ui/button';
import { AppLink } from '../../../components/navigation/navigation';
import { TextField } from '../../../components/ui/text-field';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { validateFields, type FieldErrors } from '../utils/field-errors';
import { useFocusBackAfterSending } from '../../../lib/use-focus-back-after-sending';

/** Spec §5, sign-up step 1: the contract's schemas carry the spec's messages. */
const detailsSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
});

export type SignupDetails = z.output<typeof detailsSchema>;
type Field = keyof SignupDetails;

type Props = {
  initialValues: SignupDetails;
  isSending: boolean;
  /** Sends the OTP; the page moves to step 2 when it resolves true. */
  onSubmit: (details: SignupDetails) => void;
};

export function SignupDetailsStep({ initialValues, isSending, onSubmit }: Props) {
  const [values, setValues] = useState<SignupDetails>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name in values) change(name as Field, value);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validation = validateFields(detailsSchema, values);
    setErrors(validation.errors);
    if (!validation.success) {
      focusFirstError();
      return;
    }
    onSubmit(validation.data);
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    error: errors[name],
    disabled: isSending,
  });

  const focusBackAfterSending = useFocusBackAfterSending(isSending);
  return (
    <form
      onSubmitCapture={focusBackAfterSending}
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <p className="text-xs text-slate-600">
        By creating an account you agree to the{' '}
        <AppLink to="/tos" className="font-semibold text-brand-700 hover:underline">
          Terms of Service
        </AppLink>{' '}
        and the{' '}
        <AppLink to="/privacy" className="font-semibold text-brand-700 hover:underline">
          Privacy Policy
        </AppLink>
        , and confirm that you are at least 18 years old.
      </p>
      <Button type="submit" isLoading={isSending} loadingText="Sending OTP..." className="w-full">
        Generate OTP
      </Button>
    </form>
  );
}
