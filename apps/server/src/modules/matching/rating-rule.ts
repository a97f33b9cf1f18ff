import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOW_RATING_AVERAGE, LOW_RATING_MIN_COUNT } from '@aeropool/contract/accounts';
import type { DbOrTx } from '../../db/database';
import { ratings } from '../../db/schema';

/**
 * True for a rider whose average is under 2.5 over at least 3 ratings (decision 008): such a rider
 * is not offered to others as a potential match and cannot start new match requests; their own
 * trips and existing matches stay as they are.
 */
export const isLowRated = (riderId: AnyPgColumn | SQL | string): SQL<boolean> =>
  sql<boolean>`coalesce((select count(*) >= ${LOW_RATING_MIN_COUNT} and avg(${ratings.rating}) < ${LOW_RATING_AVERAGE}
    from ${ratings} where ${ratings.ratedId} = ${riderId}), false)`;

export async function lowRatedAmong(db: DbOrTx, riderIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: ratings.ratedId })
    .from(ratings)
    .where(inArray(ratings.ratedId, riderIds))
    .groupBy(ratings.ratedId)
    .having(
      sql`count(*) >= ${LOW_RATING_MIN_COUNT} and avg(${ratings.rating}) < ${LOW_RATING_AVERAGE}`,
    );
  return new Set(rows.map((row) => row.id));
}
