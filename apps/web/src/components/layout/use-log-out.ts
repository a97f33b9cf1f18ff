import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/session';

/** Spec §4: logout removes userId, userEmail and token, says so in a toast and goes to /. */
export function useLogOut(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    // Cached trips and profile belong to the rider who just left; the next one must not see them.
    queryClient.clear();
    toast.success('Successfully logged out');
    void navigate('/');
  }, [navigate, queryClient]);
}
