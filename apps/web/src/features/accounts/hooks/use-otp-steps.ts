import { useRef, useState } from 'react';
import { OTP_RESEND_SECONDS } from '@aeropool/contract/limits';
import { useCountdown } from './use-countdown';

export type Step = 1 | 2 | 3;

/** Sends a code to the address with its toasts; resolves true when it went. */
type SendCode = (email: string) => Promise<boolean>;

/**
 * The three steps of sign-up and of the password reset (spec §4): 1 → 2 once a code is sent
 * (the resend countdown starts), 2 → 3 once it is verified. Going to any step other than 2 resets
 * the countdown and clears the code; back to 2 from 3 clears the code too, which its check used
 * up, and a new one may be asked for at once. Leaving 3 forgets the verified code's proof.
 *
 * Back to 1 and on again with the same address within the 30 s the server waits before another
 * code: the code sent is still good, so step 2 comes back with the countdown where it was,
 * instead of a refusal ("Please wait N seconds") that kept the rider on step 1.
 */
export function useOtpSteps() {
  const [step, setStep] = useState<Step>(1);
  const [otp, setOtp] = useState('');
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const resendTimer = useCountdown(OTP_RESEND_SECONDS);
  const lastSent = useRef<{ email: string; atMs: number } | null>(null);

  const goToStep = (next: Step) => {
    if (next === 2) resendTimer.finish();
    else resendTimer.reset();
    setOtp('');
    if (next !== 3) setVerificationToken(null);
    setStep(next);
  };

  /** Sends a code to `email`; the countdown starts once it went. */
  const sendCode = async (email: string, send: SendCode) => {
    if (!(await send(email))) return false;
    lastSent.current = { email, atMs: Date.now() };
    resendTimer.start();
    return true;
  };

  /** Step 1 → 2: sends a code unless one went to this address less than 30 s ago. */
  const verifyEmail = async (email: string, send: SendCode) => {
    const sinceMs = lastSent.current?.email === email ? Date.now() - lastSent.current.atMs : null;
    if (sinceMs !== null && sinceMs < OTP_RESEND_SECONDS * 1000) {
      resendTimer.start(OTP_RESEND_SECONDS - sinceMs / 1000);
    } else if (!(await sendCode(email, send))) {
      return false;
    }
    setOtp('');
    setStep(2);
    return true;
  };

  return {
    step,
    goToStep,
    verifyEmail,
    /** Resend on step 2. */
    resendCode: sendCode,
    otp,
    setOtp,
    verificationToken,
    setVerificationToken,
    resendTimer,
  };
}
