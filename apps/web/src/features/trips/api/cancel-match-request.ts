import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshOnConflict } from './refresh-after-trip-write';
import { tripKeys } from './trip-keys';

/** The sender withdraws an outgoing match request; requestId is the sender's ride request. */
export type CancelMatchRequestInput = { requestId: string; matchRequestId: string };

export async function cancelMatchRequest({
  matchRequestId,
}: CancelMatchRequestInput): Promise<string> {
  const result = await api.delete(
    `/ride-request/match-request/${encodeURIComponent(matchRequestId)}`,
  );
  return result.message;
}

export function useCancelMatchRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMatchRequest,
    onSuccess: (_message, { requestId }) =>
      queryClient.invalidateQueries({ queryKey: tripKeys.matches(requestId) }),
    // Answered meanwhile (accepted: a match on My Trips; declined): the lists catch up.
    onError: refreshOnConflict(queryClient),
  });
}
