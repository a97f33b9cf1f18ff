import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trip } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

async function getTrips(userId: string, tab: 'upcoming' | 'past', signal?: AbortSignal) {
  const result = await api.get<Trip>(
    `/match-or-ride-request/${tab}/${encodeURIComponent(userId)}`,
    { signal },
  );
  return result.entities;
}

/**
 * The rider's trips, upcoming and past: the API has no single-match read, so the chat header
 * finds its match (riders, route, time, status) among them.
 */
export async function getRiderTrips(userId: string, signal?: AbortSignal): Promise<Trip[]> {
  const [upcoming, past] = await Promise.all([
    getTrips(userId, 'upcoming', signal),
    getTrips(userId, 'past', signal),
  ]);
  return [...upcoming, ...past];
}

export const chatMatchQueryOptions = (userId: string, matchId: string) =>
  queryOptions({
    queryKey: chatKeys.match(userId, matchId),
    queryFn: ({ signal }) => getRiderTrips(userId, signal),
  });

/** The header's data; a failure only leaves the header without the trip line. */
export function useChatTrips(userId: string, matchId: string) {
  return useQuery({ ...chatMatchQueryOptions(userId, matchId), retry: 1 });
}
