import { and, count, countDistinct, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { LANDING_FIGURE_MINIMUMS, type LandingFigures } from '@aeropool/contract/landing-figures';
import { matches, matchMembers, rideRequests } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { fitFormedCab, formedAtOf } from '../matching/ride-fit';

const DAY_MS = 86_400_000;

/** The most recent cabs an average saving is taken over: enough to mean something, bounded. */
const SAVING_CABS = 1000;
const FAILED_KEPT_MS = 30_000;

/** To the ten, or from 100 on the hundred: a public page says "30+", not a count to watch. */
const roundedDown = (n: number) => {
  const step = n >= 100 ? 100 : 10;
  return Math.floor(n / step) * step;
};

/**
 * The landing page's three figures from the rides themselves (decision 018): riders who posted in
 * the last 30 days; the mean saving of every rider of a cab (not cancelled) whose trips were in
 * the last 90 days, as each rider's card showed it; and the share of the last 30 days' rides,
 * their time come, that were in a match.
 */
export async function measureLandingFigures(ctx: ServiceContext): Promise<LandingFigures> {
  const now = ctx.now();
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const [[riders], [rides], savings] = await Promise.all([
    ctx.db
      .select({ n: countDistinct(rideRequests.riderId) })
      .from(rideRequests)
      .where(gte(rideRequests.createdAt, monthAgo)),
    ctx.db
      .select({
        all: count(),
        // A match cancelled before the trip is not a ride shared.
        // Written out: in a query of one table drizzle leaves its columns unqualified.
        matched: sql<number>`count(*) filter (where exists (
          select 1 from match_members mm join matches m on m.id = mm.match_id
          where mm.ride_request_id = ride_requests.id and m.status <> 'Cancelled'))`.mapWith(
          Number,
        ),
      })
      .from(rideRequests)
      .where(and(gte(rideRequests.timeOfTravel, monthAgo), lt(rideRequests.timeOfTravel, now))),
    riderSavings(ctx, now),
  ]);
  const min = LANDING_FIGURE_MINIMUMS;
  const ridersCount = riders?.n ?? 0;
  const ridesCount = rides?.all ?? 0;
  return {
    monthlyRiders: ridersCount >= min.monthlyRiders ? roundedDown(ridersCount) : null,
    averageSaving:
      savings.length >= min.savers
        ? Math.round(savings.reduce((sum, s) => sum + s, 0) / savings.length)
        : null,
    matchConversion:
      ridesCount >= min.rides ? Math.round((100 * (rides?.matched ?? 0)) / ridesCount) : null,
  };
}

/** Each rider's saving in the most recent cabs whose trips are over, within 90 days. */
async function riderSavings(ctx: ServiceContext, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - 90 * DAY_MS);
  const recent = ctx.db
    .selectDistinct({ id: matches.id, createdAt: matches.createdAt })
    .from(matches)
    .innerJoin(matchMembers, eq(matchMembers.matchId, matches.id))
    .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId))
    .where(
      and(
        ne(matches.status, 'Cancelled'),
        gte(rideRequests.timeOfTravel, since),
        lt(rideRequests.timeOfTravel, now),
      ),
    )
    .orderBy(desc(matches.createdAt))
    .limit(SAVING_CABS)
    .as('recent');
  const rows = await ctx.db
    .select({
      matchId: matchMembers.matchId,
      joinedAt: matchMembers.joinedAt,
      createdAt: recent.createdAt,
      // What a cab's fit reads; not the stored road route.
      ride: {
        id: rideRequests.id,
        riderId: rideRequests.riderId,
        direction: rideRequests.direction,
        terminal: rideRequests.terminal,
        placeLatitude: rideRequests.placeLatitude,
        placeLongitude: rideRequests.placeLongitude,
        timeOfTravel: rideRequests.timeOfTravel,
        seats: rideRequests.seats,
        bags: rideRequests.bags,
      },
    })
    .from(matchMembers)
    .innerJoin(recent, eq(recent.id, matchMembers.matchId))
    .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId));
  const cabs = new Map<string, typeof rows>();
  for (const row of rows) cabs.set(row.matchId, [...(cabs.get(row.matchId) ?? []), row]);
  const savings: number[] = [];
  for (const cab of cabs.values()) {
    if (cab.length < 2) continue;
    const formedAt = formedAtOf(cab[0]!.createdAt, cab);
    const fit = fitFormedCab(
      ctx,
      cab.map((member) => member.ride),
      formedAt,
    );
    for (const rider of fit?.riders ?? []) savings.push(rider.saving);
  }
  return savings;
}

/** Measured at most once in `maxAgeMs` per instance: the page is public, the counts are not cheap. */
export function landingFiguresCache(ctx: ServiceContext, maxAgeMs = 10 * 60_000) {
  let last: { at: number; figures: Promise<LandingFigures> } | undefined;
  return (): Promise<LandingFigures> => {
    const at = ctx.now().getTime();
    if (!last || at - last.at >= maxAgeMs || at < last.at) {
      const figures = measureLandingFigures(ctx);
      last = { at, figures };
      // A failed measure is kept 30 s, not 10 minutes: while the database struggles, the visitors
      // of a public page must not each add three queries to it.
      figures.catch(() => {
        if (last?.figures === figures) last = { at: at - maxAgeMs + FAILED_KEPT_MS, figures };
      });
    }
    return last.figures;
  };
}
