import { useCallback } from 'react';
import toast from '../../../lib/notify';
import { ApiError } from '../../../lib/api-client';
import { SIGNUP_TOASTS } from '../account-toasts';
import { useGenerateOtp } from '../api/generate-otp';

/**
 * Sends the sign-up OTP with its toasts; resolves true when sent. Only "already registered" (409)
 * and "wait N seconds" (429) have a message worth showing as is.
 */
export function useSendSignupOtp() {
  const { mutateAsync, isPending } = useGenerateOtp();

  const sendOtp = useCallback(
    async (email: string) => {
      try {
        await mutateAsync({ email, purpose: 'signup' });
        toast.success(SIGNUP_TOASTS.otpSent);
        return true;
      } catch (error) {
        const hasOwnMessage =
          error instanceof ApiError && (error.statusCode === 409 || error.statusCode === 429);
        toast.error(hasOwnMessage ? error.message : SIGNUP_TOASTS.otpFailed);
        return false;
      }
    },
    [mutateAsync],
  );

  return { sendOtp, isSending: isPending };
}
