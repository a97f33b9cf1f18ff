import type { Match, RideRequest } from '@aeropool/contract/rides';

export type ChatTrip = { match: Match; ownRequest: RideRequest };

/** Co-riders by first name and last initial, in the order the match lists them. */
export function coRiderNames(match: Match, selfId: string): string[] {
  return match.requests
    .filter((request) => request.rider._id !== selfId)
    .map((request) => `${request.rider.firstName} ${request.rider.lastName}`.trim());
}
