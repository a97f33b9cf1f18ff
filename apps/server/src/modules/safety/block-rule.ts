import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { REPORTS_TO_HIDE, SAFETY_MESSAGES } from '@aeropool/contract/safety';
import type { DbOrTx } from '../../db/database';
import { blocks } from '../../db/schema';
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

/** Whether `blockerId` has blocked `blockedId`. */
export async function hasBlocked(
  db: DbOrTx,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return row !== undefined;
}

/**
 * Refuses a match between `self` and `other` when either blocked the other. Only the rider who
 * blocked is told why (403); to the blocked rider the ride is simply gone (409), as for any ride
 * no longer open to them: a refusal naming the block would tell them they were blocked.
 */
export async function assertNotBlocked(db: DbOrTx, self: string, other: string): Promise<void> {
  const [row] = await db
    .select({ byMe: sql<boolean>`bool_or(${blocks.blockerId} = ${self}::uuid)` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, self), eq(blocks.blockedId, other)),
        and(eq(blocks.blockerId, other), eq(blocks.blockedId, self)),
      ),
    );
  if (row?.byMe === true) throw new AppError('FORBIDDEN', SAFETY_MESSAGES.blockedPair);
  if (row?.byMe === false) throw new AppError('CONFLICT', 'That ride is no longer available.');
}
