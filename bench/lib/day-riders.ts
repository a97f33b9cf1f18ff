import type { Db } from '../../apps/server/src/db/database';
import { users } from '../../apps/server/src/db/schema';

/** One rider account per request of a day (one request each, so the 2-hour rule never applies). */
export async function insertDayRiders(db: Db, n: number, emailPrefix: string): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        firstName: 'Rider',
        lastName: String(i + 1),
        email: `${emailPrefix}${i + 1}@example.com`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/**
 * A request's name in the bench: its place in the day, not its uuid, so every tie breaks the same
 * way on every run.
 */
export const requestName = (index: number) => `r${String(index + 1).padStart(5, '0')}`;
