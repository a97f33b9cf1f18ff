import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Match } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { refreshAfterTripWrite, refreshOnConflict } from './refresh-after-trip-write';
import { tripKeys } from './trip-keys';

export type UpdateMatchStatusInput = {
  matchId: string;
  status: 'Cancelled' | 'Completed';
  /** On Cancelled: cancel the rider's own ride request too (otherwise it stays open). */
  alsoCancelMyRequest?: boolean;
};

export async function updateMatchStatus({
  matchId,
  status,
  alsoCancelMyRequest,
}: UpdateMatchStatusInput): Promise<string> {
  const result = await api.put<Match>(`/match/${encodeURIComponent(matchId)}`, {
    id: matchId,
    status,
    ...(alsoCancelMyRequest ? { alsoCancelMyRequest } : {}),
  });
  return result.message;
}

export function useUpdateMatchStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMatchStatus,
    onSuccess: () => refreshAfterTripWrite(queryClient, tripKeys.lists()),
    // Refused because the match changed meanwhile (a co-rider cancelled it): the card shows it as
    // it is now.
    onError: refreshOnConflict(queryClient),
  });
}
