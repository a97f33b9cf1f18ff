import { desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DeskRider } from '@aeropool/contract/moderation';
import type { DbOrTx } from '../../db/database';
import { matchMembers, matches, rideRequests, users } from '../../db/schema';
import { shortName } from '../accounts/user-view';
import { outerUserId, riderColumns, withTrust } from '../rides/ride-request-view';

const RECENT_MATCHES = 5;

/**
 * Riders as the desk sees them (ratings, reports against them, recent matches), in three queries
 * however many cases the queue holds.
 */
export async function loadDeskRiders(db: DbOrTx, ids: string[]): Promise<Map<string, DeskRider>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  // Each rider's latest few matches, ranked in the database: a long history is not read.
  const ranked = db
    .select({
      userId: matchMembers.userId,
      matchId: matches.id,
      status: matches.status,
      timeOfTravel: rideRequests.timeOfTravel,
      rank: sql<number>`row_number() over (partition by ${matchMembers.userId} order by ${rideRequests.timeOfTravel} desc)`.as(
        'rank',
      ),
    })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(rideRequests, eq(rideRequests.id, matchMembers.rideRequestId))
    .where(inArray(matchMembers.userId, unique))
    .as('ranked');
  const [people, recent] = await Promise.all([
    db
      .select({
        ...riderColumns,
        suspendedAt: users.suspendedAt,
        suspensionReason: users.suspensionReason,
        reportCount: sql<number>`(select count(*)::int from reports p where p.reported_id = ${outerUserId})`,
        reporterCount: sql<number>`(select count(distinct p.reporter_id)::int from reports p where p.reported_id = ${outerUserId})`,
      })
      .from(users)
      .where(inArray(users.id, unique)),
    db
      .select({
        userId: ranked.userId,
        matchId: ranked.matchId,
        status: ranked.status,
        timeOfTravel: ranked.timeOfTravel,
      })
      .from(ranked)
      .where(lte(ranked.rank, RECENT_MATCHES))
      .orderBy(desc(ranked.timeOfTravel)),
  ]);
  const recentByRider = new Map<string, typeof recent>();
  for (const row of recent)
    recentByRider.set(row.userId, [...(recentByRider.get(row.userId) ?? []), row]);
  const matchIds = [...new Set([...recentByRider.values()].flat().map((r) => r.matchId))];
  const coRiders =
    matchIds.length === 0
      ? []
      : await db
          .select({
            matchId: matchMembers.matchId,
            userId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(matchMembers)
          .innerJoin(users, eq(users.id, matchMembers.userId))
          .where(inArray(matchMembers.matchId, matchIds));

  return new Map(
    people.map((person) => {
      const { trust } = withTrust(person);
      return [
        person.id,
        {
          _id: person.id,
          name: `${person.firstName} ${person.lastName}`,
          email: person.email,
          averageRating: trust!.averageRating,
          ratingCount: trust!.ratingCount,
          reportCount: Number(person.reportCount),
          reporterCount: Number(person.reporterCount),
          suspended: person.suspendedAt !== null,
          suspensionReason: person.suspensionReason,
          recentMatches: (recentByRider.get(person.id) ?? []).map((row) => ({
            matchId: row.matchId,
            status: row.status,
            timeOfTravel: row.timeOfTravel.toISOString(),
            coRiders: coRiders
              .filter((c) => c.matchId === row.matchId && c.userId !== person.id)
              .map(shortName),
          })),
        },
      ];
    }),
  );
}
