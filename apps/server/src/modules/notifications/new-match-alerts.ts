import { PRODUCT_NAME } from '@aeropool/contract/product';
import { inArray, sql } from 'drizzle-orm';
import { NEW_MATCH_ALERT_PERCENTAGE } from '@aeropool/contract/notifications';
import { rideRequests } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { shortName } from '../accounts/user-view';
import { describeTrip, tripMail } from '../matching/match-mails';
import { findMatchesAndRequests } from '../matching/potential-matches';
import { matchMailsPerRecipient } from '../matching/match-limits';
import { isHiddenRider } from '../matching/rating-rule';
import { holds } from '../../db/holds';
import { loadRideRequestViews } from '../rides/ride-request-view';
import type { LimitRule } from '../../plugins/limits';
import { notifyRider, staleAtTrip } from './notification-service';

/** New-match mails share the match-request mails' hourly limit per recipient. */
const mayMail = async (ctx: ServiceContext, recipientId: string) =>
  (await ctx.limits.check(matchMailsPerRecipient, recipientId)).allowed;

/**
 * A busy evening can bring a rider many fitting rides: each is in the bell, but only the first
 * few an hour buzz their phone.
 */
export const newMatchPushesPerRider: LimitRule = {
  name: 'new-match-pushes',
  max: 3,
  windowMs: 3_600_000,
};
const mayPush = async (ctx: ServiceContext, recipientId: string) =>
  (await ctx.limits.check(newMatchPushesPerRider, recipientId)).allowed;

/**
 * After a ride request is posted or changed: every rider whose open request it fits at 60% or
 * more, and whose own Potential Matches show it, hears of it once. The search is the new ride's
 * own potential matches, so the rules that hide riders from each other (blocks, women-only, a
 * declined or cancelled pair) hold both ways. Returns how many riders it is for (each is told
 * once, whatever the runs: a run again tells nobody anew).
 */
export async function alertRidersOfNewRide(ctx: ServiceContext, rideRequestId: string) {
  const now = ctx.now();
  const [view] = (await loadRideRequestViews(ctx.db, [rideRequestId], now)).values();
  if (!view || view.status !== 'Active') return 0;
  // A rider hidden from others (low ratings, open reports) is not announced to them either.
  if (await holds(ctx.db, isHiddenRider(sql`${view.rider._id}::uuid`))) return 0;
  const { potentialMatches } = await findMatchesAndRequests(ctx, rideRequestId, view.rider._id);
  const fitting = potentialMatches.filter(
    (candidate) => !candidate.cab && candidate.matchPercentage >= NEW_MATCH_ALERT_PERCENTAGE,
  );
  if (fitting.length === 0) return 0;
  // Only requests that were there before this ride was posted (or changed): for them it is new;
  // a rider who posted after it saw it in their own list at once.
  const times = await ctx.db
    .select({
      id: rideRequests.id,
      createdAt: rideRequests.createdAt,
      updatedAt: rideRequests.updatedAt,
    })
    .from(rideRequests)
    .where(inArray(rideRequests.id, [rideRequestId, ...fitting.map((c) => c._id)]));
  const postedAt = times.find((row) => row.id === rideRequestId)?.updatedAt.getTime() ?? 0;
  const createdAt = new Map(times.map((row) => [row.id, row.createdAt.getTime()]));
  const earlier = fitting.filter((c) => (createdAt.get(c._id) ?? Infinity) < postedAt);
  if (earlier.length === 0) return 0;
  const theirs = await loadRideRequestViews(
    ctx.db,
    earlier.map((c) => c._id),
    now,
  );
  const name = shortName(view.rider);
  let told = 0;
  for (const candidate of earlier) {
    const trip = theirs.get(candidate._id);
    if (!trip) continue;
    // The alert sends them to their Potential Matches: only where it is there. Their own search
    // may look less far (enough riders fit near them) or keep better riders in its top 20.
    const { potentialMatches: listed } = await findMatchesAndRequests(
      ctx,
      candidate._id,
      trip.rider._id,
    );
    // Their card's figure, as they will find it (the same cab, so the same but for rounding time).
    const shown = listed.find((match) => match._id === rideRequestId)?.matchPercentage;
    if (shown === undefined || shown < NEW_MATCH_ALERT_PERCENTAGE) continue;
    told += 1;
    const title = `New ${shown}% match: ${name}`;
    await notifyRider(ctx, {
      userId: trip.rider._id,
      kind: 'new-match',
      title,
      body: `${name} fits your trip. ${describeTrip(trip)}.`,
      link: '/dashboard',
      // Per rider, not per ride: cancelling and posting again does not announce them twice.
      dedupeKey: `new-match:${candidate._id}:${view.rider._id}`,
      push: staleAtTrip(trip),
      pushIf: () => mayPush(ctx, trip.rider._id),
      mail: tripMail(
        trip.rider.email,
        `${PRODUCT_NAME}: a new rider fits your trip (${shown}% match)`,
        [
          `Hi ${trip.rider.firstName},`,
          `${name} posted a ride that fits yours (${shown}% match).`,
          `Your trip: ${describeTrip(trip)}.`,
          'Send them a match request from Potential Matches in My Trips.',
        ],
        ctx.config.PUBLIC_URL && `${ctx.config.PUBLIC_URL}/dashboard`,
      ),
      mailIf: () => mayMail(ctx, trip.rider._id),
    });
  }
  return told;
}
