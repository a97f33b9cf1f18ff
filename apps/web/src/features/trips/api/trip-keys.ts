import type { TerminalId } from '@aeropool/contract/places';

export type TripTab = 'upcoming' | 'past';

/** Query keys of the trips feature; mutations and the live socket invalidate through these. */
export const tripKeys = {
  all: ['trips'] as const,
  lists: () => [...tripKeys.all, 'list'] as const,
  list: (userId: string, tab: TripTab) => [...tripKeys.lists(), userId, tab] as const,
  allMatches: () => [...tripKeys.all, 'matches'] as const,
  matches: (requestId: string) => [...tripKeys.allMatches(), requestId] as const,
  allRatings: () => [...tripKeys.all, 'rating'] as const,
  rating: (matchId: string, raterUserId: string, ratedUserId: string) =>
    [...tripKeys.allRatings(), matchId, raterUserId, ratedUserId] as const,
  places: (query: string, terminal: TerminalId) =>
    [...tripKeys.all, 'places', terminal, query] as const,
};
