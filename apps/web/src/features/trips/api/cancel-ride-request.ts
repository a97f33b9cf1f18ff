import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAfterTripWrite, refreshOnConflict } from './refresh-after-trip-write';

export async function cancelRideRequest(requestId: string): Promise<string> {
  const result = await api.delete(`/ride-request/cancel/${encodeURIComponent(requestId)}`);
  return result.message;
}

export function useCancelRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRideRequest,
    onSuccess: () => refreshAfterTripWrite(queryClient),
    // Refused because the request changed meanwhile (expired, matched): the list shows it as it is.
    onError: refreshOnConflict(queryClient),
  });
}
