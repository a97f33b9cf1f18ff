import { PRODUCT_NAME } from '@aeropool/contract/product';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { TRIP_REMINDER_MINUTES } from '@aeropool/contract/notifications';
import { matches, matchMembers, notifications, rideRequests } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { describeTrip, tripMail } from '../matching/match-mails';
import { fitFormedCab, formedAtOf } from '../matching/ride-fit';
import { mailDateTime } from '../../lib/mail-layout';
import { loadRideRequestViews } from '../rides/ride-request-view';
import { notifyRider, staleAtTrip } from './notification-service';

const reminderKey = (matchId: string) => `trip-reminder:${matchId}`;

/**
 * When each due rider's trip starts by their cab's plan: to the airport, when it collects them
 * (up to the time misfit before or after the time they asked for); from the airport, their own
 * time at the kerb.
 */
async function plannedStarts(
  ctx: ServiceContext,
  matchIds: string[],
): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({
      request: rideRequests,
      matchId: matchMembers.matchId,
      joinedAt: matchMembers.joinedAt,
      matchCreatedAt: matches.createdAt,
    })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId))
    .where(inArray(matchMembers.matchId, matchIds));
  const starts = new Map<string, number>();
  for (const matchId of new Set(rows.map((row) => row.matchId))) {
    const cab = rows.filter((row) => row.matchId === matchId);
    const plan = fitFormedCab(
      ctx,
      cab.map((row) => row.request),
      formedAtOf(cab[0]!.matchCreatedAt, cab),
    );
    for (const { request } of cab) {
      const planned = plan?.riders.find((r) => r.id === request.id)?.reachesAtMs;
      starts.set(
        request.id,
        request.direction === 'pickup' && planned !== undefined
          ? planned
          : request.timeOfTravel.getTime(),
      );
    }
  }
  return starts;
}

/**
 * Every rider of an Active match whose trip starts within the next two hours (by the cab's plan:
 * plannedStarts) and who has not had its reminder yet gets one (in the app, pushed, and by mail
 * unless switched off). Safe to run anywhere, any number of times: the notification's key lets
 * one through per rider and match.
 */
export async function sendTripReminders(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const windowEnd = now.getTime() + TRIP_REMINDER_MINUTES * 60_000;
  // A pickup may be planned up to the time misfit before the rider's own time.
  const lookAhead = windowEnd + ctx.config.MATCH_MAX_WAIT_MINUTES * 60_000;
  const candidates = await ctx.db
    .select({
      userId: matchMembers.userId,
      matchId: matchMembers.matchId,
      rideRequestId: matchMembers.rideRequestId,
    })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId))
    .where(
      and(
        eq(matches.status, 'Active'),
        gt(rideRequests.timeOfTravel, now),
        lte(rideRequests.timeOfTravel, new Date(lookAhead)),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${matchMembers.userId}
          and n.dedupe_key = 'trip-reminder:' || ${matchMembers.matchId}::text)`,
      ),
    );
  if (candidates.length === 0) return 0;
  const starts = await plannedStarts(ctx, [...new Set(candidates.map((c) => c.matchId))]);
  const due = candidates.filter((c) => (starts.get(c.rideRequestId) ?? Infinity) <= windowEnd);
  if (due.length === 0) return 0;
  const views = await loadRideRequestViews(
    ctx.db,
    due.map((d) => d.rideRequestId),
    now,
  );
  for (const rider of due) {
    const trip = views.get(rider.rideRequestId);
    if (!trip) continue;
    const startsAt = starts.get(rider.rideRequestId)!;
    const minutes = Math.max(1, Math.round((startsAt - now.getTime()) / 60_000));
    const when = minutes >= 90 ? 'in about 2 hours' : `in ${minutes} minutes`;
    // A pickup the plan moved from the rider's own time: when the cab comes is what counts.
    const pickup =
      trip.direction === 'pickup' && Math.abs(startsAt - trip.timeOfTravel) >= 60_000
        ? ` The cab's plan collects you at ${mailDateTime(startsAt)} (IST).`
        : '';
    await notifyRider(ctx, {
      userId: rider.userId,
      kind: 'trip-reminder',
      title: `Your shared ride is ${when}`,
      body: `${describeTrip(trip)}.${pickup} Confirm the meeting point in the chat.`,
      link: `/chat/${rider.matchId}`,
      dedupeKey: reminderKey(rider.matchId),
      // Not worth showing once the trip's time has come.
      push: { ...staleAtTrip(trip), urgent: true },
      mail: tripMail(
        trip.rider.email,
        `${PRODUCT_NAME}: your shared ride is ${when}`,
        [
          `Hi ${trip.rider.firstName},`,
          `Your shared ride is ${when}.${pickup}`,
          `Your trip: ${describeTrip(trip)}.`,
          'Confirm the meeting point with your co-riders in the chat.',
        ],
        ctx.config.PUBLIC_URL && `${ctx.config.PUBLIC_URL}/chat/${rider.matchId}`,
        { linkLabel: 'Open the chat' },
      ),
    });
  }
  return due.length;
}
