import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database';
import { startPgliteWorker } from './worker-link';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(onPostgres)('the embedded database on its own thread (issue 7)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => database.close());

  it('keeps the event loop free while a long statement runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      const { rows } = await database.pool.query(
        'select sum(g)::text as total from generate_series(1, 4000000) g',
      );
      expect(rows).toEqual([{ total: '8000002000000' }]);
    } finally {
      clearInterval(ticker);
    }
    const ran = performance.now() - started;
    // The statement runs for a good while; on the main thread the loop would stall for all of it.
    expect(ran).toBeGreaterThan(150);
    expect(longestGap).toBeLessThan(ran / 3);
  });

  it('rolls back what a connection ended mid-transaction left open', async () => {
    await database.pool.query('create table left_open (id int)');
    const client = await database.pool.connect();
    await client.query('begin');
    await client.query('insert into left_open values (1)');
    // Ending a client in error is what the pool does after a failed query.
    client.release(new Error('dropped'));
    const { rows } = await database.pool.query('select count(*)::int as n from left_open');
    expect(rows).toEqual([{ n: 0 }]);
    await database.pool.query('insert into left_open values (2)');
    expect((await database.pool.query('select id from left_open')).rows).toEqual([{ id: 2 }]);
  });

  it('keeps named statements and LISTENs across a replaced connection', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('worker_test', { onMessage: (p) => heard.push(p) });
    const named = { name: 'worker_test_add', text: 'select $1::int + 1 as n', values: [1] };
    expect((await database.pool.query(named)).rows).toEqual([{ n: 2 }]);
    // A failed statement makes the pool replace its one connection.
    await expect(database.pool.query('select * from no_such_table')).rejects.toThrow(
      /no_such_table/,
    );
    expect((await database.pool.query({ ...named, values: [41] })).rows).toEqual([{ n: 42 }]);
    await database.pool.query(`select pg_notify('worker_test', 'after the new connection')`);
    await expect.poll(() => heard).toEqual(['after the new connection']);
    await unlisten();
  });

  it('knows a statement prepared by a connection that ended before hearing the answer', async () => {
    const named = { name: 'worker_test_in_flight', text: 'select $1::int * 2 as n', values: [4] };
    const client = await database.pool.connect();
    // Sent at once; the client is ended (released in error) before the engine's answer is read.
    const unheard = client.query(named).catch(() => undefined);
    client.release(new Error('dropped'));
    await unheard;
    // The session holds the statement: a second Parse of it would fail ("already exists").
    expect((await database.pool.query({ ...named, values: [21] })).rows).toEqual([{ n: 42 }]);
  });

  it('answers a health ping beside the pool, also while a transaction holds its connection', async () => {
    await database.ping();
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select 1');
      await database.ping();
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('reports errors as PostgreSQL does: code and constraint', async () => {
    await database.pool.query('create table unique_names (name text primary key)');
    await database.pool.query(`insert into unique_names values ('a')`);
    const error = await database.pool
      .query(`insert into unique_names values ('a')`)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'unique_names_pkey' });
  });
});

describe.skipIf(onPostgres)('a closed embedded database', () => {
  it('refuses statements with an error instead of hanging', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await database.close();
    await expect(database.pool.query('select 1')).rejects.toThrow();
  });

  it('leaves the data folder shut down cleanly, also when closed several times at once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-close-'));
    try {
      const link = startPgliteWorker({ dataDir });
      await link.ready;
      await Promise.all([link.close(), link.close(), link.close()]);
      // pg_control's state, after the system identifier and two version numbers: 1, shut down
      // (a thread ended mid-shutdown leaves it "in production", for crash recovery).
      const control = fs.readFileSync(path.join(dataDir, 'global', 'pg_control'));
      expect(control.readInt32LE(16)).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
