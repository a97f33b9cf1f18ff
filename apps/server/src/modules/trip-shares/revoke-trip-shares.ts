import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { tripShares } from '../../db/schema';

/**
 * Ends a rider's links to a match (a new link replaces them, leaving the cab ends them), or to
 * every match without `matchId` (an account deactivated or suspended).
 */
export const revokeTripShares = (
  db: DbOrTx,
  { userId, matchId }: { userId: string; matchId?: string },
  now: Date,
) =>
  db
    .update(tripShares)
    .set({ revokedAt: now })
    .where(
      and(
        matchId ? eq(tripShares.matchId, matchId) : undefined,
        eq(tripShares.userId, userId),
        isNull(tripShares.revokedAt),
      ),
    );
