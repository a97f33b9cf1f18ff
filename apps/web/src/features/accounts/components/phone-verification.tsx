import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import type { User } from '@aeropool/contract/accounts';
import { OTP_LENGTH } from '@aeropool/contract/limits';
import { PHONE_MESSAGES } from '@aeropool/contract/phone';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverMessageOr } from '../../../lib/api-client';
import { useSendPhoneCode, useVerifyPhoneCode } from '../api/phone-verification';
import { PhoneVerifiedBadge } from '../../../components/ui/phone-verified-badge';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';

/** Ticks down to zero once a second; `start(n)` restarts it. */
function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, start: setSecondsLeft };
}

/**
 * Verifies the profile's phone with a texted six-digit code. Riders see the "Phone verified"
 * badge on each other's cards, so this is what makes that badge mean something.
 */
export function PhoneVerification({ user }: { user: User }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useCountdown();
  const send = useSendPhoneCode(user._id);
  const verify = useVerifyPhoneCode(user._id);
  const isCodeForThisPhone = sentTo === user.phone;
  // The button pressed is replaced (by the code's field, then by the badge): focus follows, so a
  // keyboard or screen-reader user is not sent back to the top of the page.
  const formRef = useRef<HTMLFormElement>(null);
  const badgeRef = useRef<HTMLDivElement>(null);
  // A refused code is read out with the field: focus goes there once the message shows.
  const focusFirstError = useFocusFirstError(formRef);
  const wasVerified = useRef(user.phoneVerified);
  useEffect(() => {
    if (isCodeForThisPhone) formRef.current?.querySelector('input')?.focus();
  }, [isCodeForThisPhone]);
  useEffect(() => {
    if (user.phoneVerified && !wasVerified.current) badgeRef.current?.focus();
    wasVerified.current = user.phoneVerified;
  }, [user.phoneVerified]);

  if (!user.phone) {
    return <p className="text-sm text-slate-600">Add your phone number above to verify it.</p>;
  }
  if (user.phoneVerified)
    return (
      <div ref={badgeRef} tabIndex={-1} className="w-fit focus:outline-none">
        <PhoneVerifiedBadge />
      </div>
    );

  const sendCode = async () => {
    try {
      const sent = await send.mutateAsync();
      setSentTo(sent.phone);
      setCode('');
      setError(undefined);
      countdown.start(sent.resendAfterSeconds);
      toast.success(PHONE_MESSAGES.codeSent);
    } catch (failure) {
      toast.error(serverMessageOr(failure, 'We could not send the SMS. Please try again.'));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setError(PHONE_MESSAGES.codeFormat);
      focusFirstError();
      return;
    }
    try {
      await verify.mutateAsync(code);
      toast.success(PHONE_MESSAGES.verified);
    } catch (failure) {
      setError(serverMessageOr(failure, 'We could not check the code. Please try again.'));
      focusFirstError();
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        <span className="font-medium text-amber-700">Not verified.</span> Co-riders see a “Phone
        verified” badge once you confirm this number with a code we text to it.
      </p>
      {isCodeForThisPhone ? (
        <form
          ref={formRef}
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <TextField
            label="SMS code"
            name="sms-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH * 2}
            value={code}
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))
            }
            error={error}
            className="sm:w-48"
          />
          <Button type="submit" isLoading={verify.isPending} loadingText="Verifying…">
            Verify
          </Button>
          <Button
            variant="ghost"
            onClick={() => void sendCode()}
            disabled={countdown.secondsLeft > 0}
            isLoading={send.isPending}
            loadingText="Sending…"
          >
            {countdown.secondsLeft > 0 ? `Resend code in ${countdown.secondsLeft}s` : 'Resend code'}
          </Button>
        </form>
      ) : (
        <div>
          <Button
            variant="secondary"
            onClick={() => void sendCode()}
            isLoading={send.isPending}
            loadingText="Sending…"
          >
            Send verification code
          </Button>
        </div>
      )}
    </div>
  );
}
