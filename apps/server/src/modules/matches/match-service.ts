import { and, eq, gt, inArray, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import {
  cabLeavers,
  matchMembers,
  matchRequests,
  matches,
  ratings,
  rideRequests,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { membersOf } from './match-view';
import { loadRideRequestViews } from '../rides/ride-request-view';
import { shortName } from '../accounts/user-view';
import { leaveNotice, matchCancelledMail } from '../matching/match-mails';
import {
  notifyRider,
  retireChatNoticesQuietly,
  staleAtTrip,
} from '../notifications/notification-service';
import { revokeTripShares } from '../trip-shares/revoke-trip-shares';
import { hasBlocked } from '../safety/block-rule';
import { tellSendersOfClosedRequests } from '../matching/closed-request-notices';
import { closedRequestColumns, ridersToTell, type Closing } from '../matching/pending-lock';

/** The match and its members; 404 when missing, 403 unless `userId` is one of them. */
export async function requireMembership(
  ctx: Pick<ServiceContext, 'db'>,
  matchId: string,
  userId: string,
) {
  const [match] = await ctx.db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw new AppError('NOT_FOUND', 'Match not found.');
  const members = await membersOf(ctx.db, matchId);
  if (!members.some((m) => m.userId === userId))
    throw new AppError('FORBIDDEN', 'Only riders of this match can do that.');
  return { match, members };
}

type CancelInput = {
  matchId: string;
  userId: string;
  /** A request Cancelled with the match (the canceller's, when they asked); null: none. */
  cancelledRequestId: string | null;
  requestIds: string[];
  now: Date;
};

/**
 * The match is Cancelled; `cancelledRequestId` too, when given; every other member's request
 * whose time is ahead is Active again, free to match anew. One whose time has passed keeps the
 * match, so the trip shows on the Past tab as a cancelled match, not as a ride that expired
 * alone. Returns the asks to join it that closed, and the riders to tell.
 */
export async function cancelMatch(
  tx: DbOrTx,
  { matchId, userId, cancelledRequestId, requestIds, now }: CancelInput,
): Promise<Closing> {
  await tx
    .update(matches)
    .set({ status: 'Cancelled', cancelledBy: userId, updatedAt: now })
    .where(eq(matches.id, matchId));
  await takeBackRatingsGiven(tx, matchId, userId);
  if (cancelledRequestId) {
    await tx
      .update(rideRequests)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(eq(rideRequests.id, cancelledRequestId));
  }
  await tx
    .update(rideRequests)
    .set({ status: 'Active', currentMatchId: null, updatedAt: now })
    .where(
      and(
        inArray(rideRequests.id, requestIds),
        cancelledRequestId ? ne(rideRequests.id, cancelledRequestId) : undefined,
        gt(rideRequests.timeOfTravel, now),
      ),
    );
  // The asks to join it last: rides before match requests, the order a block and an accept take.
  return closeAsksToJoin(tx, matchId, now);
}

/**
 * A rider who cancels a match, or leaves a cab, gives up the ratings they gave on it: nobody rates
 * a co-rider after the trip and then cancels to keep them from rating back. The ratings they
 * received stay, so a cancel cannot wipe them either.
 */
const takeBackRatingsGiven = (tx: DbOrTx, matchId: string, userId: string) =>
  tx.delete(ratings).where(and(eq(ratings.matchId, matchId), eq(ratings.raterId, userId)));

/**
 * A match that ended takes nobody: its pending asks close, and the cab's riders' notices of them
 * are read. Returns the asks, and the askers and the cab's riders to tell.
 */
async function closeAsksToJoin(tx: DbOrTx, matchId: string, now: Date): Promise<Closing> {
  const asks = await tx
    .update(matchRequests)
    .set({ status: 'Cancelled', respondedAt: now })
    .where(and(eq(matchRequests.toMatchId, matchId), eq(matchRequests.status, 'Pending')))
    .returning(closedRequestColumns);
  return { riders: await ridersToTell(tx, asks, now), closed: asks };
}

type Member = { rideRequestId: string; userId: string };

/** When a cab's trip is over: its last rider's time (epoch ms). */
export async function tripEndOf(db: DbOrTx, members: { rideRequestId: string }[]): Promise<number> {
  const [row] = await db
    .select({ end: max(rideRequests.timeOfTravel) })
    .from(rideRequests)
    .where(
      inArray(
        rideRequests.id,
        members.map((m) => m.rideRequestId),
      ),
    );
  return row?.end?.getTime() ?? 0;
}

/** True while any of these rides' times is still ahead: the cab's trip is not over. */
export const isTripAhead = async (
  db: DbOrTx,
  members: { rideRequestId: string }[],
  now: Date,
): Promise<boolean> => (await tripEndOf(db, members)) > now.getTime();

/** The match row, locked: joins, leaves and status changes of one cab queue here (decision 011). */
export async function lockMatch(tx: DbOrTx, matchId: string) {
  const [match] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
  return match;
}

/**
 * `userId` leaves the match: from a cab of three the others ride on together (their match stays
 * Active, issue 10); from a pair the match is Cancelled and the other rider's request is Active
 * again. The leaver's own request stays Active (free to match again) unless `cancelMyRequest`.
 * Returns the asks to join the match that closed with it, and the riders to tell.
 */
export async function leaveMatch(
  tx: DbOrTx,
  input: {
    matchId: string;
    userId: string;
    members: (Member & { joinedAt: Date | null })[];
    now: Date;
    cancelMyRequest: boolean;
  },
): Promise<Closing> {
  const { matchId, userId, members, now, cancelMyRequest } = input;
  const mine = members.find((m) => m.userId === userId)!;
  if (members.length <= 2) {
    return cancelMatch(tx, {
      matchId,
      userId,
      cancelledRequestId: cancelMyRequest ? mine.rideRequestId : null,
      requestIds: members.map((m) => m.rideRequestId),
      now,
    });
  }
  await tx
    .delete(matchMembers)
    .where(
      and(eq(matchMembers.matchId, matchId), eq(matchMembers.rideRequestId, mine.rideRequestId)),
    );
  await takeBackRatingsGiven(tx, matchId, userId);
  await tx
    .update(rideRequests)
    .set({ status: cancelMyRequest ? 'Cancelled' : 'Active', currentMatchId: null, updatedAt: now })
    .where(eq(rideRequests.id, mine.rideRequestId));
  // Not offered this cab again, nor its riders: leaving is a no to them, as a cancelled pair's.
  await tx.insert(cabLeavers).values({
    rideRequestId: mine.rideRequestId,
    matchId,
    joinedAt: mine.joinedAt,
    leftAt: now,
  });
  // The leaver's trip link showed this cab; it is not their trip any more.
  await revokeTripShares(tx, { matchId, userId }, now);
  await tx.update(matches).set({ updatedAt: now }).where(eq(matches.id, matchId));
  return { riders: [], closed: [] };
}

/**
 * For deactivation and suspension: the rider leaves every Active match whose trip is ahead. A
 * match whose trip is over stays, for its other riders to rate them and complete it (a rating
 * given there is not undone by closing the account). Returns the matches left, with their riders
 * as they were, for tellCoRidersOfLeave, and the asks to join them that closed.
 */
export async function cancelActiveMatchesOfRider(
  tx: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ left: { matchId: string; members: Member[] }[]; asks: Closing }> {
  const mine = await tx
    .select({ matchId: matchMembers.matchId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.userId, userId), eq(matches.status, 'Active')));
  const left: { matchId: string; members: Member[] }[] = [];
  const asks: Closing = { riders: [], closed: [] };
  for (const { matchId } of mine) {
    // As every join and leave does: a rider joining now waits, and is then a member seen here.
    await lockMatch(tx, matchId);
    const members = await membersOf(tx, matchId);
    if (!(await isTripAhead(tx, members, now))) continue;
    const closing = await leaveMatch(tx, { matchId, userId, members, now, cancelMyRequest: true });
    asks.riders.push(...closing.riders);
    asks.closed.push(...closing.closed);
    left.push({ matchId, members });
  }
  return { left, asks };
}

/**
 * Active → Cancelled by a member: their request is Cancelled, every other member's request is
 * Active again (free to match anew while its time is ahead). Active → Completed only after the
 * time of travel and once this member has rated every co-passenger; all requests Completed.
 */
export async function updateMatchStatus(
  ctx: ServiceContext,
  userId: string,
  matchId: string,
  status: 'Cancelled' | 'Completed',
  { alsoCancelMyRequest = false }: { alsoCancelMyRequest?: boolean } = {},
) {
  const now = ctx.now();
  await requireMembership(ctx, matchId, userId);

  const { members, asks } = await ctx.db.transaction(async (tx) => {
    const match = await lockMatch(tx, matchId);
    if (match!.status !== 'Active')
      throw new AppError('CONFLICT', `This match is already ${match!.status.toLowerCase()}.`);
    // Read again under the match lock: a rider may have joined or left since (issue 10).
    const members = await membersOf(tx, matchId);
    if (!members.some((m) => m.userId === userId))
      throw new AppError('FORBIDDEN', 'Only riders of this match can do that.');
    const requestIds = members.map((m) => m.rideRequestId);

    if (status === 'Cancelled') {
      const asks = await leaveMatch(tx, {
        matchId,
        userId,
        members,
        now,
        cancelMyRequest: alsoCancelMyRequest,
      });
      return { members, asks };
    }

    if (await isTripAhead(tx, members, now))
      throw new AppError(
        'CONFLICT',
        'You can mark the trip completed only after the time of travel.',
      );
    const given = await tx
      .select({ ratedId: ratings.ratedId })
      .from(ratings)
      .where(and(eq(ratings.matchId, matchId), eq(ratings.raterId, userId)));
    const coPassengers = members.filter((m) => m.userId !== userId).map((m) => m.userId);
    if (!coPassengers.every((id) => given.some((g) => g.ratedId === id))) {
      throw new AppError('CONFLICT', 'Please rate your co-passengers before completing the trip.');
    }
    await tx
      .update(matches)
      .set({ status: 'Completed', updatedAt: now })
      .where(eq(matches.id, matchId));
    await tx
      .update(rideRequests)
      .set({ status: 'Completed', updatedAt: now })
      .where(inArray(rideRequests.id, requestIds));
    return { members, asks: await closeAsksToJoin(tx, matchId, now) };
  });

  // Riders who had asked to join a match that ended: their outgoing list drops the ask, and
  // those still looking for a cab are told.
  for (const asker of asks.riders)
    ctx.notifyUser(asker, 'trips:changed', { reason: 'request-changed' });
  if (status === 'Cancelled') {
    await tellCoRidersOfLeave(ctx, { matchId, userId, members, now });
  } else {
    // Every member, the one who acted too: their other open tabs (a chat, a dashboard) follow.
    for (const member of members)
      ctx.notifyUser(member.userId, 'trips:changed', { reason: 'match-completed' });
  }
  await tellSendersOfClosedRequests(ctx, asks.closed, { why: 'cab-ended', by: userId });
}

/**
 * After a cancellation or a leave: the co-riders hear it at once in the app (a notice on their
 * open tabs) and by mail; the leaver's own tabs just refresh (issue 9).
 */
export async function tellCoRidersOfLeave(
  ctx: ServiceContext,
  {
    matchId,
    userId,
    members,
    now,
  }: { matchId: string; userId: string; members: Member[]; now: Date },
) {
  ctx.notifyUser(userId, 'trips:changed', { reason: 'match-cancelled' });
  // Left a cab that goes on: the others' chat is no longer theirs to hear. (A pair's cancelled
  // match keeps both riders, and its chat takes no more messages.)
  if (members.length > 2) {
    ctx.removeFromChat(userId, matchId);
    await retireChatNoticesQuietly(ctx, userId, matchId);
  }
  const views = await loadRideRequestViews(
    ctx.db,
    members.map((m) => m.rideRequestId),
    now,
  );
  const leaver = [...views.values()].find((v) => v.rider._id === userId)!;
  const name = shortName(leaver.rider);
  const cabGoesOn = members.length > 2;
  for (const member of members.filter((m) => m.userId !== userId)) {
    const view = views.get(member.rideRequestId);
    // A ride whose time has passed is not reopened (cancelMatch): nobody is told it is.
    const outcome = { cabGoesOn, isTripAhead: !view || view.timeOfTravel > now.getTime() };
    // A rider who blocked the leaver after the trip (the match stays for ratings) hears nothing.
    if (await hasBlocked(ctx.db, member.userId, userId)) {
      ctx.notifyUser(member.userId, 'trips:changed', { reason: 'match-cancelled' });
      continue;
    }
    const notice = leaveNotice(name, outcome);
    ctx.notifyUser(member.userId, 'trips:changed', { reason: 'match-cancelled', notice });
    if (!view) continue;
    await notifyRider(ctx, {
      userId: member.userId,
      kind: 'match-cancelled',
      title: cabGoesOn ? `${name} left your shared cab` : `${name} cancelled your shared ride`,
      body: notice,
      link: '/dashboard',
      dedupeKey: `match-cancelled:${matchId}:${userId}`,
      push: staleAtTrip(view),
      mail: matchCancelledMail(view, name, outcome, ctx.config.PUBLIC_URL),
    });
  }
}
