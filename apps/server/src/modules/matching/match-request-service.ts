import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matchRequests, matches, rideRequests } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import {
  effectiveStatus,
  loadRideRequestViews,
  type RideRequestRow,
} from '../rides/ride-request-view';
import { matchMailsPerPair, matchMailsPerRecipient, matchRequestsPerRider } from './match-limits';
import {
  describeTrip,
  matchAcceptedMail,
  matchDeclinedMail,
  matchRequestReceivedMail,
} from './match-mails';
import { notifyRider, staleAtTrip } from '../notifications/notification-service';
import { shortName } from '../accounts/user-view';
import { areKeptApart } from './kept-apart';
import { assertMayMatch } from './rating-rule';
import {
  acceptClosingOthers,
  closedRequestColumns,
  lockStillPending,
  ridersToTell,
} from './pending-lock';
import { assertNotBlocked, hasBlocked } from '../safety/block-rule';
import { gendersOf, womenOnlyAllows } from '../rides/women-only';
import { fitPair, isCompatible, metresBetween } from './ride-fit';
import { answerAskToJoin, askToJoinCab, tellCabOfJoiner } from './cab-join-service';
import { tellSendersOfClosedRequests } from './closed-request-notices';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const assertOpen = (row: RideRequestRow, now: Date, whose: 'Your' | 'Their') => {
  const status = effectiveStatus(row, now);
  if (status !== 'Active') {
    throw new AppError(
      'CONFLICT',
      whose === 'Your'
        ? `Your ride request is ${status.toLowerCase()}, so it cannot be matched.`
        : 'That ride is no longer available.',
    );
  }
};

export async function sendMatchRequest(
  ctx: ServiceContext,
  userId: string,
  fromId: string,
  toId: string,
) {
  const now = ctx.now();
  if (fromId === toId) throw new AppError('BAD_REQUEST', 'Choose another rider’s ride request.');
  // An ask to join a cab counts as a request to a rider does. Counted only if sent (a refused
  // request gives its hit back), and outside the transaction (see consumeFor).
  const { created, riders } = await ctx.limits.consumeFor(matchRequestsPerRider, userId, () =>
    ctx.db.transaction((tx) => insertMatchRequest(ctx, tx, { userId, fromId, toId, now })),
  );

  const views = await loadRideRequestViews(ctx.db, [fromId, toId], now);
  const sender = views.get(fromId)!;
  const name = shortName(sender.rider);
  // Every rider of a cab sees an ask to join; the mail goes to the one it was sent to.
  for (const rider of riders) {
    await notifyRider(ctx, {
      userId: rider,
      from: userId,
      kind: 'match-request',
      title: created.toMatchId ? `${name} asks to join your cab` : `New match request from ${name}`,
      body: `${created.matchPercentage}% match. ${describeTrip(sender)}.`,
      link: '/dashboard',
      dedupeKey: `match-request:${created.id}`,
      push: staleAtTrip(views.get(toId)!),
      mail:
        rider === created.toUserId
          ? matchRequestReceivedMail(
              views.get(toId)!,
              sender,
              created.matchPercentage,
              ctx.config.PUBLIC_URL,
              { toCab: created.toMatchId !== null },
            )
          : undefined,
      // Counted only for a mail the rider wants: one switched off must not use up the hour's
      // limit their new-match mails share.
      mailIf: () => mayMailAbout(ctx, created.toUserId, [fromId, toId].sort().join(':')),
    });
  }
  // The sender's other tabs too: theirs shows the request as sent.
  for (const rider of new Set([userId, ...riders]))
    ctx.notifyUser(rider, 'trips:changed', { reason: 'match-request' });
  return created;
}

/** The checks and the insert of sendMatchRequest, in its transaction. */
async function insertMatchRequest(
  ctx: ServiceContext,
  tx: DbOrTx,
  { userId, fromId, toId, now }: { userId: string; fromId: string; toId: string; now: Date },
): Promise<{ created: typeof matchRequests.$inferSelect; riders: string[] }> {
  const [target] = await tx
    .select({ status: rideRequests.status, matchId: rideRequests.currentMatchId })
    .from(rideRequests)
    .where(eq(rideRequests.id, toId));
  // A rider of an Active match: the card was a cab with room, and this asks to join it.
  if (target?.status === 'Matched' && target.matchId) {
    return askToJoinCab(ctx, tx, { userId, fromId, toId, matchId: target.matchId, now });
  }
  // The same row locks, in the same order, as an accept: a request sent while either ride is
  // being matched waits for that accept and then sees the ride Matched, never a stale Active.
  const rows = await tx
    .select()
    .from(rideRequests)
    .where(inArray(rideRequests.id, [fromId, toId]))
    .orderBy(rideRequests.id)
    .for('update');
  const from = rows.find((r) => r.id === fromId);
  const to = rows.find((r) => r.id === toId);
  if (!from || !to) throw new AppError('NOT_FOUND', 'Ride request not found.');
  if (from.riderId !== userId)
    throw new AppError('FORBIDDEN', 'You can only send match requests from your own ride request.');
  if (to.riderId === userId)
    throw new AppError('BAD_REQUEST', 'You cannot send a match request to yourself.');
  assertOpen(from, now, 'Your');
  assertOpen(to, now, 'Their');
  const genders = await gendersOf(tx, [from.riderId, to.riderId]);
  const side = (row: typeof from) => ({
    womenOnly: row.womenOnly,
    gender: genders.get(row.riderId) ?? null,
  });
  if (!womenOnlyAllows(side(from), side(to))) {
    throw new AppError('BAD_REQUEST', 'That ride is for women only.');
  }
  const fit = fitPair(ctx, from, to);
  if (!fit)
    throw new AppError(
      'BAD_REQUEST',
      'These rides do not fit one cab (direction, time, distance, seats or bags).',
    );
  // After the fit: a blocked rider sending from any ride that does not fit would otherwise learn
  // of the block from the answer alone, at no cost (a refused request is not counted).
  await assertNotBlocked(tx, from.riderId, to.riderId);
  await assertMayMatch(tx, { self: from.riderId, other: to.riderId }, 'send');
  if (await areKeptApart(tx, from.id, to.id))
    throw new AppError('CONFLICT', 'That ride is no longer available.');
  const score = {
    matchPercentage: fit.matchPercentage,
    distance: metresBetween(from, to),
  };
  try {
    const [row] = await tx
      .insert(matchRequests)
      .values({
        fromRequestId: fromId,
        toRequestId: toId,
        fromUserId: userId,
        toUserId: to.riderId,
        matchPercentage: score.matchPercentage,
        distance: score.distance,
        createdAt: now,
      })
      .returning();
    return { created: row!, riders: [row!.toUserId] };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'A match request between these rides is already pending.');
    throw error;
  }
}

/**
 * Within the pair's and the recipient's mail limits (both counted, so a loop stays quiet); the pair
 * is the two rides whichever sent, so a request sent back within 10 minutes mails nobody.
 */
const mayMailAbout = async (ctx: ServiceContext, recipientId: string, pair: string) => {
  const [forPair, forRecipient] = await Promise.all([
    ctx.limits.check(matchMailsPerPair, pair),
    ctx.limits.check(matchMailsPerRecipient, recipientId),
  ]);
  if (forPair.allowed && forRecipient.allowed) return true;
  ctx.log.info({ recipientId }, 'match request mail skipped: mail limit reached');
  return false;
};

export async function respondToMatchRequest(
  ctx: ServiceContext,
  userId: string,
  input: { requestId: string; matchRequestId: string; isAccepted: boolean },
) {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(matchRequests)
      .where(eq(matchRequests.id, input.matchRequestId));
    if (!pending) throw new AppError('NOT_FOUND', 'Match request not found.');
    if (pending.toMatchId) {
      const joined = await answerAskToJoin(ctx, tx, {
        userId,
        requestId: input.requestId,
        pending,
        accept: input.isAccepted,
        now,
      });
      return { join: true as const, accepted: input.isAccepted, pending, ...joined };
    }
    if (pending.toUserId !== userId || pending.toRequestId !== input.requestId) {
      throw new AppError(
        'FORBIDDEN',
        'Only the rider who received this match request can answer it.',
      );
    }
    // Lock both rides in a fixed order: two accepts touching one ride queue here, the second sees it Matched.
    const locked = await tx
      .select()
      .from(rideRequests)
      .where(inArray(rideRequests.id, [pending.fromRequestId, pending.toRequestId]))
      .orderBy(rideRequests.id)
      .for('update');
    await lockStillPending(tx, pending.id);

    if (!input.isAccepted) {
      await tx
        .update(matchRequests)
        .set({ status: 'Declined', respondedAt: now, answeredBy: userId })
        .where(eq(matchRequests.id, pending.id));
      return { accepted: false as const, pending };
    }
    for (const row of locked) assertOpen(row, now, row.riderId === userId ? 'Your' : 'Their');
    if (locked.length !== 2) throw new AppError('CONFLICT', 'That ride is no longer available.');
    await assertNotBlocked(tx, userId, pending.fromUserId);
    // What was checked at the sending may have changed since: ratings, and the two kept apart.
    await assertMayMatch(tx, { self: userId, other: pending.fromUserId }, 'accept');
    // A ride edited after the request was sent may no longer fit the other one.
    if (
      !isCompatible(ctx, locked[0]!, locked[1]!) ||
      (await areKeptApart(tx, locked[0]!.id, locked[1]!.id))
    ) {
      throw new AppError('CONFLICT', 'That ride is no longer available.');
    }
    const genders = await gendersOf(
      tx,
      locked.map((row) => row.riderId),
    );
    const [first, second] = locked.map((row) => ({
      womenOnly: row.womenOnly,
      gender: genders.get(row.riderId) ?? null,
    }));
    if (!womenOnlyAllows(first!, second!)) {
      throw new AppError('CONFLICT', 'That ride is no longer available.');
    }

    const [match] = await tx.insert(matches).values({ createdAt: now, updatedAt: now }).returning();
    await tx
      .insert(matchMembers)
      .values(
        locked.map((row) => ({ matchId: match!.id, rideRequestId: row.id, userId: row.riderId })),
      );
    await tx
      .update(rideRequests)
      .set({ status: 'Matched', currentMatchId: match!.id, updatedAt: now })
      .where(
        inArray(
          rideRequests.id,
          locked.map((r) => r.id),
        ),
      );
    const others = await acceptClosingOthers(tx, {
      pendingId: pending.id,
      userId,
      rideIds: locked.map((r) => r.id),
      now,
    });
    return {
      accepted: true as const,
      pending,
      matchId: match!.id,
      others: others.riders,
      closed: others.closed,
      cab: locked.map((row) => row.riderId),
    };
  });

  const { pending } = outcome;
  if (!outcome.accepted) {
    if ('join' in outcome)
      for (const rider of outcome.notify)
        ctx.notifyUser(rider, 'trips:changed', { reason: 'match-declined' });
    await tellSenderOfDecline(ctx, pending, { userId, requestId: input.requestId }, now);
    return { accepted: false as const };
  }
  // Last: the riders of the new cab first, then those whose requests it closed.
  const closed = () =>
    tellSendersOfClosedRequests(ctx, outcome.closed, { why: 'matched', by: outcome.cab });
  if ('join' in outcome) {
    for (const other of new Set([userId, ...outcome.notify]))
      ctx.notifyUser(other, 'trips:changed', { reason: 'match-accepted' });
    await tellSenderOfAccept(ctx, pending, input.requestId, outcome.matchId, now);
    await tellCabOfJoiner(ctx, {
      matchId: outcome.matchId,
      joinerRide: pending.fromRequestId,
      memberRides: outcome.memberRides ?? [],
      accepterId: userId,
      now,
    });
    await closed();
    return { accepted: true as const, matchId: outcome.matchId };
  }
  await tellSenderOfAccept(ctx, pending, input.requestId, outcome.matchId, now);
  // The acceptor too: their other open tabs refresh as well.
  for (const other of new Set([userId, pending.fromUserId, ...outcome.others])) {
    ctx.notifyUser(other, 'trips:changed', { reason: 'match-accepted' });
  }
  await closed();
  return { accepted: true as const, matchId: outcome.matchId };
}

/** The sender sees Declined at once on their open tabs and gets a mail (issue 9). */
async function tellSenderOfDecline(
  ctx: ServiceContext,
  pending: { id: string; fromRequestId: string; fromUserId: string },
  by: { userId: string; requestId: string },
  now: Date,
) {
  // A sender who has blocked the decliner since hears nothing of them.
  if (await hasBlocked(ctx.db, pending.fromUserId, by.userId)) {
    ctx.notifyUser(pending.fromUserId, 'trips:changed', { reason: 'match-declined' });
    return;
  }
  const views = await loadRideRequestViews(ctx.db, [pending.fromRequestId, by.requestId], now);
  const decliner = views.get(by.requestId);
  const name = decliner ? shortName(decliner.rider) : 'The other rider';
  ctx.notifyUser(pending.fromUserId, 'trips:changed', {
    reason: 'match-declined',
    notice: `${name} declined your match request.`,
  });
  const sender = views.get(pending.fromRequestId);
  if (!sender) return;
  await notifyRider(ctx, {
    userId: pending.fromUserId,
    kind: 'match-declined',
    title: `${name} declined your match request`,
    body: `Other riders may still fit your trip. ${describeTrip(sender)}.`,
    link: '/dashboard',
    dedupeKey: `match-declined:${pending.id}`,
    push: staleAtTrip(sender),
    mail: matchDeclinedMail(sender, name, ctx.config.PUBLIC_URL),
  });
}

/** The sender learns their request was accepted (a pair, or a cab they asked to join). */
async function tellSenderOfAccept(
  ctx: ServiceContext,
  pending: { id: string; fromUserId: string; fromRequestId: string },
  accepterRequestId: string,
  matchId: string,
  now: Date,
) {
  const views = await loadRideRequestViews(ctx.db, [pending.fromRequestId, accepterRequestId], now);
  const sender = views.get(pending.fromRequestId)!;
  // Any rider of a cab may accept an ask addressed to another: the one who did is named.
  const accepter = views.get(accepterRequestId)!;
  await notifyRider(ctx, {
    userId: pending.fromUserId,
    from: accepter.rider._id,
    kind: 'match-accepted',
    title: `${shortName(accepter.rider)} accepted your match request`,
    body: `You are sharing a cab. ${describeTrip(sender)}.`,
    link: `/chat/${matchId}`,
    dedupeKey: `match-accepted:${pending.id}`,
    push: staleAtTrip(sender),
    mail: matchAcceptedMail(sender, accepter, ctx.config.PUBLIC_URL),
  });
}

export async function cancelMatchRequest(ctx: ServiceContext, userId: string, id: string) {
  const [row] = await ctx.db.select().from(matchRequests).where(eq(matchRequests.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Match request not found.');
  if (row.fromUserId !== userId)
    throw new AppError('FORBIDDEN', 'Only the rider who sent this match request can cancel it.');
  const updated = await ctx.db
    .update(matchRequests)
    .set({ status: 'Cancelled', respondedAt: ctx.now() })
    .where(and(eq(matchRequests.id, id), eq(matchRequests.status, 'Pending')))
    .returning(closedRequestColumns);
  if (updated.length === 0)
    throw new AppError('CONFLICT', 'This match request is no longer pending.');
  // The sender among them: their other tabs no longer show it as sent.
  for (const rider of new Set([userId, ...(await ridersToTell(ctx.db, updated, ctx.now()))]))
    ctx.notifyUser(rider, 'trips:changed', { reason: 'request-changed' });
}
