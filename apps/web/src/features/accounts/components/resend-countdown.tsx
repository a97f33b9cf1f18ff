import { Button } from '../../../components/ui/button';

type Props = {
  secondsLeft: number;
  isSending: boolean;
  onResend: () => void;
};

/** Spec §9: the resend button waits out the 30-second cooldown, showing the seconds left. */
export function ResendCountdown({ secondsLeft, isSending, onResend }: Props) {
  const isWaiting = secondsLeft > 0;
  return (
    <Button
      variant="ghost"
      onClick={onResend}
      disabled={isWaiting}
      isLoading={isSending}
      loadingText="Sending OTP..."
    >
      {isWaiting ? `Resend OTP in ${secondsLeft}s` : 'Resend OTP'}
    </Button>
  );
}
