import { and, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import { TERMINALS, type Place } from '@aeropool/contract/places';
import { RIDE_LIMITS, RIDE_MESSAGES } from '@aeropool/contract/rides';
import { ACCOUNT_MESSAGES } from '@aeropool/contract/accounts';
import type { DbOrTx } from '../../db/database';
import type { Route } from '../../lib/geo/router';
import { soloTrip } from '../../lib/geo/trip-geometry';
import { matchRequests, rideRequests, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { parseRideInput, type RideInput } from './ride-input';
import { assertGenderAllowsWomenOnly, assertMayBeWomenOnly } from './women-only';
import { effectiveStatus, type RideRequestRow } from './ride-request-view';
import { JOB_NAMES } from '../notifications/job-names';
import { tellSendersOfClosedRequests } from '../matching/closed-request-notices';
import { closedRequestColumns, ridersToTell, type Closing } from '../matching/pending-lock';
import { shortName } from '../accounts/user-view';

type RideBody = {
  source: Place;
  destination: Place;
  timeOfTravel: number;
  womenOnly?: boolean;
  seats?: number;
  bags?: number;
  /** An edit's: the ride's updatedAt as the form had it (assertNotChangedSince). */
  editedAt?: number;
};

const GAP_MS = RIDE_LIMITS.minGapMinutes * 60_000;

/** The stored columns of a trip: what create and update both write. */
const tripColumns = (input: RideInput, route: Route) => ({
  direction: input.direction,
  terminal: input.terminal,
  placeName: input.place.name,
  placeLatitude: input.place.latitude,
  placeLongitude: input.place.longitude,
  routePolyline: route.encodedString,
  roadMetres: Math.round(route.roadMetres),
  soloMinutes: Math.round(soloTrip(input.place, input.timeOfTravel.getTime()).minutes),
  timeOfTravel: input.timeOfTravel,
});

/** Seats and bags as sent; left out on an edit, they keep their values. */
const loadColumns = (body: RideBody) => ({
  ...(body.seats !== undefined ? { seats: body.seats } : {}),
  ...(body.bags !== undefined ? { bags: body.bags } : {}),
});

async function routeFor(ctx: ServiceContext, input: RideInput) {
  const terminal = TERMINALS.find((t) => t.id === input.terminal)!;
  return input.direction === 'drop'
    ? ctx.routeProvider.route(terminal, input.place)
    : ctx.routeProvider.route(input.place, terminal);
}

/** Spec rule: no two open requests of one rider within 2 hours of each other. */
async function assertNoNearbyOpenRequest(
  tx: DbOrTx,
  riderId: string,
  time: Date,
  now: Date,
  exceptId?: string,
) {
  const [clash] = await tx
    .select({ id: rideRequests.id })
    .from(rideRequests)
    .where(
      and(
        eq(rideRequests.riderId, riderId),
        inArray(rideRequests.status, ['Active', 'Matched']),
        gt(rideRequests.timeOfTravel, now),
        gt(rideRequests.timeOfTravel, new Date(time.getTime() - GAP_MS)),
        lt(rideRequests.timeOfTravel, new Date(time.getTime() + GAP_MS)),
        exceptId ? ne(rideRequests.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) {
    throw new AppError('CONFLICT', 'You already have a ride request within 2 hours of this time.', {
      field: 'timeOfTravel',
    });
  }
}

/** Serialises one rider's writes so the 2-hour rule holds under concurrent requests. */
async function lockRider(tx: DbOrTx, riderId: string, womenOnly = false) {
  const [rider] = await tx
    .select({ isActive: users.isActive, gender: users.gender })
    .from(users)
    .where(eq(users.id, riderId))
    // Not `update`: an accept that holds this rider's ride then checks the rider's row as a
    // foreign key (key share), and `update` would wait on it while this waits on the ride.
    .for('no key update');
  if (!rider?.isActive) throw new AppError('UNAUTHORIZED', ACCOUNT_MESSAGES.sessionExpired);
  // Checked again under the lock: a profile saved meanwhile that no longer says Woman has turned
  // the rider's women-only rides into ordinary ones, and this one must not slip in after it.
  assertGenderAllowsWomenOnly(rider.gender, womenOnly);
}

export const ownOrThrow = (row: RideRequestRow | undefined, riderId: string): RideRequestRow => {
  if (!row) throw new AppError('NOT_FOUND', 'Ride request not found.');
  if (row.riderId !== riderId)
    throw new AppError('FORBIDDEN', 'You can only see or change your own ride requests.');
  return row;
};

/** The caller's own request: 404 when missing, 403 when someone else's. */
export async function findOwnRequest(
  db: DbOrTx,
  id: string,
  riderId: string,
): Promise<RideRequestRow> {
  const [row] = await db.select().from(rideRequests).where(eq(rideRequests.id, id));
  return ownOrThrow(row, riderId);
}

/** The same, row-locked: for use inside a transaction that changes it. */
export async function lockOwnRequest(
  tx: DbOrTx,
  id: string,
  riderId: string,
): Promise<RideRequestRow> {
  const [row] = await tx.select().from(rideRequests).where(eq(rideRequests.id, id)).for('update');
  return ownOrThrow(row, riderId);
}

export async function createRideRequest(ctx: ServiceContext, riderId: string, body: RideBody) {
  const now = ctx.now();
  const input = parseRideInput(body, now);
  const womenOnly = body.womenOnly ?? false;
  await assertMayBeWomenOnly(ctx.db, riderId, womenOnly);
  const route = await routeFor(ctx, input);
  const created = await ctx.db.transaction(async (tx) => {
    await lockRider(tx, riderId, womenOnly);
    await assertNoNearbyOpenRequest(tx, riderId, input.timeOfTravel, now);
    const [row] = await tx
      .insert(rideRequests)
      .values({
        riderId,
        ...tripColumns(input, route),
        ...loadColumns(body),
        womenOnly,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
  tellOwnTabs(ctx, riderId);
  await ctx.jobs.send(JOB_NAMES.newRide, { rideRequestId: created.id });
  return created;
}

/**
 * The rider's other tabs and devices refresh after their own write: one left on My Trips would
 * otherwise show the list as it was, and offer actions the server now refuses.
 */
const tellOwnTabs = (ctx: ServiceContext, riderId: string) =>
  ctx.notifyUser(riderId, 'trips:changed', { reason: 'request-changed' });

/**
 * Pending match requests of a request become Cancelled; returns them, and the riders whose open
 * tabs refresh.
 */
export async function cancelPendingMatchRequestsOf(
  tx: DbOrTx,
  requestIds: string[],
  now: Date,
): Promise<Closing> {
  if (requestIds.length === 0) return { riders: [], closed: [] };
  const cancelled = await tx
    .update(matchRequests)
    .set({ status: 'Cancelled', respondedAt: now })
    .where(
      and(
        eq(matchRequests.status, 'Pending'),
        or(
          inArray(matchRequests.fromRequestId, requestIds),
          inArray(matchRequests.toRequestId, requestIds),
        ),
      ),
    )
    .returning(closedRequestColumns);
  return { riders: await ridersToTell(tx, cancelled, now), closed: cancelled };
}

/** Whether an edit changed the trip as other riders saw it when they asked or were asked. */
const changesWhatRidersSaw = (before: RideRequestRow, after: RideRequestRow) =>
  before.direction !== after.direction ||
  before.terminal !== after.terminal ||
  before.placeName !== after.placeName ||
  before.placeLatitude !== after.placeLatitude ||
  before.placeLongitude !== after.placeLongitude ||
  before.timeOfTravel.getTime() !== after.timeOfTravel.getTime() ||
  before.seats !== after.seats ||
  before.bags !== after.bags ||
  before.womenOnly !== after.womenOnly;

/** An edit made from the ride as it was at `editedAt`: refused once it has been written since. */
const assertNotChangedSince = (row: RideRequestRow, editedAt: number | undefined) => {
  if (editedAt !== undefined && row.updatedAt.getTime() !== editedAt)
    throw new AppError('CONFLICT', RIDE_MESSAGES.changedElsewhere);
};

const assertEditable = (row: RideRequestRow, now: Date, action: 'edited' | 'cancelled') => {
  const status = effectiveStatus(row, now);
  if (status === 'Expired')
    throw new AppError('CONFLICT', `This ride request has expired and cannot be ${action}.`);
  if (status === 'Matched') {
    throw new AppError(
      'CONFLICT',
      'This ride is matched. Cancel the match from the trip card instead.',
    );
  }
  if (status !== 'Active')
    throw new AppError('CONFLICT', `This ride request is already ${status}.`);
};

export async function updateRideRequest(
  ctx: ServiceContext,
  riderId: string,
  id: string,
  body: RideBody,
) {
  const now = ctx.now();
  // Whose ride, and whether it may change, first: one that expired while its form was open is
  // said to have (not "choose a time in the future" for the time it was opened with), and before
  // its route is worked out (an OSRM call where one is configured). Checked again under the lock.
  const [current] = await ctx.db.select().from(rideRequests).where(eq(rideRequests.id, id));
  assertEditable(ownOrThrow(current, riderId), now, 'edited');
  assertNotChangedSince(current!, body.editedAt);
  const input = parseRideInput(body, now);
  // Left out, the flag keeps its value (the spec's edit form does not send it).
  if (body.womenOnly !== undefined) await assertMayBeWomenOnly(ctx.db, riderId, body.womenOnly);
  const route = await routeFor(ctx, input);
  const { row, closing } = await ctx.db.transaction(async (tx) => {
    await lockRider(tx, riderId, body.womenOnly ?? false);
    const before = await lockOwnRequest(tx, id, riderId);
    assertEditable(before, now, 'edited');
    assertNotChangedSince(before, body.editedAt);
    await assertNoNearbyOpenRequest(tx, riderId, input.timeOfTravel, now, id);
    const [updated] = await tx
      .update(rideRequests)
      .set({
        ...tripColumns(input, route),
        ...loadColumns(body),
        ...(body.womenOnly !== undefined ? { womenOnly: body.womenOnly } : {}),
        updatedAt: now,
      })
      .where(eq(rideRequests.id, id))
      .returning();
    // A changed trip may no longer fit the riders it was offered to; a save that changed nothing
    // they agreed to keeps its requests.
    if (!changesWhatRidersSaw(before, updated!)) return { row: updated!, closing: undefined };
    return { row: updated!, closing: await cancelPendingMatchRequestsOf(tx, [id], now) };
  });
  tellOwnTabs(ctx, riderId);
  if (closing) await tellOfClosedRequests(ctx, riderId, closing, 'changed');
  await ctx.jobs.send(JOB_NAMES.newRide, { rideRequestId: row.id });
  return row;
}

export async function cancelRideRequest(ctx: ServiceContext, riderId: string, id: string) {
  const now = ctx.now();
  const closing = await ctx.db.transaction(async (tx) => {
    assertEditable(await lockOwnRequest(tx, id, riderId), now, 'cancelled');
    await tx
      .update(rideRequests)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(eq(rideRequests.id, id));
    return cancelPendingMatchRequestsOf(tx, [id], now);
  });
  tellOwnTabs(ctx, riderId);
  await tellOfClosedRequests(ctx, riderId, closing, 'cancelled');
}

/**
 * The other riders of the requests a ride's edit or cancel closed: their lists refresh, and they
 * read why the request went ("Asha R. changed their trip…"), not just see it gone; those who
 * were waiting for this rider's answer also get a notice that stays.
 */
async function tellOfClosedRequests(
  ctx: ServiceContext,
  riderId: string,
  { riders, closed }: Closing,
  what: 'changed' | 'cancelled',
) {
  const others = riders.filter((userId) => userId !== riderId);
  if (others.length > 0) {
    const [rider] = await ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, riderId));
    const name = rider ? shortName(rider) : 'The other rider';
    const notice = `${name} ${what} their trip, so the match request between you was closed.`;
    for (const userId of others)
      ctx.notifyUser(userId, 'trips:changed', { reason: 'request-changed', notice });
  }
  await tellSendersOfClosedRequests(ctx, closed, { why: what, by: riderId });
}

/** For deactivation: the rider's open requests are cancelled so nobody matches a gone account. */
export async function cancelOpenRequestsOfRider(tx: DbOrTx, riderId: string, now: Date) {
  const open = await tx
    .update(rideRequests)
    .set({ status: 'Cancelled', updatedAt: now })
    .where(and(eq(rideRequests.riderId, riderId), eq(rideRequests.status, 'Active')))
    .returning({ id: rideRequests.id });
  return cancelPendingMatchRequestsOf(
    tx,
    open.map((r) => r.id),
    now,
  );
}
