import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Match } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { tripKeys } from './trip-keys';

export type UpdateMatchStatusInput = { matchId: string; status: 'Cancelled' | 'Completed' };

export async function updateMatchStatus({
  matchId,
  status,
}: UpdateMatchStatusInput): Promise<string> {
  const result = await api.put<Match>(`/match/${encodeURIComponent(matchId)}`, {
    id: matchId,
    status,
  });
  return result.message;
}

export function useUpdateMatchStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMatchStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.lists() }),
  });
}
