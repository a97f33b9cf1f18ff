import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matchRequests, matches, ratings, rideRequests } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { membersOf } from './match-view';

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
  /** The canceller's request, Cancelled with the match; null when nobody leaves (a block). */
  myRequestId: string | null;
  requestIds: string[];
  now: Date;
};

/**
 * The match is Cancelled; the canceller's request too (when given), every other member's is Active
 * again.
 */
export async function cancelMatch(
  tx: DbOrTx,
  { matchId, userId, myRequestId, requestIds, now }: CancelInput,
) {
  await tx
    .update(matches)
    .set({ status: 'Cancelled', cancelledBy: userId, updatedAt: now })
    .where(eq(matches.id, matchId));
  await tx
    .update(matchRequests)
    .set({ status: 'Cancelled', respondedAt: now })
    .where(and(eq(matchRequests.toMatchId, matchId), eq(matchRequests.status, 'Pending')));
  if (myRequestId) {
    await tx
      .update(rideRequests)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(eq(rideRequests.id, myRequestId));
  }
  await tx
    .update(rideRequests)
    .set({ status: 'Active', currentMatchId: null, updatedAt: now })
    .where(
      and(
        inArray(rideRequests.id, requestIds),
        myRequestId ? ne(rideRequests.id, myRequestId) : undefined,
      ),
    );
}

type Member = { rideRequestId: string; userId: string };

/** The match row, locked: joins, leaves and status changes of one cab queue here (decision 011). */
export async function lockMatch(tx: DbOrTx, matchId: string) {
  const [match] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
  return match;
}

/**
 * `userId` leaves the match: from a cab of three the others ride on together (their match stays
 * Active, issue 10) and the leaver's request is Cancelled; from a pair the match is Cancelled.
 */
export async function leaveMatch(
  tx: DbOrTx,
  input: { matchId: string; userId: string; members: Member[]; now: Date },
) {
  const { matchId, userId, members, now } = input;
  const mine = members.find((m) => m.userId === userId)!;
  if (members.length <= 2) {
    await cancelMatch(tx, {
      matchId,
      userId,
      myRequestId: mine.rideRequestId,
      requestIds: members.map((m) => m.rideRequestId),
      now,
    });
    return;
  }
  await tx
    .delete(matchMembers)
    .where(
      and(eq(matchMembers.matchId, matchId), eq(matchMembers.rideRequestId, mine.rideRequestId)),
    );
  await tx
    .update(rideRequests)
    .set({ status: 'Cancelled', currentMatchId: null, updatedAt: now })
    .where(eq(rideRequests.id, mine.rideRequestId));
  await tx.update(matches).set({ updatedAt: now }).where(eq(matches.id, matchId));
}

/** For deactivation: the rider leaves every Active match; returns the co-riders to notify. */
export async function cancelActiveMatchesOfRider(
  tx: DbOrTx,
  userId: string,
  now: Date,
): Promise<string[]> {
  const mine = await tx
    .select({ matchId: matchMembers.matchId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.userId, userId), eq(matches.status, 'Active')));
  const notify: string[] = [];
  for (const { matchId } of mine) {
    // As every join and leave does: a rider joining now waits, and is then a member seen here.
    await lockMatch(tx, matchId);
    const members = await membersOf(tx, matchId);
    await leaveMatch(tx, { matchId, userId, members, now });
    notify.push(...members.map((m) => m.userId).filter((id) => id !== userId));
  }
  return notify;
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
) {
  const now = ctx.now();
  await requireMembership(ctx, matchId, userId);

  const members = await ctx.db.transaction(async (tx) => {
    const match = await lockMatch(tx, matchId);
    if (match!.status !== 'Active')
      throw new AppError('CONFLICT', `This match is already ${match!.status.toLowerCase()}.`);
    // Read again under the match lock: a rider may have joined or left since (issue 10).
    const members = await membersOf(tx, matchId);
    if (!members.some((m) => m.userId === userId))
      throw new AppError('FORBIDDEN', 'Only riders of this match can do that.');
    const requestIds = members.map((m) => m.rideRequestId);

    if (status === 'Cancelled') {
      await leaveMatch(tx, { matchId, userId, members, now });
      return members;
    }

    const [notYet] = await tx
      .select({ id: rideRequests.id })
      .from(rideRequests)
      .where(and(inArray(rideRequests.id, requestIds), gt(rideRequests.timeOfTravel, now)))
      .limit(1);
    if (notYet)
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
    return members;
  });

  // Every member, the one who acted too: their other open tabs (a chat, a dashboard) follow.
  for (const member of members) {
    ctx.notifyUser(member.userId, 'trips:changed', {
      reason: status === 'Cancelled' ? 'match-cancelled' : 'match-completed',
    });
  }
}
