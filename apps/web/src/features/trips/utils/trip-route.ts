import type { Rider } from '@aeropool/contract/accounts';
import { terminalAt, type Place } from '@aeropool/contract/places';
import type { Match, RideRequest } from '@aeropool/contract/rides';

type Direction = RideRequest['direction'];
type Routed = Pick<RideRequest, 'direction' | 'source' | 'destination'>;

/** Spec §2: the two kinds of trip, as the cards and the toggle name them. */
export const DIRECTION_LABELS: Record<Direction, string> = {
  drop: 'Airport drop',
  pickup: 'Airport pickup',
};

/** The airport end: the source of a drop, the destination of a pickup. */
export const terminalPlaceOf = (request: Routed): Place =>
  request.direction === 'drop' ? request.source : request.destination;

/** The city end a rider searched for: where a drop goes, where a pickup starts. */
export const cityPlaceOf = (request: Routed): Place =>
  request.direction === 'drop' ? request.destination : request.source;

/** The stored road route between the two ends; the server may keep it on either place. */
export const routePolylineOf = (request: Routed): string =>
  cityPlaceOf(request).encodedString || terminalPlaceOf(request).encodedString;

/** 'Terminal 1' even when the stored place carries another label for the same spot. */
export const terminalNameOf = (place: Place): string => terminalAt(place)?.name ?? place.name;

/** 'Terminal 1 → Koramangala' for a drop, the reverse for a pickup. */
export function routeText(request: Routed): string {
  const terminal = terminalNameOf(terminalPlaceOf(request));
  const city = cityPlaceOf(request).name;
  return request.direction === 'drop' ? `${terminal} → ${city}` : `${city} → ${terminal}`;
}

export const riderName = (rider: Pick<Rider, 'firstName' | 'lastName'>): string =>
  `${rider.firstName} ${rider.lastName}`.trim();

/** Everyone on the match but the signed-in rider. */
export const coPassengerRequestsOf = (match: Match, userId: string): RideRequest[] =>
  match.requests.filter((request) => request.rider._id !== userId);

/** '₹480 each shared vs ₹980 solo' (rupees, Indian digit grouping). */
export function fareText(fare: { solo: number; sharedPerPerson: number }): string {
  const rupees = (value: number) => `₹${Math.round(value).toLocaleString('en-IN')}`;
  return `${rupees(fare.sharedPerPerson)} each shared vs ${rupees(fare.solo)} solo`;
}
