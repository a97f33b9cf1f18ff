import type { PoolClient } from 'pg';

/**
 * How many sessions of the test database wait for a lock: PostgreSQL tests hold a row in another
 * session to line requests up behind it in a known order, and poll this until they queue.
 */
export async function sessionsWaitingForLocks(session: PoolClient): Promise<number> {
  const { rows } = await session.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}
