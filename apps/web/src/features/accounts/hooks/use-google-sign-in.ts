import { useCallback } from 'react';
import toast from '../../../lib/notify';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { GOOGLE_TOASTS } from '../account-toasts';
import { useGoogleAuth } from '../api/google-auth';
import { useCompleteSignIn } from './use-complete-sign-in';

/**
 * What happens with a Google credential (spec §8, Google), kept apart from loading Google's
 * script so it can be exercised with any credential string.
 */
export function useGoogleSignIn() {
  const { run: sendCredential, isPending } = useGoogleAuth();
  const completeSignIn = useCompleteSignIn();

  const signInWithCredential = useCallback(
    async (credential: string) => {
      try {
        const result = await sendCredential(credential);
        if (result.statusCode !== 200) {
          toast.error(result.message || GOOGLE_TOASTS.failed);
          return;
        }
        completeSignIn(result, GOOGLE_TOASTS.success);
      } catch (error) {
        if (error instanceof ApiError) {
          // A suspension's reason and the support address need time to be read.
          const duration = error.statusCode === 403 ? 12_000 : undefined;
          // A proxy's page or a crash has no message of ours: the spec's words then.
          toast.error(serverMessageOr(error, GOOGLE_TOASTS.failed), { duration });
          return;
        }
        toast.error(
          error instanceof Error && error.message ? error.message : GOOGLE_TOASTS.exception,
        );
      }
    },
    [sendCredential, completeSignIn],
  );

  return { signInWithCredential, isPending };
}
