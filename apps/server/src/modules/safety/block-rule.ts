import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { REPORTS_TO_HIDE, SAFETY_MESSAGES } from '@aeropool/contract/safety';
import type { DbOrTx } from '../../db/database';
import { holds } from '../../db/holds';
import { AppError } from '../../lib/app-error';

type Rider = AnyPgColumn | SQL | string;

/**
 * True when either rider blocked the other (decision 009): the pair never meets again.
 * The subqueries here alias their tables: a column passed in from a one-table select renders
 * unqualified and must not be captured by a same-named column of the subquery's table.
 */
export const isBlockedPair = (a: Rider, b: Rider): SQL<boolean> =>
  sql<boolean>`exists (select 1 from blocks bl where
    (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;

/**
 * True for a rider with open reports from REPORTS_TO_HIDE different riders: hidden from potential
 * matches until an operator resolves them (decision 009).
 */
export const isHiddenByReports = (riderId: Rider): SQL<boolean> =>
  sql<boolean>`(select count(distinct rp.reporter_id) from reports rp
    where rp.reported_id = ${riderId} and rp.status = 'Open') >= ${REPORTS_TO_HIDE}`;

export async function assertNotBlocked(db: DbOrTx, a: string, b: string): Promise<void> {
  if (await holds(db, isBlockedPair(sql`${a}::uuid`, sql`${b}::uuid`)))
    throw new AppError('FORBIDDEN', SAFETY_MESSAGES.blockedPair);
}
