import { and, between, eq, ne, or, sql } from 'drizzle-orm';
import { RIDE_LIMITS, type PotentialMatch } from '@aeropool/contract/rides';
import type { DbOrTx } from '../../db/database';
import { matchRequests, rideRequests } from '../../db/schema';
import { haversineMetres } from '../../lib/geo/distance';
import type { ServiceContext } from '../../lib/service-context';
import { loadRideRequestViews, terminalOf, type RideRequestRow } from '../rides/ride-request-view';
import { fareFor, scoreMatch, type ScoreOptions, type TripEnds } from './match-score';

export const tripEndsOf = (
  row: Pick<
    RideRequestRow,
    'terminal' | 'placeLatitude' | 'placeLongitude' | 'roadMetres' | 'timeOfTravel'
  >,
): TripEnds => ({
  terminal: terminalOf(row),
  place: { latitude: row.placeLatitude, longitude: row.placeLongitude },
  roadMetres: row.roadMetres,
  timeOfTravel: row.timeOfTravel.getTime(),
});

export const scoreOptions = (ctx: ServiceContext): ScoreOptions => ({
  circuity: ctx.config.ROAD_CIRCUITY_FACTOR,
  windowMinutes: ctx.config.MATCH_WINDOW_MINUTES,
});

/** True when b is a request a can be matched with: same direction, time window, distance. */
export function isCompatible(ctx: ServiceContext, a: RideRequestRow, b: RideRequestRow): boolean {
  const windowMs = ctx.config.MATCH_WINDOW_MINUTES * 60_000;
  return (
    a.direction === b.direction &&
    a.riderId !== b.riderId &&
    Math.abs(a.timeOfTravel.getTime() - b.timeOfTravel.getTime()) <= windowMs &&
    haversineMetres(tripEndsOf(a).place, tripEndsOf(b).place) <=
      ctx.config.MATCH_MAX_DISTANCE_KM * 1000
  );
}

/**
 * Other riders' Active requests in the same direction, within the time window and distance, not
 * already linked to `mine` by a pending match request; best matchPercentage first.
 * The index on (direction, time) WHERE Active narrows the rows; a bounding box on the city end
 * trims them in SQL; the exact distance and score are computed here on the few left.
 */
export async function findPotentialMatches(
  ctx: ServiceContext,
  db: DbOrTx,
  mine: RideRequestRow,
): Promise<PotentialMatch[]> {
  const now = ctx.now();
  const windowMs = ctx.config.MATCH_WINDOW_MINUTES * 60_000;
  const maxMetres = ctx.config.MATCH_MAX_DISTANCE_KM * 1000;
  const dLat = maxMetres / 111_000;
  const dLng = maxMetres / (111_000 * Math.cos((mine.placeLatitude * Math.PI) / 180));
  const from = new Date(Math.max(mine.timeOfTravel.getTime() - windowMs, now.getTime() + 1));

  const candidates = await db
    .select({
      id: rideRequests.id,
      terminal: rideRequests.terminal,
      placeLatitude: rideRequests.placeLatitude,
      placeLongitude: rideRequests.placeLongitude,
      roadMetres: rideRequests.roadMetres,
      timeOfTravel: rideRequests.timeOfTravel,
    })
    .from(rideRequests)
    .where(
      and(
        eq(rideRequests.status, 'Active'),
        eq(rideRequests.direction, mine.direction),
        between(rideRequests.timeOfTravel, from, new Date(mine.timeOfTravel.getTime() + windowMs)),
        ne(rideRequests.riderId, mine.riderId),
        between(rideRequests.placeLatitude, mine.placeLatitude - dLat, mine.placeLatitude + dLat),
        between(
          rideRequests.placeLongitude,
          mine.placeLongitude - dLng,
          mine.placeLongitude + dLng,
        ),
        sql`not exists (select 1 from ${matchRequests} where ${matchRequests.status} = 'Pending' and (
          (${matchRequests.fromRequestId} = ${mine.id} and ${matchRequests.toRequestId} = ${rideRequests.id}) or
          (${matchRequests.toRequestId} = ${mine.id} and ${matchRequests.fromRequestId} = ${rideRequests.id})))`,
      ),
    );

  const self = tripEndsOf(mine);
  const options = scoreOptions(ctx);
  const scored = candidates
    .map((row) => ({ id: row.id, score: scoreMatch(self, tripEndsOf(row), options) }))
    .filter((c) => c.score.distance <= maxMetres)
    .sort(
      (a, b) =>
        b.score.matchPercentage - a.score.matchPercentage || a.score.distance - b.score.distance,
    )
    .slice(0, RIDE_LIMITS.maxPotentialMatches);

  const views = await loadRideRequestViews(
    db,
    scored.map((c) => c.id),
    now,
  );
  return scored.map(({ id, score }) => ({
    ...views.get(id)!,
    matchPercentage: score.matchPercentage,
    distance: score.distance,
    fare: fareFor(self, score),
  }));
}

/** Pending match requests of one of my requests, with the other side's ride request. */
export async function findPendingMatchRequests(ctx: ServiceContext, db: DbOrTx, mineId: string) {
  const now = ctx.now();
  const rows = await db
    .select()
    .from(matchRequests)
    .where(
      and(
        eq(matchRequests.status, 'Pending'),
        or(eq(matchRequests.toRequestId, mineId), eq(matchRequests.fromRequestId, mineId)),
      ),
    )
    .orderBy(matchRequests.createdAt);
  const otherIds = rows.map((m) => (m.toRequestId === mineId ? m.fromRequestId : m.toRequestId));
  const views = await loadRideRequestViews(db, otherIds, now);
  const toView = (m: (typeof rows)[number], otherId: string) => ({
    _id: m.id,
    requestId: views.get(otherId)!,
    status: m.status,
    matchPercentage: m.matchPercentage,
    distance: m.distance,
  });
  // A request whose other side has since expired or gone cannot be acted on: leave it out.
  const live = (otherId: string) => views.get(otherId)?.status === 'Active';
  return {
    incomingMatches: rows
      .filter((m) => m.toRequestId === mineId && live(m.fromRequestId))
      .map((m) => toView(m, m.fromRequestId)),
    outgoingMatches: rows
      .filter((m) => m.fromRequestId === mineId && live(m.toRequestId))
      .map((m) => toView(m, m.toRequestId)),
  };
}
