import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rating } from '@aeropool/contract/rides';
import { api } from '../../../lib/api-client';
import { tripKeys } from './trip-keys';

export type RatingLookup = { matchId: string; raterUserId: string; ratedUserId: string };

/** The rating this rider gave that co-passenger on this match, or null before they rate. */
export async function getRating(lookup: RatingLookup): Promise<Rating | null> {
  const result = await api.post<Rating>('/rating/details', lookup);
  return result.entities[0] ?? null;
}

export const ratingQueryOptions = (lookup: RatingLookup) =>
  queryOptions({
    queryKey: tripKeys.rating(lookup.matchId, lookup.raterUserId, lookup.ratedUserId),
    queryFn: () => getRating(lookup),
  });

export function useRating(lookup: RatingLookup) {
  return useQuery(ratingQueryOptions(lookup));
}
