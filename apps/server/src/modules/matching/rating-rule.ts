import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOW_RATING_AVERAGE, LOW_RATING_MIN_COUNT } from '@aeropool/contract/accounts';
import type { DbOrTx } from '../../db/database';
import { ratings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { holds } from '../../db/holds';
import { isHiddenByReports } from '../safety/block-rule';

/**
 * Each rater's average of a rider, for riders `ratedIs` picks: the low-rating rule weighs riders,
 * not ratings, so one co-rider who shared several trips counts once (decision 008).
 */
const perRater = (ratedIs: SQL) =>
  sql`select ${ratings.ratedId} as rated_id, avg(${ratings.rating}) as average
    from ${ratings} where ${ratings.ratedId} ${ratedIs}
    group by ${ratings.ratedId}, ${ratings.raterId}`;

/** Rated by at least 3 riders, whose averages average under 2.5. */
const LOW_RATED = sql`count(*) >= ${LOW_RATING_MIN_COUNT} and avg(per_rater.average) < ${LOW_RATING_AVERAGE}`;

/**
 * True for a rider rated by at least 3 riders whose averages average under 2.5 (decision 008):
 * such a rider is not offered to others as a potential match and cannot start new match
 * requests; their own trips and existing matches stay as they are.
 */
export const isLowRated = (riderId: AnyPgColumn | SQL | string): SQL<boolean> =>
  sql<boolean>`coalesce((select ${LOW_RATED} from (${perRater(sql`= ${riderId}`)}) per_rater), false)`;

export async function lowRatedAmong(db: DbOrTx, riderIds: string[]): Promise<Set<string>> {
  if (riderIds.length === 0) return new Set();
  const ids = sql.join(
    riderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await db
    .select({ id: sql<string>`per_rater.rated_id` })
    .from(sql`(${perRater(sql`in (${ids})`)}) per_rater`)
    .groupBy(sql`per_rater.rated_id`)
    .having(LOW_RATED);
  return new Set(rows.map((row) => row.id));
}

/**
 * The rule where two riders would become co-riders: a request sent, an ask to join, an accept
 * (decisions 008, 009). `self` low-rated or hidden by open reports: 403, pointing to support;
 * `other`: the ride is gone (409), as it is no longer offered. Checked at the accept too, since
 * ratings can fall and reports come while a request waits. A hidden rider is not offered to
 * others, so they must not reach others by sending either.
 */
export async function assertMayMatch(
  db: DbOrTx,
  riders: { self: string; other?: string },
  action: 'send' | 'accept',
) {
  const { self, other } = riders;
  const low = await lowRatedAmong(db, other ? [self, other] : [self]);
  if (low.has(self))
    throw new AppError(
      'FORBIDDEN',
      `Your recent ratings are too low to ${action} match requests. Contact support if you think this is a mistake.`,
    );
  if (await holds(db, isHiddenByReports(sql`${self}::uuid`)))
    throw new AppError(
      'FORBIDDEN',
      `Your account is being reviewed, so you cannot ${action} match requests for now. Contact support if you think this is a mistake.`,
    );
  if (other && (low.has(other) || (await holds(db, isHiddenByReports(sql`${other}::uuid`)))))
    throw new AppError('CONFLICT', 'That ride is no longer available.');
}

/**
 * True for a rider not offered to others: low-rated (decision 008) or hidden by open reports
 * (decision 009). Their own trips and matches stay as they are.
 */
export const isHiddenRider = (riderId: AnyPgColumn | SQL | string): SQL<boolean> =>
  sql<boolean>`(${isLowRated(riderId)} or ${isHiddenByReports(riderId)})`;
