import { CAB_LIMITS, type CabFitView } from '@aeropool/contract/rides';
import type { FareEstimate } from '@aeropool/contract/fare';
import { haversineMetres, type LatLng } from '../../lib/geo/distance';
import type { ServiceContext } from '../../lib/service-context';
import type { RideRequestRow } from '../rides/ride-request-view';
import { fitCab, type CabFit, type CabRider, type FitLimits } from './cab-fit';

export const placeOf = (row: Pick<RideRequestRow, 'placeLatitude' | 'placeLongitude'>): LatLng => ({
  latitude: row.placeLatitude,
  longitude: row.placeLongitude,
});

/** Metres between two riders' city ends, as cards show `distance`. */
export const metresBetween = (
  a: Pick<RideRequestRow, 'placeLatitude' | 'placeLongitude'>,
  b: Pick<RideRequestRow, 'placeLatitude' | 'placeLongitude'>,
) => Math.round(haversineMetres(placeOf(a), placeOf(b)));

export const fitLimits = (ctx: Pick<ServiceContext, 'config'>): FitLimits => ({
  maxDetourMinutes: ctx.config.MATCH_MAX_DETOUR_MINUTES,
  maxDetourShare: ctx.config.MATCH_MAX_DETOUR_SHARE,
  maxWaitMinutes: ctx.config.MATCH_MAX_WAIT_MINUTES,
});

/** No limits: the best order of a cab that is already formed, to show each rider their figures. */
const NO_LIMITS: FitLimits = {
  maxDetourMinutes: Infinity,
  maxDetourShare: Infinity,
  maxWaitMinutes: Infinity,
};

/** What a cab's fit reads of a ride request. */
export type CabRow = Pick<
  RideRequestRow,
  | 'id'
  | 'riderId'
  | 'direction'
  | 'terminal'
  | 'placeLatitude'
  | 'placeLongitude'
  | 'timeOfTravel'
  | 'seats'
  | 'bags'
>;

const cabRiderOf = (row: CabRow): CabRider => ({
  id: row.id,
  direction: row.direction,
  terminal: row.terminal,
  place: placeOf(row),
  timeMs: row.timeOfTravel.getTime(),
});

type Load = Pick<RideRequestRow, 'seats' | 'bags'>;
const sumOf = (rides: Load[], key: keyof Load) => rides.reduce((total, r) => total + r[key], 0);

/** Riders, seats and bags still free in a cab of these rides (negative: they do not fit). */
export const roomIn = (rides: Load[]) => ({
  riders: CAB_LIMITS.maxRiders - rides.length,
  seats: CAB_LIMITS.maxSeats - sumOf(rides, 'seats'),
  bags: CAB_LIMITS.maxBags - sumOf(rides, 'bags'),
});

/**
 * These riders' best shared cab within every rider's limits (cab-fit), or null; null too when
 * they would not fit one cab's seats and bags. `now` for a cab still to form (a pair, a rider
 * joining): its plan must start after it. A formed cab keeps the plan it was formed with.
 */
export function fitRows(
  ctx: Pick<ServiceContext, 'config'>,
  rows: CabRow[],
  now: Date | null,
): CabFit | null {
  if (new Set(rows.map((r) => r.riderId)).size !== rows.length) return null;
  const room = roomIn(rows);
  if (room.riders < 0 || room.seats < 0 || room.bags < 0) return null;
  return fitCab(rows.map(cabRiderOf), fitLimits(ctx), now?.getTime());
}

/**
 * The figures of a cab already formed, by the plan it took its riders on: its best order within
 * the limits whose first pickup came after `formedAt`, as the accept checked it (an order whose
 * first pickup had already passed then was never one the cab could take, and its "Cab reaches
 * you" would be a time gone by). Else its best order.
 */
export const fitFormedCab = (ctx: Pick<ServiceContext, 'config'>, rows: CabRow[], formedAt: Date) =>
  fitRows(ctx, rows, formedAt) ?? fitCab(rows.map(cabRiderOf), NO_LIMITS);

/** When a cab took the riders it has: its last joiner's time, else when the match was made. */
export const formedAtOf = (matchCreatedAt: Date, members: { joinedAt: Date | null }[]): Date =>
  new Date(Math.max(matchCreatedAt.getTime(), ...members.map((m) => m.joinedAt?.getTime() ?? 0)));

/** The two riders' best shared cab from now, within every rider's limits, or null. */
export const fitPair = (
  ctx: Pick<ServiceContext, 'config' | 'now'>,
  a: RideRequestRow,
  b: RideRequestRow,
) => fitRows(ctx, [a, b], ctx.now());

/** True when b is a request a can share a cab with: same direction, each rider within the limits. */
export const isCompatible = (
  ctx: Pick<ServiceContext, 'config' | 'now'>,
  a: RideRequestRow,
  b: RideRequestRow,
) => fitPair(ctx, a, b) !== null;

/** What `rideId`'s rider sees of a shared cab: their saving, extra minutes, place in the order. */
export function fitViewFor(fit: CabFit, rideId: string): CabFitView {
  const me = fit.riders.find((r) => r.id === rideId)!;
  return {
    saving: me.saving,
    extraMinutes: Math.round(me.extraMinutes),
    waitMinutes: Math.round(me.waitMinutes),
    position: me.position,
    riders: fit.riders.length,
    leavesAt: Math.round(fit.leavesAtMs),
    reachesAt: Math.round(me.reachesAtMs),
  };
}

/** Rupees alone and rupees shared, for the card's fare line. */
export function fareOf(fit: CabFit, rideId: string): FareEstimate {
  const me = fit.riders.find((r) => r.id === rideId)!;
  return { solo: me.soloFare, sharedPerPerson: me.share };
}

/** The viewer's fare and fit, as every card, request and match carries them. */
export const figuresFor = (fit: CabFit, rideId: string) => ({
  fare: fareOf(fit, rideId),
  fit: fitViewFor(fit, rideId),
});
