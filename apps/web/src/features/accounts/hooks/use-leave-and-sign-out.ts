import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session';

/**
 * Navigates away, then clears the session once this page has unmounted. Clearing first would
 * let useRequireSession on the page still shown redirect to /login instead (spec §4 says a
 * deactivated account goes to /), and would refetch the deleted profile. What was cached goes
 * with the session.
 */
export function useLeaveAndSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLeavingRef = useRef(false);

  useEffect(
    () => () => {
      if (!isLeavingRef.current) return;
      clearSession();
      // Trips, chats and notices belong to the rider who left; the next one on this tab must not
      // see them (as the navbar's Log Out forgets them), nor their pushes in the tray.
      queryClient.clear();
      void import('../../../pwa/push-subscription')
        .then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice())
        .catch(() => undefined);
    },
    [queryClient],
  );

  return useCallback(
    (path: string) => {
      isLeavingRef.current = true;
      void navigate(path, { replace: true });
    },
    [navigate],
  );
}
