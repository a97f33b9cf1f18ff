import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RideRequest, RideRequestBody } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { refreshAfterTripWrite, refreshOnConflict } from './refresh-after-trip-write';

/** Creates a ride request, or updates one when requestId is given; resolves to the server's message. */
export type SaveRideRequestInput = { requestId?: string; body: RideRequestBody };

export async function saveRideRequest({ requestId, body }: SaveRideRequestInput): Promise<string> {
  const result = requestId
    ? await api.put<RideRequest>(`/ride-request/update/${encodeURIComponent(requestId)}`, body)
    : await api.post<RideRequest>('/ride-request/create', body);
  return result.message;
}

export function useSaveRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRideRequest,
    onSuccess: () => refreshAfterTripWrite(queryClient),
    // Refused because the request changed meanwhile (matched, expired): the list shows it as it is.
    onError: refreshOnConflict(queryClient),
  });
}
