import toast from '../../../lib/notify';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isProofRefused } from '../utils/proof-refused';
import { RESET_TOASTS } from '../account-toasts';
import { useResetPassword } from '../api/reset-password';
import { RESET_PASSWORD_MESSAGES } from '../utils/validate-new-password';
import { NewPasswordForm } from './new-password-form';

type Props = {
  email: string;
  verificationToken: string;
  onBack: () => void;
};

/** Reset step 3: the new password, sent with the token from the verified OTP; then /login. */
export function ForgotPasswordStep({ email, verificationToken, onBack }: Props) {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useResetPassword();

  const reset = async (password: string) => {
    try {
      await mutateAsync({ email, password, verificationToken });
      toast.success(RESET_TOASTS.passwordChanged);
      void navigate('/login');
    } catch (error) {
      toast.error(RESET_TOASTS.resetFailed);
      // The verified code's proof ran out (or was used): a new code is the way on.
      if (isProofRefused(error)) onBack();
    }
  };

  return (
    <NewPasswordForm
      labels={{ password: 'New Password', confirmPassword: 'Confirm Password' }}
      messages={RESET_PASSWORD_MESSAGES}
      hasVisibilityToggle
      submitLabel="Reset Password"
      loadingText="Resetting..."
      isPending={isPending}
      onSubmit={(password) => void reset(password)}
      secondaryAction={
        <Button variant="secondary" onClick={onBack} disabled={isPending} className="w-full">
          Back
        </Button>
      }
    />
  );
}
