import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export async function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  const result = await api.get<UserStats>(`/user/stats/${encodeURIComponent(userId)}`, { signal });
  const stats = result.entities[0];
  if (!stats) throw new Error('The server returned no stats.');
  return stats;
}

export const userStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.stats(userId),
    queryFn: ({ signal }) => getUserStats(userId, signal),
  });

export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
