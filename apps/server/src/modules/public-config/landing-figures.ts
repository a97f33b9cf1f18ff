import { and, count, countDistinct, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { LANDING_FIGURE_MINIMUMS, type LandingFigures } from '@aeropool/contract/landing-figures';
import { matches, matchMembers, rideRequests } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { fitFormedCab } from '../matching/ride-fit';
import type { RideRequestRow } from '../rides/ride-request-view';

const DAY_MS = 86_400_000;
/** The most recent cabs an average saving is taken over: enough to mean something, bounded. */
const SAVING_CABS = 1000;

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
        matched: sql<number>`count(*) filter (where exists (
          select 1 from ${matchMembers} where ${matchMembers.rideRequestId} = ${rideRequests.id}))`.mapWith(
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
    monthlyRiders: ridersCount >= min.monthlyRiders ? ridersCount : null,
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
    .select({ matchId: matchMembers.matchId, ride: rideRequests })
    .from(matchMembers)
    .innerJoin(recent, eq(recent.id, matchMembers.matchId))
    .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId));
  const cabs = new Map<string, RideRequestRow[]>();
  for (const { matchId, ride } of rows) cabs.set(matchId, [...(cabs.get(matchId) ?? []), ride]);
  const savings: number[] = [];
  for (const cab of cabs.values()) {
    if (cab.length < 2) continue;
    for (const rider of fitFormedCab(ctx, cab)?.riders ?? []) savings.push(rider.saving);
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
      // A failed measure is not kept: the next visitor measures again.
      figures.catch(() => {
        if (last?.figures === figures) last = undefined;
      });
    }
    return last.figures;
  };
}
