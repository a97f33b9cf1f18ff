import { useState } from 'react';
import { Link } from 'react-router';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@aeropool/contract/limits';
import { SIGNUP_TOASTS } from './account-toasts';
import { AuthCard } from './components/auth-card';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { OtpStep } from './components/otp-step';
import { SignupDetailsStep, type SignupDetails } from './components/signup-details-step';
import { SignupPasswordStep } from './components/signup-password-step';
import { StepIndicator } from './components/step-indicator';
import { useLeaveIfSignedIn } from './hooks/use-leave-if-signed-in';
import { useOtpSteps, type Step } from './hooks/use-otp-steps';
import { useSendSignupOtp } from './hooks/use-send-signup-otp';

const STEP_NAMES = ['Details', 'Verify', 'Finish'] as const;
const STEP_TITLES: Record<Step, string> = {
  1: 'Create Your Account',
  2: 'Verify Email',
  3: 'Set Password',
};
const STEP_DESCRIPTIONS: Record<Step, (email: string) => string> = {
  1: () => 'Tell us who you are. We will e-mail you a one-time code.',
  2: (email) => `Enter the ${OTP_LENGTH}-digit code we sent to ${email}.`,
  3: () => `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
};

/** Spec §2 and §4: details, then the e-mailed OTP, then a password; then /dashboard. */
export function SignupPage() {
  const isLeaving = useLeaveIfSignedIn();
  const [details, setDetails] = useState<SignupDetails>({ firstName: '', lastName: '', email: '' });
  const {
    step,
    goToStep,
    verifyEmail,
    resendCode,
    otp,
    setOtp,
    verificationToken,
    setVerificationToken,
    resendTimer,
  } = useOtpSteps();
  const { sendOtp, isSending } = useSendSignupOtp();

  const submitDetails = async (submitted: SignupDetails) => {
    if (await verifyEmail(submitted.email, sendOtp)) setDetails(submitted);
  };

  const resend = async () => {
    await resendCode(details.email, sendOtp);
  };

  if (isLeaving) return null;
  return (
    <AuthCard
      title={STEP_TITLES[step]}
      description={STEP_DESCRIPTIONS[step](details.email)}
      stepKey={step}
      header={<StepIndicator steps={STEP_NAMES} current={step} label="Sign-up progress" />}
      footer={
        <Link
          to="/login"
          className="font-semibold text-brand-700 hover:text-brand-900 hover:underline"
        >
          Already have an account? Log In
        </Link>
      }
    >
      {step === 1 ? (
        <>
          <SignupDetailsStep
            initialValues={details}
            isSending={isSending}
            onSubmit={(submitted) => void submitDetails(submitted)}
          />
          <GoogleSignInButton text="signup_with" />
        </>
      ) : null}
      {step === 2 ? (
        <OtpStep
          email={details.email}
          otp={otp}
          onOtpChange={setOtp}
          texts={{
            empty: 'Please enter the OTP',
            verifiedToast: SIGNUP_TOASTS.emailVerified,
            invalidToast: SIGNUP_TOASTS.otpInvalid,
          }}
          onVerified={(token) => {
            setVerificationToken(token);
            goToStep(3);
          }}
          onBack={() => goToStep(1)}
          resendSecondsLeft={resendTimer.secondsLeft}
          isResending={isSending}
          onResend={() => void resend()}
        />
      ) : null}
      {step === 3 && verificationToken ? (
        <SignupPasswordStep
          details={details}
          verificationToken={verificationToken}
          onBack={() => goToStep(2)}
        />
      ) : null}
    </AuthCard>
  );
}
