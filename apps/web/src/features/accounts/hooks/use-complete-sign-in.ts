import { useCallback } from 'react';
import toast from '../../../lib/notify';
import type { AuthResult } from '@aeropool/contract/accounts';
import { useNavigation } from '../../../components/navigation/navigation';
import { saveSession } from '../../../lib/session';
import { takePlaceAfterSignIn } from '../../../lib/return-after-sign-in';

/**
 * What every way of signing in ends with (spec §4): store userId, e-mail and token, say so, and
 * go to /dashboard, or back to the page the rider was sent away from to sign in (a session that
 * ended there, a link opened signed out). Throws when the answer lacks a user or token so callers
 * treat it as failure.
 */
export function useCompleteSignIn() {
  const { navigate } = useNavigation();
  return useCallback(
    (result: AuthResult, successToast: string) => {
      const user = result.entities[0];
      if (!user || !result.token) throw new Error('The server did not return a session.');
      saveSession({ userId: user._id, userEmail: user.email, token: result.token });
      // Loaded now, not with the sign-in page: most riders have no push subscription to keep.
      void import('../../../pwa/push-subscription').then((push) => push.keepPushForThisSession());
      toast.success(successToast);
      // Replace, so Back from the dashboard does not land on a sign-in form again.
      navigate(takePlaceAfterSignIn(user._id) ?? '/dashboard', { replace: true });
    },
    [navigate],
  );
}
