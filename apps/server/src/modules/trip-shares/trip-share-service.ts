import { and, eq, gt, isNull } from 'drizzle-orm';
import { TRIP_SHARE_MESSAGES, tripShareEndsAt } from '@aeropool/contract/trip-share';
import type { SharedTrip, TripShare, TripShareState } from '@aeropool/contract/trip-share';
import { matchMembers, matches, rideRequests, tripShares, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hmac, randomToken } from '../../lib/hash';
import type { ServiceContext } from '../../lib/service-context';
import { lockMatch, requireMembership } from '../matches/match-service';
import { isReachableBy, membersOf } from '../matches/match-view';
import { revokeTripShares } from './revoke-trip-shares';

const hashOf = (ctx: ServiceContext, token: string) =>
  hmac(ctx.secrets.hashKey, `trip-share:${token}`);

const liveShareOf = (ctx: ServiceContext, matchId: string, userId: string) =>
  and(
    eq(tripShares.matchId, matchId),
    eq(tripShares.userId, userId),
    isNull(tripShares.revokedAt),
    gt(tripShares.expiresAt, ctx.now()),
  );

/** A new link for the rider's trip in an Active match; the rider's earlier link stops working. */
export async function createTripShare(
  ctx: ServiceContext,
  userId: string,
  matchId: string,
): Promise<TripShare> {
  const { members } = await requireMembership(ctx, matchId, userId);
  const mine = members.find((m) => m.userId === userId)!;
  const now = ctx.now();
  const token = randomToken();
  const expiresAt = await ctx.db.transaction(async (tx) => {
    // Under the match's lock: two taps at once take turns (the second replaces the first), and a
    // cancel, a leave or the rider's account closing that came first is seen.
    const locked = await lockMatch(tx, matchId);
    const stillIn = (await membersOf(tx, matchId)).some(
      (m) => m.userId === userId && m.rideRequestId === mine.rideRequestId,
    );
    if (locked?.status !== 'Active' || !stillIn)
      throw new AppError('CONFLICT', TRIP_SHARE_MESSAGES.notActive);
    const [ride] = await tx
      .select({ timeOfTravel: rideRequests.timeOfTravel })
      .from(rideRequests)
      .where(eq(rideRequests.id, mine.rideRequestId));
    const until = new Date(tripShareEndsAt(ride!.timeOfTravel.getTime()));
    // Still Active on the Past tab (ratings to give) long after the trip: a link would be dead.
    if (until <= now) throw new AppError('CONFLICT', TRIP_SHARE_MESSAGES.over);
    await revokeTripShares(tx, { matchId, userId }, now);
    await tx.insert(tripShares).values({
      tokenHash: hashOf(ctx, token),
      matchId,
      userId,
      rideRequestId: mine.rideRequestId,
      createdAt: now,
      expiresAt: until,
    });
    return until;
  });
  return { token, path: `/trip/${token}`, expiresAt: expiresAt.toISOString() };
}

export async function tripShareState(
  ctx: ServiceContext,
  userId: string,
  matchId: string,
): Promise<TripShareState> {
  await requireMembership(ctx, matchId, userId);
  const [live] = await ctx.db
    .select({ expiresAt: tripShares.expiresAt })
    .from(tripShares)
    .where(liveShareOf(ctx, matchId, userId));
  return { isSharing: Boolean(live), expiresAt: live?.expiresAt.toISOString() ?? null };
}

export async function stopTripShare(ctx: ServiceContext, userId: string, matchId: string) {
  await requireMembership(ctx, matchId, userId);
  await ctx.db
    .update(tripShares)
    .set({ revokedAt: ctx.now() })
    .where(liveShareOf(ctx, matchId, userId));
}

/**
 * What the link shows without sign-in: first names, whether co-riders' phones are verified,
 * the terminal, the city end, the time and the match's current status. Nothing else.
 */
export async function sharedTrip(ctx: ServiceContext, token: string): Promise<SharedTrip> {
  const [share] = await ctx.db
    .select({
      matchId: tripShares.matchId,
      userId: tripShares.userId,
      rideRequestId: tripShares.rideRequestId,
      expiresAt: tripShares.expiresAt,
      status: matches.status,
      statusSince: matches.updatedAt,
    })
    .from(tripShares)
    .innerJoin(matches, eq(matches.id, tripShares.matchId))
    .where(
      and(
        eq(tripShares.tokenHash, hashOf(ctx, token)),
        isNull(tripShares.revokedAt),
        gt(tripShares.expiresAt, ctx.now()),
      ),
    );
  if (!share) throw new AppError('NOT_FOUND', TRIP_SHARE_MESSAGES.gone);

  const riders = await ctx.db
    .select({
      userId: matchMembers.userId,
      rideRequestId: matchMembers.rideRequestId,
      firstName: users.firstName,
      phoneVerifiedAt: users.phoneVerifiedAt,
      // A co-rider the sharer blocked or was blocked by, or whose account has closed, is no
      // longer named to the sharer's family (the match stays for ratings after the trip).
      isReachable: isReachableBy(share.userId),
    })
    .from(matchMembers)
    .innerJoin(users, eq(users.id, matchMembers.userId))
    .where(eq(matchMembers.matchId, share.matchId));
  const [ride] = await ctx.db
    .select()
    .from(rideRequests)
    .where(eq(rideRequests.id, share.rideRequestId));
  const sharer = riders.find((r) => r.userId === share.userId);
  // A link whose rider is no longer in the cab has ended (leaving revokes it; this is the guard).
  if (!sharer) throw new AppError('NOT_FOUND', TRIP_SHARE_MESSAGES.gone);
  // A cancelled match's link says so, with the trip as it was. Its ride is free again: once it is
  // edited or matched anew, it is a trip this link was not made for, and the link has ended.
  if (share.status === 'Cancelled' && ride!.updatedAt > share.statusSince)
    throw new AppError('NOT_FOUND', TRIP_SHARE_MESSAGES.gone);
  // A cancelled cab has no co-riders any more: the one who left (perhaps after blocking the
  // sharer) is not named to the sharer's family.
  const isCancelled = share.status === 'Cancelled';
  return {
    riderFirstName: sharer.firstName,
    coRiders: isCancelled
      ? []
      : riders
          .filter((r) => r.userId !== share.userId && r.isReachable)
          .map((r) => ({ firstName: r.firstName, phoneVerified: r.phoneVerifiedAt !== null })),
    direction: ride!.direction,
    terminal: ride!.terminal,
    cityEnd: ride!.placeName,
    timeOfTravel: ride!.timeOfTravel.getTime(),
    status: share.status,
    expiresAt: share.expiresAt.toISOString(),
  };
}
