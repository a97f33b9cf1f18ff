import pg, { type ClientBase, type Pool } from 'pg';

/**
 * How many sessions of the test database wait for a lock: PostgreSQL tests hold a row in another
 * session to line requests up behind it in a known order, and poll this until they queue.
 */
export async function sessionsWaitingForLocks(session: Pick<ClientBase, 'query'>): Promise<number> {
  // Inside a transaction (the holder's own) PostgreSQL keeps its first view of pg_stat_activity
  // until the transaction ends: a poll would read the same count for ever.
  await session.query('select pg_stat_clear_snapshot()');
  const { rows } = await session.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

/**
 * A session on the app's database outside its pool: a request under test may need every pooled
 * connection (the listeners hold some), and would queue for one instead of for the held row.
 */
export async function sideSession(pool: Pool): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  return client;
}
