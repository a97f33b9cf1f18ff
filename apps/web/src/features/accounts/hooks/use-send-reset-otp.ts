import { useCallback } from 'react';
import toast from '../../../lib/notify';
import { ApiError } from '../../../lib/api-client';
import { RESET_TOASTS } from '../account-toasts';
import { useCheckEmail } from '../api/check-email';
import { useGenerateOtp } from '../api/generate-otp';

/**
 * Sends the password-reset OTP with its toasts (spec §8, Forgot password); resolves true when
 * sent. The first send checks the account exists, so an unknown e-mail gets its own message.
 */
export function useSendResetOtp() {
  const { mutateAsync: checkEmail, isPending: isChecking } = useCheckEmail();
  const { mutateAsync: generateOtp, isPending: isGenerating } = useGenerateOtp();

  const sendOtp = useCallback(
    async (email: string, { checkAccount }: { checkAccount: boolean }) => {
      try {
        if (checkAccount) await checkEmail(email);
        await generateOtp({ email, purpose: 'reset' });
        toast.success(RESET_TOASTS.otpSent);
        return true;
      } catch (error) {
        if (!(error instanceof ApiError)) {
          toast.error(RESET_TOASTS.otpError);
        } else if (error.statusCode === 404) {
          toast.error(RESET_TOASTS.userNotFound);
        } else {
          // 429 says how many seconds to wait, which beats a bare failure.
          toast.error(error.statusCode === 429 ? error.message : RESET_TOASTS.otpFailed);
        }
        return false;
      }
    },
    [checkEmail, generateOtp],
  );

  return { sendOtp, isSending: isChecking || isGenerating };
}
