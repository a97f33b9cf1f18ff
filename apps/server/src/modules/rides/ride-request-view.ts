import { getTableColumns, inArray, eq, sql, type SQL } from 'drizzle-orm';
import { TERMINALS, type Place } from '@aeropool/contract/places';
import { TIME_ZONE_OFFSET_MS } from '@aeropool/contract/product';
import type { RiderTrust } from '@aeropool/contract/accounts';
import type { RideRequest, RideRequestStatus } from '@aeropool/contract/rides';
import type { DbOrTx } from '../../db/database';
import { rideRequests, users } from '../../db/schema';
import { toRiderView } from '../accounts/user-view';

export type RideRequestRow = typeof rideRequests.$inferSelect;
type RiderRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'> & {
  trust?: RiderTrust;
};

/** "Expired" is derived: an Active request whose time has passed (spec §4). */
export const effectiveStatus = (
  row: Pick<RideRequestRow, 'status' | 'timeOfTravel'>,
  now: Date,
): RideRequestStatus =>
  row.status === 'Active' && row.timeOfTravel.getTime() <= now.getTime() ? 'Expired' : row.status;

export const terminalOf = (row: Pick<RideRequestRow, 'terminal'>) =>
  TERMINALS.find((t) => t.id === row.terminal)!;

export const cityPlaceOf = (row: RideRequestRow): Place => ({
  name: row.placeName,
  latitude: row.placeLatitude,
  longitude: row.placeLongitude,
  encodedString: row.routePolyline,
});

export function toRideRequestView(row: RideRequestRow, rider: RiderRow, now: Date): RideRequest {
  const terminal = terminalOf(row);
  const terminalPlace: Place = {
    name: terminal.name,
    latitude: terminal.latitude,
    longitude: terminal.longitude,
    encodedString: row.routePolyline,
  };
  const city = cityPlaceOf(row);
  return {
    _id: row.id,
    rider: toRiderView(rider),
    source: row.direction === 'drop' ? terminalPlace : city,
    destination: row.direction === 'drop' ? city : terminalPlace,
    timeOfTravel: row.timeOfTravel.getTime(),
    status: effectiveStatus(row, now),
    direction: row.direction,
    womenOnly: row.womenOnly,
    seats: row.seats,
    bags: row.bags,
  };
}

/**
 * The outer users row, spelled out: in a one-table select drizzle leaves `${users.id}` unqualified,
 * and inside a subquery a bare "id" would mean the subquery's own table.
 */
export const outerUserId = sql.raw('"users"."id"');

/**
 * The trust signals of the user whose id `userId` gives, in the same query as the card (index
 * ratings_rated_idx, ride_requests_rider_time_idx).
 */
export const trustSignalsOf = (userId: SQL) => ({
  ratingAverage: sql<
    string | null
  >`(select avg(r.rating) from ratings r where r.rated_id = ${userId})`,
  ratingCount: sql<number>`(select count(*)::int from ratings r where r.rated_id = ${userId})`,
  completedRides: sql<number>`(select count(*)::int from ride_requests done where done.rider_id = ${userId} and done.status = 'Completed')`,
});

/** A rider and their trust signals, for any select that reads `users` (joined or alone). */
export const riderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneVerifiedAt: users.phoneVerifiedAt,
  createdAt: users.createdAt,
  ...trustSignalsOf(outerUserId),
};

type RiderColumns = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneVerifiedAt: Date | null;
  createdAt: Date;
  ratingAverage: string | null;
  ratingCount: number;
  completedRides: number;
};

/**
 * A ride_requests row read as JSON (`to_json(row)`, inside another statement) as drizzle reads it
 * from the table: the same keys and types (dates as Date).
 */
export function rideRowFromJson(json: Record<string, unknown>): RideRequestRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(rideRequests))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as RideRequestRow;
}

/**
 * The start of the month (Bengaluru time) a rider joined: what cards show ("November 2026").
 * The exact sign-up instant, to the millisecond, would let a stranger recognise one person
 * across rides and accounts.
 */
const monthOf = (createdAt: Date): string => {
  const local = new Date(createdAt.getTime() + TIME_ZONE_OFFSET_MS);
  const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return new Date(monthStart - TIME_ZONE_OFFSET_MS).toISOString();
};

export const withTrust = (row: RiderColumns): RiderRow => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  trust: {
    phoneVerified: row.phoneVerifiedAt !== null,
    averageRating: row.ratingAverage ? Math.round(Number(row.ratingAverage) * 10) / 10 : 0,
    ratingCount: Number(row.ratingCount),
    completedRides: Number(row.completedRides),
    memberSince: monthOf(new Date(row.createdAt)),
  },
});

/**
 * A stranger's ride as another rider sees it before any match: no e-mail address. Riders see each
 * other's e-mail only once matched (decision 004).
 */
export const withoutEmail = (request: RideRequest): RideRequest => ({
  ...request,
  rider: { ...request.rider, email: '' },
});

/** Ride requests by id with their rows (for cab figures) and views, in one query. */
export async function loadRideRequests(
  db: DbOrTx,
  ids: string[],
  now: Date,
): Promise<Map<string, { row: RideRequestRow; view: RideRequest }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ request: rideRequests, rider: riderColumns })
    .from(rideRequests)
    .innerJoin(users, eq(users.id, rideRequests.riderId))
    .where(inArray(rideRequests.id, ids));
  return new Map(
    rows.map((r) => [
      r.request.id,
      { row: r.request, view: toRideRequestView(r.request, withTrust(r.rider), now) },
    ]),
  );
}

/** Loads ride requests with their riders, keyed by id, in one query. */
export async function loadRideRequestViews(
  db: DbOrTx,
  ids: string[],
  now: Date,
): Promise<Map<string, RideRequest>> {
  const loaded = await loadRideRequests(db, ids, now);
  return new Map([...loaded].map(([id, { view }]) => [id, view]));
}
