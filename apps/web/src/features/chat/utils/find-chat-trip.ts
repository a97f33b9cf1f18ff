import type { Match, RideRequest, Trip } from '@aeropool/contract/rides';

export type ChatTrip = { match: Match; ownRequest: RideRequest };

/** The rider's own entry for this match, if their trip lists still hold it. */
export function findChatTrip(trips: readonly Trip[], matchId: string): ChatTrip | null {
  const entry = trips.find((trip) => trip.match?._id === matchId);
  return entry?.match ? { match: entry.match, ownRequest: entry.rideRequest } : null;
}

/**
 * When a co-rider cancels, this rider's request leaves the match (it is open again), so the
 * match vanishes from their lists instead of showing as Cancelled. Knowing which request was in
 * the match, that departure tells the chat it is closed.
 */
export function hasLeftMatch(
  trips: readonly Trip[],
  ownRequestId: string,
  matchId: string,
): boolean {
  const request = trips.find((trip) => trip.rideRequest._id === ownRequestId);
  return !!request && request.match?._id !== matchId;
}

/** Co-riders' full names, in the order the match lists them. */
export function coRiderNames(match: Match, selfId: string): string[] {
  return match.requests
    .filter((request) => request.rider._id !== selfId)
    .map((request) => `${request.rider.firstName} ${request.rider.lastName}`.trim());
}
