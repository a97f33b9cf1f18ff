import { useCallback, useEffect, useRef } from 'react';
import toast from '../../lib/notify';
import { useNavigation } from '../navigation/navigation';
import { logOutOnServer } from '../../features/accounts/api/log-out';
import { clearSession, markSigningOut } from '../../lib/session';

/**
 * Spec §4: logout removes userId, userEmail and token, says so in a toast and goes to /; the
 * server ends the session too (POST /api/user/logout), so the token stops working everywhere.
 *
 * Away from /, the session is cleared only once this page (and its navbar) has unmounted:
 * clearing first would let a page that needs a session (/dashboard, /profile) redirect to
 * /login before the navigation to / lands.
 */
export function useLogOut(): () => void {
  const { navigate, pathname, forgetCachedData } = useNavigation();
  const isLeavingRef = useRef(false);

  const signOut = useCallback(() => {
    clearSession();
    // Cached trips and profile belong to the rider who just left; the next one must not see them.
    forgetCachedData();
  }, [forgetCachedData]);

  useEffect(
    () => () => {
      if (isLeavingRef.current) signOut();
    },
    [signOut],
  );

  return useCallback(() => {
    // From here the token's 401s (a refetch, the socket's check) belong to this log-out.
    markSigningOut();
    // Sent while the token is still stored: the request carries it, the server revokes it.
    logOutOnServer();
    // Loaded on demand: the landing page's navbar uses this hook too.
    void import('../../pwa/push-subscription')
      .then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice())
      .catch(() => undefined);
    toast.success('Successfully logged out');
    if (pathname === '/') signOut();
    else isLeavingRef.current = true;
    navigate('/');
  }, [navigate, pathname, signOut]);
}
