import { useRef, useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import { Button } from '../../../components/ui/button';
import { ACCOUNT_MESSAGES } from '@aeropool/contract/account-messages';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { useVerifyOtp } from '../api/verify-otp';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { OtpInput } from './otp-input';
import { ResendCountdown } from './resend-countdown';
import { useFocusBackAfterSending } from '../../../lib/use-focus-back-after-sending';

export type OtpStepTexts = {
  /** Inline message for an empty field. */
  empty: string;
  verifiedToast: string;
  invalidToast: string;
};

type Props = {
  email: string;
  otp: string;
  onOtpChange: (otp: string) => void;
  texts: OtpStepTexts;
  onVerified: (verificationToken: string) => void;
  onBack: () => void;
  resendSecondsLeft: number;
  isResending: boolean;
  onResend: () => void;
};

/** The OTP step shared by sign-up and password reset; the page owns the code and the timer. */
export function OtpStep(props: Props) {
  const { email, otp, onOtpChange, texts, onVerified, onBack } = props;
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { mutateAsync, isPending } = useVerifyOtp();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!otp.trim()) {
      setError(texts.empty);
      focusFirstError();
      return;
    }
    try {
      const verificationToken = await mutateAsync({ email, otp });
      toast.success(texts.verifiedToast);
      onVerified(verificationToken);
    } catch (caught) {
      // A wrong code gets the screen's words; an expired code, too many tries or a limit has its
      // own message (also a 400), which says what to do next: ask for a new code, or wait.
      const isWrongCode =
        !(caught instanceof ApiError) || caught.message === ACCOUNT_MESSAGES.invalidOtp;
      toast.error(isWrongCode ? texts.invalidToast : serverMessageOr(caught, texts.invalidToast));
    }
  };

  const focusBackAfterSending = useFocusBackAfterSending(isPending);
  return (
    <form
      onSubmitCapture={focusBackAfterSending}
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <OtpInput
        value={otp}
        onChange={(value) => {
          onOtpChange(value);
          setError(undefined);
        }}
        error={error}
        disabled={isPending}
      />
      <Button type="submit" isLoading={isPending} loadingText="Verifying..." className="w-full">
        Verify OTP
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" onClick={onBack} disabled={isPending}>
          Back
        </Button>
        <ResendCountdown
          secondsLeft={props.resendSecondsLeft}
          isSending={props.isResending}
          onResend={props.onResend}
        />
      </div>
    </form>
  );
}
