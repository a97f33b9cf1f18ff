import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Match } from '@aeropool/contract/rides';
import { api, ApiError } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

export async function getChatMatch(matchId: string, signal?: AbortSignal): Promise<Match> {
  const result = await api.get<Match>(`/match/${encodeURIComponent(matchId)}`, { signal });
  return result.entities[0]!;
}

export const chatMatchQueryOptions = (userId: string, matchId: string) =>
  queryOptions({
    queryKey: chatKeys.match(userId, matchId),
    queryFn: ({ signal }) => getChatMatch(matchId, signal),
  });

/** The header's data (riders, route, time, status); a failure only leaves out the trip line. */
export function useChatMatch(userId: string, matchId: string) {
  return useQuery({
    ...chatMatchQueryOptions(userId, matchId),
    // Once more after a failure that may pass; a refusal (not a member) is the answer.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.statusCode < 500),
  });
}
