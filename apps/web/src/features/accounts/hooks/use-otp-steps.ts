import { useState } from 'react';
import { OTP_RESEND_SECONDS } from '@aeropool/contract/limits';
import { useCountdown } from './use-countdown';

export type Step = 1 | 2 | 3;

/**
 * The three steps of sign-up and of the password reset (spec §4): 1 → 2 once a code is sent
 * (the resend countdown starts), 2 → 3 once it is verified. Going to any step other than 2 resets
 * the countdown and clears the code; back to 2 from 3 clears the code too, which its check used
 * up, and a new one may be asked for at once. Leaving 3 forgets the verified code's proof.
 */
export function useOtpSteps() {
  const [step, setStep] = useState<Step>(1);
  const [otp, setOtp] = useState('');
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const resendTimer = useCountdown(OTP_RESEND_SECONDS);

  const goToStep = (next: Step) => {
    if (next === 2 && step === 1) {
      resendTimer.start();
    } else {
      if (next === 2) resendTimer.finish();
      else resendTimer.reset();
      setOtp('');
    }
    if (next !== 3) setVerificationToken(null);
    setStep(next);
  };

  return { step, goToStep, otp, setOtp, verificationToken, setVerificationToken, resendTimer };
}
