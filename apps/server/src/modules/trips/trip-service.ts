import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { UserStats } from '@aeropool/contract/accounts';
import type { Trip } from '@aeropool/contract/rides';
import { matchMembers, rideRequests, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { loadMatchViews } from '../matches/match-view';
import { averageRatingOf, ratingsGivenOn } from '../ratings/rating-service';
import { toRideRequestView } from '../rides/ride-request-view';
import { cancelledTripLinkMatchId } from '../trip-shares/cancelled-trip-link';

const PAST_LIMIT = 100;

/**
 * When a trip is over for its rider: their own time, or for a matched trip its cab's last rider's
 * time (a co-rider's time may be later than one's own by up to the time misfit), which rating and
 * completing wait for too.
 */
const tripTime = sql`case when ${rideRequests.status} = 'Matched' then coalesce((
    select max(co.time_of_travel) from ${matchMembers} mm
    join ${rideRequests} co on co.id = mm.ride_request_id
    where mm.match_id = ${rideRequests.currentMatchId}
  ), ${rideRequests.timeOfTravel}) else ${rideRequests.timeOfTravel} end`;

/**
 * Spec §4 tab rules. Upcoming: open requests ahead (Active as cards, Matched as match cards).
 * Past: requests whose time has passed (Active shows as Expired), completed trips, and matches
 * the rider cancelled, as read-only badges. A matched trip is past once `tripTime` has passed:
 * the Past tab offers rating and completing.
 */
export async function listTrips(
  ctx: ServiceContext,
  userId: string,
  tab: 'upcoming' | 'past',
): Promise<Trip[]> {
  const now = ctx.now();
  const mine = eq(rideRequests.riderId, userId);
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const open = inArray(rideRequests.status, ['Active', 'Matched']);
  const where =
    tab === 'upcoming'
      ? and(mine, open, sql`${tripTime} > ${nowParam}`)
      : and(
          mine,
          or(
            and(open, sql`${tripTime} <= ${nowParam}`),
            eq(rideRequests.status, 'Completed'),
            and(eq(rideRequests.status, 'Cancelled'), isNotNull(rideRequests.currentMatchId)),
          ),
        );
  const rows = await ctx.db
    .select({
      request: rideRequests,
      rider: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
      cancelledTripLinkMatchId: cancelledTripLinkMatchId(now),
    })
    .from(rideRequests)
    .innerJoin(users, eq(users.id, rideRequests.riderId))
    .where(where)
    .orderBy(tab === 'upcoming' ? asc(rideRequests.timeOfTravel) : desc(rideRequests.timeOfTravel))
    .limit(tab === 'upcoming' ? 1000 : PAST_LIMIT);

  const matchIds = [
    ...new Set(rows.map((r) => r.request.currentMatchId).filter((id): id is string => !!id)),
  ];
  const [matchViews, myRatings] = await Promise.all([
    loadMatchViews(ctx.db, matchIds, now, { userId, config: ctx.config }),
    // Only past trips can be rated; carrying the ratings here spares a request per co-rider.
    tab === 'past' ? ratingsGivenOn(ctx.db, userId, matchIds) : new Map<string, never[]>(),
  ]);
  return rows.map(({ request, rider, cancelledTripLinkMatchId }) => {
    const match = request.currentMatchId ? matchViews.get(request.currentMatchId) : undefined;
    // Their own: the edit form sends it back, so a save over a change made since is refused.
    const rideRequest = {
      ...toRideRequestView(request, rider, now),
      updatedAt: request.updatedAt.getTime(),
    };
    if (!match)
      return { rideRequest, ...(cancelledTripLinkMatchId ? { cancelledTripLinkMatchId } : {}) };
    const rated = tab === 'past' ? { myRatings: myRatings.get(match._id) ?? [] } : {};
    return { rideRequest, match, ...rated };
  });
}

export async function rideStatsOf(ctx: ServiceContext, userId: string): Promise<UserStats> {
  const now = ctx.now();
  const [counts] = await ctx.db
    .select({
      completed: sql<number>`count(*) filter (where ${rideRequests.status} = 'Completed')::int`,
      active: sql<number>`count(*) filter (where ${rideRequests.status} in ('Active', 'Matched') and ${tripTime} > ${now.toISOString()}::timestamptz)::int`,
      cancelled: sql<number>`count(*) filter (where ${rideRequests.status} = 'Cancelled')::int`,
    })
    .from(rideRequests)
    .where(eq(rideRequests.riderId, userId));
  return {
    completed: counts?.completed ?? 0,
    active: counts?.active ?? 0,
    cancelled: counts?.cancelled ?? 0,
    averageRating: await averageRatingOf(ctx.db, userId),
  };
}
