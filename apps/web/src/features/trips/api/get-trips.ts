import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trip } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { tripKeys, type TripTab } from './trip-keys';

export async function getTrips(
  userId: string,
  tab: TripTab,
  signal?: AbortSignal,
): Promise<Trip[]> {
  const result = await api.get<Trip>(
    `/match-or-ride-request/${tab}/${encodeURIComponent(userId)}`,
    { signal },
  );
  return result.entities;
}

export const tripsQueryOptions = (userId: string, tab: TripTab) =>
  queryOptions({
    queryKey: tripKeys.list(userId, tab),
    queryFn: ({ signal }) => getTrips(userId, tab, signal),
  });

export function useTrips(userId: string, tab: TripTab) {
  return useQuery(tripsQueryOptions(userId, tab));
}
