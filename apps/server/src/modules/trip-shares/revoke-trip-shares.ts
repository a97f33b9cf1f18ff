import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { tripShares } from '../../db/schema';

/** Ends a rider's links to a match: a new link replaces them, leaving the cab ends them. */
export const revokeTripShares = (db: DbOrTx, matchId: string, userId: string, now: Date) =>
  db
    .update(tripShares)
    .set({ revokedAt: now })
    .where(
      and(
        eq(tripShares.matchId, matchId),
        eq(tripShares.userId, userId),
        isNull(tripShares.revokedAt),
      ),
    );
