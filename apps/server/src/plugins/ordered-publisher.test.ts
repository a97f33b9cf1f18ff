import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapterPool, publishInOrder } from './ordered-publisher';

const CHANNEL = `publisher-test-${process.pid}`;
const notify = (pool: pg.Pool, payload: string) =>
  pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);

describe.skipIf(process.env.TEST_DB !== 'postgres')('the adapter’s publisher', () => {
  let listener: pg.Client;
  let pool: pg.Pool;
  const heard: string[] = [];
  const statements: string[] = [];

  beforeAll(async () => {
    listener = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN "${CHANNEL}"`);
    pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 3 });
    const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => unknown;
    pool.query = ((text: string, values?: unknown[]) => {
      statements.push(text);
      return query(text, values);
    }) as typeof pool.query;
    publishInOrder(pool);
  });
  afterAll(async () => {
    await listener.end();
    await pool.end();
  });

  it('sends a burst in the order it was published, in a few statements, not one each', async () => {
    heard.length = 0;
    statements.length = 0;
    const burst = Array.from({ length: 60 }, (_, i) => `message ${i}`);
    await Promise.all(burst.map((payload) => notify(pool, payload)));
    await expect.poll(() => heard.length).toBe(burst.length);
    expect(heard).toEqual(burst);
    // The first goes alone; the rest arrive while it runs and go together.
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('a statement that fails fails its own batch only, and the next one is sent', async () => {
    heard.length = 0;
    const tooLong = 'x'.repeat(9000); // NOTIFY payloads stop at 8,000 bytes
    const failed = notify(pool, tooLong);
    await expect(failed).rejects.toThrow(/payload string too long/);
    await notify(pool, 'after');
    // The adapter's other statements still go through the same queue and get their answer.
    const [other] = await Promise.all([pool.query('select 1 as one'), notify(pool, 'last')]);
    expect((other as pg.QueryResult).rows[0]).toEqual({ one: 1 });
    await expect.poll(() => heard).toEqual(['after', 'last']);
  });

  it('says when everything asked for has been sent, so the pool can end after it', async () => {
    heard.length = 0;
    const adapterPool = createAdapterPool(process.env.TEST_DATABASE_URL!);
    const sent = [
      notify(adapterPool, 'one'),
      adapterPool.query('select 1'),
      notify(adapterPool, 'two'),
    ];
    await adapterPool.settled();
    await adapterPool.end();
    await Promise.all(sent);
    await expect.poll(() => heard).toEqual(['one', 'two']);
  });

  it('a statement that gets no answer times out instead of holding back the broadcasts after it', async () => {
    heard.length = 0;
    const adapterPool = createAdapterPool(process.env.TEST_DATABASE_URL!, 300);
    try {
      const stuck = adapterPool.query('select pg_sleep(5)');
      const next = notify(adapterPool, 'not held back');
      await expect(stuck).rejects.toThrow(/timeout/i);
      await next;
      await expect.poll(() => heard).toEqual(['not held back']);
    } finally {
      await adapterPool.end();
    }
  });
});
