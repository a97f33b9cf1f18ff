import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { refreshAfterTripWrite } from './refresh-after-trip-write';

/** The server's answer that the request is no longer one that can be cancelled. */
export const isConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.statusCode === 409;

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
    onError: (error) => {
      if (isConflict(error)) void refreshAfterTripWrite(queryClient);
    },
  });
}
