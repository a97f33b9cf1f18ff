import { PRODUCT_NAME } from '@aeropool/contract/product';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { TRIP_REMINDER_MINUTES } from '@aeropool/contract/notifications';
import { matches, matchMembers, notifications, rideRequests } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { describeTrip, tripMail } from '../matching/match-mails';
import { loadRideRequestViews } from '../rides/ride-request-view';
import { notifyRider, staleAtTrip } from './notification-service';

const reminderKey = (matchId: string) => `trip-reminder:${matchId}`;

/**
 * Every rider of an Active match whose trip starts within the next two hours and who has not had
 * its reminder yet gets one (in the app, pushed, and by mail unless switched off). Safe to run
 * anywhere, any number of times: the notification's key lets one through per rider and match.
 */
export async function sendTripReminders(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
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
        lte(rideRequests.timeOfTravel, new Date(now.getTime() + TRIP_REMINDER_MINUTES * 60_000)),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${matchMembers.userId}
          and n.dedupe_key = 'trip-reminder:' || ${matchMembers.matchId}::text)`,
      ),
    );
  if (due.length === 0) return 0;
  const views = await loadRideRequestViews(
    ctx.db,
    due.map((d) => d.rideRequestId),
    now,
  );
  for (const rider of due) {
    const trip = views.get(rider.rideRequestId);
    if (!trip) continue;
    const minutes = Math.max(1, Math.round((trip.timeOfTravel - now.getTime()) / 60_000));
    const when = minutes >= 90 ? 'in about 2 hours' : `in ${minutes} minutes`;
    await notifyRider(ctx, {
      userId: rider.userId,
      kind: 'trip-reminder',
      title: `Your shared ride is ${when}`,
      body: `${describeTrip(trip)}. Confirm the meeting point in the chat.`,
      link: `/chat/${rider.matchId}`,
      dedupeKey: reminderKey(rider.matchId),
      // Not worth showing once the trip's time has come.
      push: { ...staleAtTrip(trip), urgent: true },
      mail: tripMail(
        trip.rider.email,
        `${PRODUCT_NAME}: your shared ride is ${when}`,
        [
          `Hi ${trip.rider.firstName},`,
          `Your shared ride is ${when}.`,
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
