import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../accounts/api/account-keys';
import { tripKeys } from './trip-keys';

export async function cancelRideRequest(requestId: string): Promise<string> {
  const result = await api.delete(`/ride-request/cancel/${encodeURIComponent(requestId)}`);
  return result.message;
}

export function useCancelRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRideRequest,
    // The profile counts the rider's cancelled requests.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tripKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.allStats() }),
      ]),
  });
}
