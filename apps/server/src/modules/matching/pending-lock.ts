import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { matchRequests } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The match request, locked and still Pending, or a 409: two answers to it queue here. */
export async function lockStillPending(tx: DbOrTx, id: string) {
  const [current] = await tx
    .select()
    .from(matchRequests)
    .where(eq(matchRequests.id, id))
    .for('update');
  if (current?.status !== 'Pending')
    throw new AppError('CONFLICT', 'This match request is no longer pending.');
  return current;
}
