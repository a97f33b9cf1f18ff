import { useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { getSession, saveSession } from '../../../lib/session';
import { keepPushForThisSession } from '../../../pwa/push-subscription';
import { PROFILE_TOASTS } from '../account-toasts';
import { useChangePassword } from '../api/change-password';

type Props = { isOpen: boolean; onClose: () => void; email: string };

/** Spec §2: current, new and confirm, each with show/hide; closes on success. */
export function ChangePasswordModal({ isOpen, onClose, email }: Props) {
  // Held here, not in the form, so the dialog can stay open until the change is answered.
  const changePassword = useChangePassword();
  return (
    <Modal
      isOpen={isOpen}
      title="Change Password"
      onClose={onClose}
      isBusy={changePassword.isPending}
    >
      {/* Rendered only while open, so the fields start empty every time. */}
      <ChangePasswordForm email={email} changePassword={changePassword} onDone={onClose} />
    </Modal>
  );
}

type Values = { currentPassword: string; password: string; confirmPassword: string };

type FormProps = {
  email: string;
  changePassword: ReturnType<typeof useChangePassword>;
  onDone: () => void;
};

function ChangePasswordForm({ email, changePassword, onDone }: FormProps) {
  const [values, setValues] = useState<Values>({
    currentPassword: '',
    password: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<string>();
  const { mutateAsync, isPending } = changePassword;

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setError(undefined);
    },
    disabled: isPending,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec §5: only these two rules here; the server judges length and the current password.
    if (!values.currentPassword || !values.password || !values.confirmPassword) {
      setError('Please fill all fields');
      return;
    }
    if (values.password !== values.confirmPassword) {
      setError('New password and confirm password do not match.');
      return;
    }
    const session = getSession();
    if (!session) {
      toast.error(PROFILE_TOASTS.noUserId);
      return;
    }
    try {
      const token = await mutateAsync({
        userId: session.userId,
        currentPassword: values.currentPassword,
        password: values.password,
      });
      // Older tokens stop working after a password change; keep this tab signed in.
      if (token) {
        saveSession({ userId: session.userId, userEmail: session.userEmail ?? email, token });
        void keepPushForThisSession();
      }
      toast.success(PROFILE_TOASTS.passwordChanged);
      onDone();
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.message : PROFILE_TOASTS.exception);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {/* Lets password managers tie the new password to the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <PasswordField label="New Password" autoComplete="new-password" {...field('password')} />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} loadingText="Updating...">
          Update Password
        </Button>
      </div>
    </form>
  );
}
