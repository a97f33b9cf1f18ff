import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session';
import { accountKeys } from '../api/account-keys';

/**
 * Navigates away, then clears the session once this page has unmounted. Clearing first would
 * let useRequireSession on the page still shown redirect to /login instead (spec §4 says a
 * deactivated account goes to /), and would refetch the deleted profile.
 */
export function useLeaveAndSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLeavingRef = useRef(false);

  useEffect(
    () => () => {
      if (!isLeavingRef.current) return;
      clearSession();
      queryClient.removeQueries({ queryKey: accountKeys.all });
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
