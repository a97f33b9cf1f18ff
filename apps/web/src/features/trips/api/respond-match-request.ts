import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshOnConflict } from './refresh-after-trip-write';
import { tripKeys } from './trip-keys';

/** requestId is the recipient's own ride request; matchRequestId the incoming request. */
export type RespondMatchRequestInput = {
  requestId: string;
  matchRequestId: string;
  isAccepted: boolean;
};

export async function respondMatchRequest(input: RespondMatchRequestInput): Promise<string> {
  const result = await api.put('/ride-request/respond-match-request', input);
  return result.message;
}

/** Answers to the requests a ride received: one at a time (an accept makes the others moot). */
export const respondKey = (requestId: string) => ['respond-match-request', requestId] as const;

export function useRespondMatchRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: respondKey(requestId),
    mutationFn: respondMatchRequest,
    onSuccess: (_message, { requestId, isAccepted }) =>
      // Accepting turns the request into a match card (spec §4: it refreshes the trip list).
      // A decline refreshes the trip lists too: an ask to join a formed cab lives on the match
      // card (its joinRequests), not in the request's own incoming list.
      isAccepted
        ? queryClient.invalidateQueries({ queryKey: tripKeys.all })
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: tripKeys.matches(requestId) }),
            queryClient.invalidateQueries({ queryKey: tripKeys.lists() }),
          ]),
    // A 409 means the request or a ride changed meanwhile (withdrawn, matched elsewhere, no
    // longer fitting): the lists are out of date, so what can still be answered is shown again.
    onError: refreshOnConflict(queryClient),
  });
}
