import { useState } from 'react';
import { Link } from 'react-router';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@aeropool/contract/limits';
import { RESET_TOASTS } from './account-toasts';
import { AuthCard } from './components/auth-card';
import { ForgotEmailStep } from './components/forgot-email-step';
import { ForgotPasswordStep } from './components/forgot-password-step';
import { OtpStep } from './components/otp-step';
import { StepIndicator } from './components/step-indicator';
import { useOtpSteps, type Step } from './hooks/use-otp-steps';
import { useSendResetOtp } from './hooks/use-send-reset-otp';

const STEP_NAMES = ['Find account', 'Verify', 'Reset'] as const;
const STEP_DESCRIPTIONS: Record<Step, (email: string) => string> = {
  1: () => 'Enter the e-mail of your account and we will send you a one-time code.',
  2: (email) => `Enter the ${OTP_LENGTH}-digit code we sent to ${email}.`,
  3: () => `Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.`,
};

/** Spec §2 and §4: e-mail (the account must exist), then OTP, then a new password; then /login. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
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
  const { sendOtp, isSending } = useSendResetOtp();

  const submitEmail = async (submitted: string) => {
    const sendChecked = (address: string) => sendOtp(address, { checkAccount: true });
    if (await verifyEmail(submitted, sendChecked)) setEmail(submitted);
  };

  const resend = async () => {
    await resendCode(email, (address) => sendOtp(address, { checkAccount: false }));
  };

  return (
    <AuthCard
      title="Forgot Password"
      description={STEP_DESCRIPTIONS[step](email)}
      stepKey={step}
      header={<StepIndicator steps={STEP_NAMES} current={step} label="Password reset progress" />}
      footer={
        <Link
          to="/login"
          className="font-semibold text-brand-700 hover:text-brand-900 hover:underline"
        >
          Back to Log In
        </Link>
      }
    >
      {step === 1 ? (
        <ForgotEmailStep
          initialEmail={email}
          isSending={isSending}
          onSubmit={(submitted) => void submitEmail(submitted)}
        />
      ) : null}
      {step === 2 ? (
        <OtpStep
          email={email}
          otp={otp}
          onOtpChange={setOtp}
          texts={{
            empty: 'Please enter the OTP.',
            verifiedToast: RESET_TOASTS.otpVerified,
            invalidToast: RESET_TOASTS.otpInvalid,
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
        <ForgotPasswordStep
          email={email}
          verificationToken={verificationToken}
          onBack={() => goToStep(2)}
        />
      ) : null}
    </AuthCard>
  );
}
