import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matchRequests, rideRequests } from '../../db/schema';
import { lockMatch } from '../matches/match-service';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import {
  effectiveStatus,
  loadRideRequestViews,
  type RideRequestRow,
} from '../rides/ride-request-view';
import { shortName } from '../accounts/user-view';
import { notifyRider, staleAtTrip } from '../notifications/notification-service';
import { cabJoinedMail, describeTrip } from './match-mails';
import { gendersOf } from '../rides/women-only';
import { admitToCab, loadCabMembers, type Admission } from './cab-members';
import { assertMayMatch } from './rating-rule';
import {
  acceptClosingOthers,
  closedRequestColumns,
  type Closing,
  lockStillPending,
  ridersToTell,
} from './pending-lock';
import { metresBetween, roomIn } from './ride-fit';

type MatchRequestRow = typeof matchRequests.$inferSelect;

const GONE = 'That ride is no longer available.';

const refusalError = (admission: Exclude<Admission, { fit: unknown }>) =>
  admission.refusal === 'full'
    ? new AppError('CONFLICT', 'That cab has no room left for your seats and bags.')
    : admission.refusal === 'misfit'
      ? new AppError('CONFLICT', 'Your ride no longer fits this cab (direction, time or detour).')
      : new AppError('CONFLICT', GONE);

async function lockActiveMatch(tx: DbOrTx, matchId: string) {
  const match = await lockMatch(tx, matchId);
  if (match?.status !== 'Active') throw new AppError('CONFLICT', GONE);
  return match;
}

async function admitOrThrow(
  ctx: ServiceContext,
  tx: DbOrTx,
  matchId: string,
  joiner: RideRequestRow,
) {
  const members = (await loadCabMembers(tx, [matchId], joiner, { lock: true })).get(matchId);
  const genders = await gendersOf(tx, [joiner.riderId]);
  const admission = admitToCab(ctx, members ?? [], joiner, genders.get(joiner.riderId) ?? null);
  if (!('fit' in admission)) throw refusalError(admission);
  return { members: members!, fit: admission.fit };
}

/** Locks the cab's rides and `rideId` in id order (the order every writer of rides takes). */
const lockCabRidesAnd = (tx: DbOrTx, matchId: string, rideId: string) =>
  tx
    .select()
    .from(rideRequests)
    .where(
      or(
        eq(rideRequests.id, rideId),
        inArray(
          rideRequests.id,
          tx
            .select({ id: matchMembers.rideRequestId })
            .from(matchMembers)
            .where(eq(matchMembers.matchId, matchId)),
        ),
      ),
    )
    .orderBy(rideRequests.id)
    .for('update');

/**
 * Ask to join the cab (Active match) that `toId` rides in (issue 10): checked now for room, blocks,
 * women-only and every rider's limits, and again when a rider in it accepts.
 */
export async function askToJoinCab(
  ctx: ServiceContext,
  tx: DbOrTx,
  input: { userId: string; fromId: string; toId: string; matchId: string; now: Date },
): Promise<{ created: MatchRequestRow; riders: string[] }> {
  const { userId, fromId, toId, matchId, now } = input;
  await lockActiveMatch(tx, matchId);
  // The asker's ride and the cab's in id order, as an accept and a block take rides: taking the
  // asker's first deadlocked with a block between the asker and a rider of the cab.
  const [from] = (await lockCabRidesAnd(tx, matchId, fromId)).filter((ride) => ride.id === fromId);
  if (!from) throw new AppError('NOT_FOUND', 'Ride request not found.');
  if (from.riderId !== userId)
    throw new AppError('FORBIDDEN', 'You can only send match requests from your own ride request.');
  const status = effectiveStatus(from, now);
  if (status !== 'Active')
    throw new AppError(
      'CONFLICT',
      `Your ride request is ${status.toLowerCase()}, so it cannot be matched.`,
    );
  await assertMayMatch(tx, { self: userId }, 'send');
  // A cab that declined this ride keeps it out (decision 004), whichever of its riders is asked.
  const [declined] = await tx
    .select({ id: matchRequests.id })
    .from(matchRequests)
    .where(
      and(
        eq(matchRequests.fromRequestId, fromId),
        eq(matchRequests.toMatchId, matchId),
        eq(matchRequests.status, 'Declined'),
        isNotNull(matchRequests.answeredBy),
      ),
    )
    .limit(1);
  if (declined) throw new AppError('CONFLICT', GONE);
  const { members, fit } = await admitOrThrow(ctx, tx, matchId, from);
  const target = members.find((m) => m.row.id === toId);
  if (!target) throw new AppError('CONFLICT', GONE);
  const [created] = await tx
    .insert(matchRequests)
    .values({
      fromRequestId: fromId,
      toRequestId: toId,
      toMatchId: matchId,
      fromUserId: userId,
      toUserId: target.row.riderId,
      matchPercentage: fit.matchPercentage,
      distance: metresBetween(from, target.row),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError('CONFLICT', 'You have already asked to join this cab.');
  return { created, riders: members.map((m) => m.row.riderId) };
}

/**
 * A rider of the cab answers an ask to join: the first answer decides for the cab (decision 011).
 * An accept re-checks room and every rider's limits under the match lock, so of two asks racing
 * for the last seat exactly one gets in.
 */
export async function answerAskToJoin(
  ctx: ServiceContext,
  tx: DbOrTx,
  input: {
    userId: string;
    requestId: string;
    pending: MatchRequestRow;
    accept: boolean;
    now: Date;
  },
): Promise<{
  matchId: string;
  notify: string[];
  closed: Closing['closed'];
  cab: string[];
  /** The rides already in the cab when the joiner came in. */
  memberRides: string[];
}> {
  const { userId, requestId, pending, accept, now } = input;
  const matchId = pending.toMatchId!;
  await lockActiveMatch(tx, matchId);
  const [member] = await tx
    .select()
    .from(matchMembers)
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.rideRequestId, requestId)));
  if (member?.userId !== userId)
    throw new AppError('FORBIDDEN', 'Only riders in this cab can answer a request to join it.');
  if (!accept) {
    await lockStillPending(tx, pending.id);
    const declined = await tx
      .update(matchRequests)
      .set({ status: 'Declined', respondedAt: now, answeredBy: userId })
      .where(eq(matchRequests.id, pending.id))
      .returning(closedRequestColumns);
    // The cab's riders' open tabs drop the ask, and their bells its notice: one rider answered
    // for the cab (the asker is told separately).
    return {
      matchId,
      notify: await ridersToTell(tx, declined, now, userId),
      closed: [],
      cab: [],
      memberRides: [],
    };
  }

  // Every ride of the cab to be in id order, then the ask: a pair accept and a block take rides
  // in id order, and they, cancelling or editing a ride and a deactivation take rides before their
  // pending requests. Taking the ask, then the joiner's ride, then the members' deadlocked.
  const rides = await lockCabRidesAnd(tx, matchId, pending.fromRequestId);
  const joiner = rides.find((ride) => ride.id === pending.fromRequestId);
  await lockStillPending(tx, pending.id);
  if (!joiner || effectiveStatus(joiner, now) !== 'Active') throw new AppError('CONFLICT', GONE);
  // The joiner's ratings may have fallen since they asked (the cab's riders are checked in admit).
  await assertMayMatch(tx, { self: userId, other: joiner.riderId }, 'accept');
  const { members } = await admitOrThrow(ctx, tx, matchId, joiner);

  await tx
    .insert(matchMembers)
    .values({ matchId, rideRequestId: joiner.id, userId: joiner.riderId, joinedAt: now });
  await tx
    .update(rideRequests)
    .set({ status: 'Matched', currentMatchId: matchId, updatedAt: now })
    .where(eq(rideRequests.id, joiner.id));
  // The joiner's other open requests end; so does every other ask to this cab once it is full.
  const room = roomIn([...members.map((m) => m.row), joiner]);
  const full = room.riders < 1 || room.seats < 1;
  const closed = await acceptClosingOthers(tx, {
    pendingId: pending.id,
    userId,
    rideIds: [joiner.id],
    alsoClosing: full ? eq(matchRequests.toMatchId, matchId) : undefined,
    now,
  });
  const cab = [joiner.riderId, ...members.map((m) => m.row.riderId)];
  return {
    matchId,
    notify: [...cab, ...closed.riders],
    closed: closed.closed,
    cab,
    memberRides: members.map((m) => m.row.id),
  };
}

/**
 * The riders already in a cab who did not let the joiner in learn who joined: their cab's plan,
 * pickups and fare shares are worked out anew with the third rider.
 */
export async function tellCabOfJoiner(
  ctx: ServiceContext,
  input: {
    matchId: string;
    joinerRide: string;
    memberRides: string[];
    accepterId: string;
    now: Date;
  },
) {
  const views = await loadRideRequestViews(
    ctx.db,
    [input.joinerRide, ...input.memberRides],
    input.now,
  );
  const joiner = views.get(input.joinerRide);
  if (!joiner) return;
  const name = shortName(joiner.rider);
  for (const rideId of input.memberRides) {
    const member = views.get(rideId);
    if (!member || member.rider._id === input.accepterId) continue;
    const body = `Your cab now has three riders, so its pickups and your share of the fare are worked out again: see your trip in My Trips. ${describeTrip(member)}.`;
    await notifyRider(ctx, {
      userId: member.rider._id,
      from: joiner.rider._id,
      kind: 'cab-joined',
      title: `${name} joined your cab`,
      body,
      link: '/dashboard',
      dedupeKey: `cab-joined:${input.matchId}:${input.joinerRide}`,
      push: staleAtTrip(member),
      mail: cabJoinedMail(member, name, ctx.config.PUBLIC_URL),
    });
  }
}
