import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SAFETY_MESSAGES, type BlockedRider } from '@aeropool/contract/safety';
import type { DbOrTx } from '../../db/database';
import { blocks, matchMembers, matchRequests, matches, rideRequests, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { shortLastName, shortName } from '../accounts/user-view';
import { isTripAhead, leaveMatch, lockMatch, tellCoRidersOfLeave } from '../matches/match-service';
import { loadMatchViews, membersOf } from '../matches/match-view';
import { blockerMail } from './safety-mails';
import { leaveNotice, matchCancelledMail } from '../matching/match-mails';
import { tellSendersOfClosedRequests } from '../matching/closed-request-notices';
import {
  closedRequestColumns,
  ridersToTell,
  type ClosedRequest,
  type Closing,
} from '../matching/pending-lock';
import { notifyRider, staleAtTrip } from '../notifications/notification-service';
import { loadRideRequestViews } from '../rides/ride-request-view';

/** Match requests either rider sent the other. */
export const requestsBetween = (a: string, b: string) =>
  or(
    and(eq(matchRequests.fromUserId, a), eq(matchRequests.toUserId, b)),
    and(eq(matchRequests.fromUserId, b), eq(matchRequests.toUserId, a)),
  );

/** Matches both riders are (or were) members of; only the Active ones when asked. */
export async function matchesBetween(
  db: DbOrTx,
  a: string,
  b: string,
  { activeOnly = false } = {},
): Promise<string[]> {
  const theirs = alias(matchMembers, 'their_membership');
  const rows = await db
    .selectDistinct({ matchId: matchMembers.matchId })
    .from(matchMembers)
    .innerJoin(theirs, and(eq(theirs.matchId, matchMembers.matchId), eq(theirs.userId, b)))
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.userId, a), activeOnly ? eq(matches.status, 'Active') : undefined));
  return rows.map((row) => row.matchId);
}

type LeftCab = { matchId: string; members: Awaited<ReturnType<typeof membersOf>> };

type BlockOutcome = {
  blockerId: string;
  blockedId: string;
  name: string;
  /** Pairs' matches the block cancelled. */
  ended: string[];
  /** Cabs of three the blocker left, with their riders as they were. */
  left: LeftCab[];
  /** Pending match requests between them (asks to join their cabs too) that the block declined. */
  declined: number;
  /**
   * Riders who saw those requests (both sides, every rider of a cab asked) and riders whose asks
   * to join a match the block ended closed with it.
   */
  toldOfClosedRequests: string[];
  /** Asks to join a match the block ended, from riders outside it: they are told it ended. */
  asksToEnded: ClosedRequest[];
};

/**
 * Blocks `blockedId` for `blockerId` inside `tx` (decision 009): pending match requests between
 * them are declined and the blocker leaves an Active match between them whose trip is ahead (a
 * pair's is cancelled, each request open again; a cab of three goes on without them). Blocking
 * twice is harmless. Call `announceBlock` once the transaction has committed.
 */
export async function applyBlock(
  ctx: ServiceContext,
  tx: DbOrTx,
  blockerId: string,
  blockedId: string,
): Promise<BlockOutcome> {
  if (blockerId === blockedId) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.cannotBlockSelf);
  const now = ctx.now();
  const [blocked] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, blockedId));
  if (!blocked) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.riderNotFound);
  // Their cabs first, then their rides: the order a join takes (decision 011), so a third rider
  // joining their cab now cannot deadlock with this block.
  for (const matchId of await matchesBetween(tx, blockerId, blockedId, { activeOnly: true }))
    await lockMatch(tx, matchId);
  // The rides of both, in id order as an accept takes them: an accept between them waits here and
  // then finds the block (match-request-service checks it under the same locks).
  await tx
    .select({ id: rideRequests.id })
    .from(rideRequests)
    .where(
      and(
        inArray(rideRequests.riderId, [blockerId, blockedId]),
        inArray(rideRequests.status, ['Active', 'Matched']),
      ),
    )
    .orderBy(rideRequests.id)
    .for('update');
  await tx.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
  // Requests between them, and one's asks to join a cab the other rides in (addressed to the
  // rider its card showed, but seen by every rider of the cab).
  const cabsOf = (userId: string) =>
    tx
      .select({ id: matchMembers.matchId })
      .from(matchMembers)
      .where(eq(matchMembers.userId, userId));
  const declined = await tx
    .update(matchRequests)
    .set({ status: 'Declined', respondedAt: now })
    .where(
      and(
        eq(matchRequests.status, 'Pending'),
        or(
          requestsBetween(blockerId, blockedId),
          and(
            eq(matchRequests.fromUserId, blockedId),
            inArray(matchRequests.toMatchId, cabsOf(blockerId)),
          ),
          and(
            eq(matchRequests.fromUserId, blockerId),
            inArray(matchRequests.toMatchId, cabsOf(blockedId)),
          ),
        ),
      ),
    )
    .returning(closedRequestColumns);
  const ended: string[] = [];
  const left: LeftCab[] = [];
  const asksToEnded: Closing = { riders: [], closed: [] };
  for (const matchId of await matchesBetween(tx, blockerId, blockedId, { activeOnly: true })) {
    // Read under the match lock, so a rider joining now is not left pointing at a closed match.
    // A match formed while this waited for the rides is locked here; nobody else holds it.
    await lockMatch(tx, matchId);
    const members = await membersOf(tx, matchId);
    // Once every rider's time has passed the cab has gone: it stays for its riders to complete
    // and rate (a third rider's trip is not undone), and the block closes its chat.
    if (!(await isTripAhead(tx, members, now))) continue;
    // While the trip is ahead the blocker leaves, their request open again: a pair's match is
    // cancelled, both requests open again; from a cab of three the other two ride on, as after
    // any leave (a cab ended whole would tell them of a block, and undo the third's trip).
    const closing = await leaveMatch(tx, {
      matchId,
      userId: blockerId,
      members,
      now,
      cancelMyRequest: false,
    });
    asksToEnded.riders.push(...closing.riders);
    asksToEnded.closed.push(...closing.closed);
    if (members.length > 2) left.push({ matchId, members });
    else ended.push(matchId);
  }
  return {
    blockerId,
    blockedId,
    name: shortName(blocked),
    ended,
    left,
    declined: declined.length,
    toldOfClosedRequests: [...(await ridersToTell(tx, declined, now)), ...asksToEnded.riders],
    asksToEnded: asksToEnded.closed,
  };
}

/**
 * After the commit: a notice mail to every rider of a cancelled match, the riders other than the
 * blocker told in the bell too, and open tabs told. The blocked rider's tabs hear only of what
 * changed for them, as a decline or a cancellation would tell them: nothing at the moment of a
 * block that changed nothing of theirs.
 */
export async function announceBlock(ctx: ServiceContext, outcome: BlockOutcome): Promise<void> {
  const { blockerId, blockedId } = outcome;
  const ridersOfEnded =
    outcome.ended.length > 0 ? await noticeMatchesEnded(ctx, outcome.ended, blockerId) : [];
  // A cab of three the blocker left: the others hear it as any leave, the blocker by mail.
  for (const { matchId, members } of outcome.left) {
    await tellCoRidersOfLeave(ctx, { matchId, userId: blockerId, members, now: ctx.now() });
    ridersOfEnded.push(...members.map((m) => m.userId));
  }
  if (outcome.left.length > 0) await mailBlockerOfLeftCabs(ctx, blockerId, outcome.left);
  // The blocked rider, and a third rider of the match, were told with the notice.
  ctx.notifyUser(blockerId, 'trips:changed', { reason: 'match-cancelled' });
  if (ridersOfEnded.length === 0 && outcome.declined > 0)
    ctx.notifyUser(blockedId, 'trips:changed', { reason: 'match-declined' });
  // The other riders of a cab one of them had asked to join drop the ask from their cards.
  const told = new Set([blockerId, blockedId, ...ridersOfEnded]);
  for (const rider of new Set(outcome.toldOfClosedRequests))
    if (!told.has(rider)) ctx.notifyUser(rider, 'trips:changed', { reason: 'request-changed' });
  await tellSendersOfClosedRequests(ctx, outcome.asksToEnded, { why: 'cab-ended', by: blockerId });
}

/** The blocker's own leaving of a cab is confirmed by mail whatever their settings. */
async function mailBlockerOfLeftCabs(ctx: ServiceContext, blockerId: string, cabs: LeftCab[]) {
  const rides = cabs.map((cab) => cab.members.find((m) => m.userId === blockerId)!.rideRequestId);
  const views = await loadRideRequestViews(ctx.db, rides, ctx.now());
  for (const view of views.values())
    ctx.mailer.sendLater(
      blockerMail(view, ctx.config.PUBLIC_URL, { leftCab: true }),
      'block notice not sent',
    );
}

export async function blockRider(
  ctx: ServiceContext,
  blockerId: string,
  blockedId: string,
): Promise<{ name: string }> {
  const outcome = await ctx.db.transaction((tx) => applyBlock(ctx, tx, blockerId, blockedId));
  await announceBlock(ctx, outcome);
  return { name: outcome.name };
}

/**
 * Mails every rider of the ended matches. The others hear of it as of the blocker cancelling the
 * shared ride (the bell, open tabs, the "co-rider cancels" mail), in the same words: a notice of
 * its own would tell the blocked rider they were blocked (decision 009).
 */
async function noticeMatchesEnded(
  ctx: ServiceContext,
  matchIds: string[],
  blockerId: string,
): Promise<string[]> {
  const now = ctx.now();
  const views = await loadMatchViews(ctx.db, matchIds, now);
  const riders: string[] = [];
  for (const match of views.values()) {
    const blocker = match.requests.find((request) => request.rider._id === blockerId);
    const name = blocker ? shortName(blocker.rider) : 'Your co-rider';
    for (const request of match.requests) {
      // A block ends a match whose trip is ahead (decision 009); a rider whose own time has
      // passed is not reopened (cancelMatch), and is not told so.
      const outcome = { cabGoesOn: false, isTripAhead: request.timeOfTravel > now.getTime() };
      const notice = leaveNotice(name, outcome);
      const rider = request.rider._id;
      riders.push(rider);
      if (rider === blockerId) {
        // The blocker's own action is confirmed by mail whatever their settings.
        ctx.mailer.sendLater(blockerMail(request, ctx.config.PUBLIC_URL), 'block notice not sent');
        continue;
      }
      ctx.notifyUser(rider, 'trips:changed', { reason: 'match-cancelled', notice });
      await notifyRider(ctx, {
        userId: rider,
        kind: 'match-cancelled',
        title: `${name} cancelled your shared ride`,
        body: notice,
        link: '/dashboard',
        dedupeKey: `match-cancelled:${match._id}:${blockerId}`,
        push: staleAtTrip(request),
        mail: matchCancelledMail(request, name, outcome, ctx.config.PUBLIC_URL),
      });
    }
  }
  return riders;
}

export async function unblockRider(
  ctx: ServiceContext,
  blockerId: string,
  blockedId: string,
): Promise<{ name: string }> {
  const [row] = await ctx.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  if (!row) throw new AppError('NOT_FOUND', 'This rider is not on your block list.');
  const [rider] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, blockedId));
  ctx.notifyUser(blockerId, 'trips:changed', { reason: 'request-changed' });
  return { name: rider ? shortName(rider) : 'This rider' };
}

/** My block list, newest first: first name and last initial, never more. */
export async function listBlocks(ctx: ServiceContext, blockerId: string): Promise<BlockedRider[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    firstName: row.firstName,
    lastName: shortLastName(row.lastName),
    blockedAt: row.createdAt.toISOString(),
  }));
}
