import type { Rider } from '@aeropool/contract/accounts';
import type { Place } from '@aeropool/contract/places';
import { terminalAt } from '@aeropool/contract/terminals';
import type { Cab, CabFitView, Match, RideRequest } from '@aeropool/contract/rides';
import { directionLabel } from '@aeropool/contract/ride-rules';
import { dateTimeParts } from '../../../lib/format-time';
import { plural } from '../../../lib/plural';

type Direction = RideRequest['direction'];
type Routed = Pick<RideRequest, 'direction' | 'source' | 'destination'>;

/** The trip's mode with its terminal, as every card names it (issue 9). */
export const tripLabel = (request: Routed): string =>
  directionLabel(request.direction, terminalAt(terminalPlaceOf(request))?.id);

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

const rupees = (value: number) => `₹${Math.round(value).toLocaleString('en-IN')}`;

/**
 * 'Fare estimate: you pay ₹585 shared vs ₹1,103 solo, saving ₹518' (rupees, Indian digit
 * grouping): the split is in proportion to each rider's solo fare, so each rider sees their own
 * figures. An estimate, said so: the cab's meter or app sets the fare, paid outside the product.
 */
export function fareText(fare: { solo: number; sharedPerPerson: number }, saving: number): string {
  return `Fare estimate: you pay ${rupees(fare.sharedPerPerson)} shared vs ${rupees(fare.solo)} solo, saving ${rupees(saving)}`;
}

const ORDINALS = ['first', 'second', 'third'];

/**
 * What sharing the cab means for the rider's time, in Asia/Kolkata. From the airport: 'Cab leaves
 * the airport ~4:15 pm · dropped first ~5:57 pm · +21 min for you, incl. 15 min wait' (later than
 * riding alone: the wait at the kerb for the last rider, and the detour). To the airport: 'Cab
 * collects you ~3:45 pm, 15 min before your time · picked up second · +4 min for you' (the
 * detour). A time on another day than the rider's own trip (`ownTime`: a 00:10 trip collected at
 * 11:58 pm the night before) names the day: '~11:58 pm on Sat, 21 Nov'.
 */
export function fitText(fit: CabFitView, direction: Direction, ownTime: number): string {
  const own = dateTimeParts(ownTime);
  const at = (ms: number) => {
    const parts = dateTimeParts(ms);
    const sameDay =
      [parts.day, parts.month, parts.year].join() === [own.day, own.month, own.year].join();
    return `~${parts.clock}${sameDay ? '' : ` on ${parts.weekday}, ${parts.day} ${parts.month}`}`;
  };
  const position = ORDINALS[fit.position - 1] ?? `#${fit.position}`;
  if (direction === 'drop') {
    const later = fit.waitMinutes + fit.extraMinutes;
    const cost = later > 0 ? `+${later} min for you` : 'no later than riding alone';
    const wait = fit.waitMinutes > 0 ? `, incl. ${fit.waitMinutes} min wait` : '';
    return `Cab leaves the airport ${at(fit.leavesAt)} · dropped ${position} ${at(fit.reachesAt)} · ${cost}${wait}`;
  }
  const shift = Math.round((fit.reachesAt - ownTime) / 60_000);
  const off =
    shift === 0 ? '' : `, ${Math.abs(shift)} min ${shift < 0 ? 'before' : 'after'} your time`;
  const detour = fit.extraMinutes > 0 ? `+${fit.extraMinutes} min for you` : 'no detour for you';
  return `Cab collects you ${at(fit.reachesAt)}${off} · picked up ${position} · ${detour}`;
}

/**
 * 'Cab with Asha K. and Ravi S. · room for 1 seat and 2 bags': an Active match with room, as a
 * potential match shows it (issue 10).
 */
export function cabText(cab: Cab): string {
  return `Cab with ${cabRiderNames(cab)} · room for ${plural(cab.seatsLeft, 'seat')} and ${plural(cab.bagsLeft, 'bag')}`;
}

/** 'Asha K. and Ravi S.': the riders of a cab. */
export function cabRiderNames(cab: Cab): string {
  const names = cab.riders.map((r) => riderName(r.rider));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
}
