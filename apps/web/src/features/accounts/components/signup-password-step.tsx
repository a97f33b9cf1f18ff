import toast from '../../../lib/notify';
import { Button } from '../../../components/ui/button';
import { SIGNUP_TOASTS } from '../account-toasts';
import { useCreateUser } from '../api/create-user';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { SIGNUP_PASSWORD_MESSAGES } from '../utils/validate-new-password';
import { isProofRefused } from '../utils/proof-refused';
import { NewPasswordForm } from './new-password-form';
import type { SignupDetails } from './signup-details-step';
import { serverMessageOr } from '../../../lib/api-client';

type Props = {
  details: SignupDetails;
  verificationToken: string;
  onBack: () => void;
};

/** Sign-up step 3: creates the account with the token from the verified OTP, then signs in. */
export function SignupPasswordStep({ details, verificationToken, onBack }: Props) {
  const { mutateAsync, isPending } = useCreateUser();
  const completeSignIn = useCompleteSignIn();

  const createAccount = async (password: string) => {
    try {
      const result = await mutateAsync({ ...details, password, verificationToken });
      completeSignIn(result, SIGNUP_TOASTS.accountCreated);
    } catch (error) {
      toast.error(serverMessageOr(error, SIGNUP_TOASTS.createFailed));
      // The verified code's proof ran out (or was used): a new code is the way on, as on reset.
      if (isProofRefused(error)) onBack();
    }
  };

  return (
    <NewPasswordForm
      labels={{ password: 'Password', confirmPassword: 'Confirm Password' }}
      messages={SIGNUP_PASSWORD_MESSAGES}
      submitLabel="Create Account"
      loadingText="Creating Account..."
      isPending={isPending}
      onSubmit={(password) => void createAccount(password)}
      secondaryAction={
        <Button variant="secondary" onClick={onBack} disabled={isPending} className="w-full">
          Back
        </Button>
      }
    />
  );
}
