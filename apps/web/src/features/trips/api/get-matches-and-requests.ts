import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchesAndRequests } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { tripKeys } from './trip-keys';

const EMPTY: MatchesAndRequests = {
  potentialMatches: [],
  incomingMatches: [],
  outgoingMatches: [],
};

export async function getMatchesAndRequests(
  requestId: string,
  signal?: AbortSignal,
): Promise<MatchesAndRequests> {
  const result = await api.get<MatchesAndRequests>(
    `/ride-request/potential-matches-and-requests/${encodeURIComponent(requestId)}`,
    { signal },
  );
  const lists = result.entities[0] ?? EMPTY;
  // Spec §9: best match first, whatever order the server sends.
  return {
    ...lists,
    potentialMatches: [...lists.potentialMatches].sort(
      (a, b) => b.matchPercentage - a.matchPercentage,
    ),
  };
}

export const matchesAndRequestsQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: tripKeys.matches(requestId),
    queryFn: ({ signal }) => getMatchesAndRequests(requestId, signal),
  });

/** Fetched only while the card is expanded (spec §2: details load on Show Details). */
export function useMatchesAndRequests(requestId: string, isEnabled: boolean) {
  return useQuery({ ...matchesAndRequestsQueryOptions(requestId), enabled: isEnabled });
}
