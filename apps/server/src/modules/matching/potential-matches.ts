import { and, between, eq, ne, or, sql } from 'drizzle-orm';
import { RIDE_LIMITS, type PotentialMatch } from '@aeropool/contract/rides';
import type { DbOrTx } from '../../db/database';
import { matchRequests, rideRequests } from '../../db/schema';
import { haversineMetres } from '../../lib/geo/distance';
import { TERMINALS } from '@aeropool/contract/places';
import type { ServiceContext } from '../../lib/service-context';
import {
  loadRideRequestViews,
  terminalOf,
  withoutEmail,
  type RideRequestRow,
} from '../rides/ride-request-view';
import { fareFor, scoreMatch, type ScoreOptions, type TripEnds } from './match-score';
import { isLowRated } from './rating-rule';

/** A number parameter typed for PostgreSQL, which cannot infer it inside arithmetic. */
const float = (value: number) => sql`${value}::float8`;

/** Great-circle metres between Terminal 1 and Terminal 2. */
const TERMINAL_HOP_METRES = haversineMetres(TERMINALS[0], TERMINALS[1]);

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
 * The index on (direction, time) WHERE Active narrows the rows; a bounding box and the exact
 * distance trim them; SQL ranks by the score and only the best few are re-scored here.
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

  const self = tripEndsOf(mine);
  const options = scoreOptions(ctx);
  // Great-circle metres and the score's formula (see match-score.ts) in SQL, so only the best few
  // rows leave the database whatever the density; they are re-scored exactly below.
  const distance = sql<number>`6371008.8 * 2 * asin(sqrt(
    power(sin(radians(${rideRequests.placeLatitude} - ${float(mine.placeLatitude)}) / 2), 2) +
    cos(radians(${float(mine.placeLatitude)})) * cos(radians(${rideRequests.placeLatitude})) *
    power(sin(radians(${rideRequests.placeLongitude} - ${float(mine.placeLongitude)}) / 2), 2)))`;
  const hop = sql`case when ${rideRequests.terminal} = ${mine.terminal} then 0 else ${float(TERMINAL_HOP_METRES * options.circuity)} end`;
  const solo = sql`(${rideRequests.roadMetres} + ${float(mine.roadMetres)})`;
  const shared = sql`(${hop} + least(${rideRequests.roadMetres}, ${float(mine.roadMetres)}) + ${distance} * ${float(options.circuity)})`;
  const gapMinutes = sql`abs(extract(epoch from ${rideRequests.timeOfTravel}) * 1000 - ${float(mine.timeOfTravel.getTime())}) / 60000`;
  const approxScore = sql`greatest(0, least(1, 2 * (${solo} - ${shared}) / ${solo})) * (1 - 0.5 * least(1, ${gapMinutes} / ${float(options.windowMinutes)}))`;

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
        sql`${distance} <= ${float(maxMetres)}`,
        sql`not ${isLowRated(rideRequests.riderId)}`,
        // Women-only, both ways: decided on the riders' profiles as they are now (decision 008).
        sql`(${mine.womenOnly} = false or (select u.gender from users u where u.id = ${rideRequests.riderId}) = 'woman')`,
        sql`(${rideRequests.womenOnly} = false or (select u.gender from users u where u.id = ${mine.riderId}) = 'woman')`,
        sql`not exists (select 1 from ${matchRequests} where ${matchRequests.status} = 'Pending' and (
          (${matchRequests.fromRequestId} = ${mine.id} and ${matchRequests.toRequestId} = ${rideRequests.id}) or
          (${matchRequests.toRequestId} = ${mine.id} and ${matchRequests.fromRequestId} = ${rideRequests.id})))`,
      ),
    )
    .orderBy(sql`${approxScore} desc`)
    .limit(RIDE_LIMITS.maxPotentialMatches * 2);

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
    ...withoutEmail(views.get(id)!),
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
    requestId: withoutEmail(views.get(otherId)!),
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
