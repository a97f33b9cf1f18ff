import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck, JoinAck } from '@aeropool/contract/chat';
import { createPostgresStore } from '../lib/rate-limit/postgres-store';
import { users } from './schema';
import { createRide, matchedPair, PLACES, sendMatch } from '../test/ride-factory';
import { connectSocket, type TestSocket } from '../test/socket-client';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from './database-unavailable';

// Long enough that no statement of the test itself waits that long on a slow machine (PGlite runs
// one statement at a time, and a first, cold statement can take a few hundred ms).
const POOL_WAIT_MS = 1500;

/** The busy answer: 503, our message in the envelope, and when to try again. */
function expectBusy(response: { statusCode: number; headers: object; json(): unknown }) {
  expect(response.statusCode).toBe(503);
  expect(response.headers).toMatchObject({ 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
  expect(response.json()).toEqual({
    statusCode: 503,
    message: DATABASE_BUSY_MESSAGE,
    entities: [],
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}

describe('isDatabaseUnavailable', () => {
  it('knows a refused connection, a pool out of connections and what drizzle wraps', async () => {
    const refused = await new pg.Client({ host: '127.0.0.1', port: 1, user: 'x' })
      .connect()
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, max: 1, connectionTimeoutMillis: 50 });
    const timedOut = await pool.query('select 1').catch((error: unknown) => error);
    await pool.end();
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], timedOut as Error))).toBe(
      true,
    );

    const tooMany = Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    expect(isDatabaseUnavailable(tooMany)).toBe(true);
  });

  it('leaves a statement that is wrong, and anything else, to the 500', () => {
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('insert', [], unique))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('timeout exceeded when trying to connect')).toBe(false);
  });
});

describe('a database with no free connection', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    // Chat's limit counters in the database too, as on a cluster (RATE_LIMIT_STORE=postgres).
    t = await createTestApp(
      { DATABASE_POOL_WAIT_MS: String(POOL_WAIT_MS) },
      {},
      { limitStore: createPostgresStore },
    );
    url = await t.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  /** Takes every connection of the app's pool (but `spare`) until the returned function gives them back. */
  async function holdEveryConnection(spare = 0) {
    const held: PoolClient[] = [];
    for (let i = 0; i < t.database.pool.options.max! - spare; i += 1) {
      held.push(await t.database.pool.connect());
    }
    return () => held.forEach((client) => client.release());
  }

  it('answers 503 with Retry-After after the pool wait, and serves again once one is free', async () => {
    const rider = await t.signUp();
    const stats = () =>
      t.request({ method: 'GET', url: `/api/user/${rider.id}`, token: rider.token });
    expect((await stats()).statusCode).toBe(200);

    const release = await holdEveryConnection();
    const started = performance.now();
    const busy = await stats().finally(release);
    expect(performance.now() - started).toBeGreaterThanOrEqual(POOL_WAIT_MS - 10);
    expectBusy(busy);

    expect((await stats()).statusCode).toBe(200);
  });

  it("answers an operator's desk 503, not the 404 that hides it, while the database is busy", async () => {
    const operator = await t.signUp();
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
    // A token not yet checked on this instance: its session must be read from the database.
    const release = await holdEveryConnection();
    const busy = await t
      .request({ method: 'GET', url: '/api/admin/queue', token: operator.token })
      .finally(release);
    expectBusy(busy);
  });

  it('sends a match request with one connection at a time: its limit is counted beside its transaction', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a);
    const rideB = await createRide(t, b, { place: PLACES.indiranagar });
    // Every connection but one taken: a transaction that asked the pool for a second connection
    // (the limit store's) would wait for itself.
    const release = await holdEveryConnection(1);
    const sent = await sendMatch(t, a, rideA._id, rideB._id).finally(release);
    expect(sent.statusCode).toBe(201);
  });

  it('refuses a chat handshake it cannot check with a busy message the app retries, and lives on', async () => {
    const rider = await t.signUp();
    const release = await holdEveryConnection();
    // A token not yet checked on this instance: its session must be read from the database.
    const refused = await connectSocket(url, rider.token)
      .catch((error: unknown) => error)
      .finally(release);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(DATABASE_BUSY_MESSAGE);
    expect((refused as Error & { data?: unknown }).data).toEqual({ retry: true });

    const socket = await connectSocket(url, rider.token);
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });

  it('answers a join and a message it cannot store with a SERVER error, and stores the retry', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b);
    const socket = await connectSocket(url, a.token);
    sockets.push(socket);
    const join = () => new Promise<JoinAck>((resolve) => socket.emit('joinRoom', matchId, resolve));
    const payload = {
      matchId,
      messageText: 'At the kerb by pillar 4',
      clientId: crypto.randomUUID(),
    };
    const send = () => new Promise<ChatAck>((resolve) => socket.emit('message', payload, resolve));

    let release = await holdEveryConnection();
    const busyJoin = await join().finally(release);
    expect(busyJoin).toEqual({
      ok: false,
      error: { code: 'SERVER', message: DATABASE_BUSY_MESSAGE, matchId },
    });
    expect(await join()).toEqual({ ok: true, status: 'Active' });

    release = await holdEveryConnection();
    const busySend = await send().finally(release);
    expect(busySend).toEqual({
      ok: false,
      error: { code: 'SERVER', message: DATABASE_BUSY_MESSAGE },
    });
    const stored = await send();
    expect(stored.ok && stored.message.messageText).toBe(payload.messageText);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('a statement stuck behind a lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: '500' });
  });
  afterAll(() => t.close());

  it('is cancelled after the statement timeout and answered 503; the same request passes once the lock is gone', async () => {
    const rider = await t.signUp();
    const rename = () =>
      t.request({
        method: 'PUT',
        url: `/api/user/${rider.id}`,
        token: rider.token,
        payload: { firstName: 'Asha' },
      });
    // Another session (an instance frozen mid-transaction, a long admin query) holds the row.
    const holder = await t.database.pool.connect();
    await holder.query('begin');
    await holder.query('select 1 from users where id = $1 for update', [rider.id]);
    try {
      const stuck = await rename();
      expectBusy(stuck);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect((await rename()).statusCode).toBe(200);
  });

  it('knows a cancelled statement, a transaction ended for idling, a lost deadlock or conflict', () => {
    for (const code of ['57014', '25P03', '40P01', '40001']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('canceled'), { code }))).toBe(true);
    }
  });
});
