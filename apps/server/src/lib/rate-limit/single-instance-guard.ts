import pg from 'pg';

export class SecondInstanceError extends Error {}

/**
 * With rate limits kept in memory each instance would count alone, so a limit of 5 would be 5 per
 * instance. On PostgreSQL such an instance holds an advisory lock for its lifetime, and a second
 * one refuses to start and says why. Answers the release.
 */
export async function guardSingleInstance(url: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Errors after the check (the server going away) must not crash us; the lock goes with it.
  client.on('error', () => undefined);
  const { rows } = await client.query<{ ok: boolean }>(
    `select pg_try_advisory_lock(hashtext('aeropool:memory-rate-limits')) as ok`,
  );
  if (!rows[0]?.ok) {
    await client.end();
    throw new SecondInstanceError(
      'Another AeroPool instance already runs on this database with rate limits kept in memory, ' +
        'so the limits would not be shared. Set REDIS_URL, or RATE_LIMIT_STORE=postgres, on every instance.',
    );
  }
  return () => client.end().catch(() => undefined);
}
