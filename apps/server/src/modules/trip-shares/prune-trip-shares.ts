import { isNotNull, lt, or } from 'drizzle-orm';
import { tripShares } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';

/**
 * Deletes links that have ended (turned off, replaced, or past their six hours after the trip).
 * Nothing reads an ended link again: its page answers 404 either way. Kept, each row would hold a
 * rider's trip and a hash that opened it for good.
 */
export async function pruneTripShares(ctx: Pick<ServiceContext, 'db' | 'now'>) {
  const gone = await ctx.db
    .delete(tripShares)
    .where(or(isNotNull(tripShares.revokedAt), lt(tripShares.expiresAt, ctx.now())))
    .returning({ id: tripShares.id });
  return gone.length;
}
