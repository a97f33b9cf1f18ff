import { useState } from 'react';
import { OTP_RESEND_SECONDS } from '@aeropool/contract/limits';
import { useCountdown } from './use-countdown';

export type Step = 1 | 2 | 3;

/**
 * The three steps of sign-up and of the password reset (spec §4): 1 → 2 once a code is sent
 * (the resend countdown starts), 2 → 3 once it is verified. Back to 1 clears the code typed but
 * keeps the countdown: the code sent is still good, and the server refuses another to the same
 * address until the countdown ends, so submitting that address again goes straight back to 2.
 * Back to 2 from 3 clears the code, which its check used up, and a new one may be asked for at
 * once. Leaving 3 forgets the verified code's proof.
 */
export function useOtpSteps() {
  const [step, setStep] = useState<Step>(1);
  const [otp, setOtp] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const resendTimer = useCountdown(OTP_RESEND_SECONDS);

  const goToStep = (next: Step) => {
    if (next === 2) resendTimer.finish();
    setOtp('');
    if (next !== 3) setVerificationToken(null);
    setStep(next);
  };

  /** Step 1 → 2: sends a code unless the one sent to this address is still in its countdown. */
  const verifyEmail = async (email: string, send: (email: string) => Promise<boolean>) => {
    const hasFreshCode = email === codeSentTo && resendTimer.isRunning;
    if (!hasFreshCode) {
      if (!(await send(email))) return false;
      setCodeSentTo(email);
      resendTimer.start();
    }
    setOtp('');
    setStep(2);
    return true;
  };

  return {
    step,
    goToStep,
    verifyEmail,
    otp,
    setOtp,
    verificationToken,
    setVerificationToken,
    resendTimer,
  };
}
