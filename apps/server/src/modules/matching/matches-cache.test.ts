import { sql } from 'drizzle-orm';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepJson } from '../../lib/kept-json';
import { createRide, matchesOf, PLACES } from '../../test/ride-factory';
import { countStatements } from '../../test/count-statements';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // On PostgreSQL the listening connection opens in the background; until then nothing is cached.
  for (let waited = 0; !t.app.matchesCache.isListening() && waited < 10_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
});
afterAll(() => t.close());

type Answer = { potentialMatches: { _id: string }[] };
const shownIds = (answer: Answer) => answer.potentialMatches.map((card) => card._id).sort();

/** Two riders whose drops fit, at a time no other test of this file uses. */
async function pair(minutesAhead: number) {
  const [me, them] = await Promise.all([t.signUp(), t.signUp()]);
  const mine = await createRide(t, me, { minutesAhead });
  const theirs = await createRide(t, them, { minutesAhead, place: PLACES.indiranagar });
  return { me, mine, theirs };
}

/**
 * Until the NOTIFYs of the writes just made have arrived (asynchronous on PostgreSQL), they may
 * drop an answer right after it is cached: wait until a repeat costs no statement.
 */
const untilCached = (rider: Parameters<typeof matchesOf>[1], requestId: string) =>
  expect
    .poll(
      async () => (await countStatements(t.database, () => matchesOf(t, rider, requestId))).length,
    )
    .toBe(0);

describe('potential matches between changes (issue 7, matches-cache)', () => {
  it('answers a repeated request from memory, with no SQL statement, the same as computed', async () => {
    const { me, mine, theirs } = await pair(600);
    const first = (await matchesOf(t, me, mine._id)) as Answer;
    expect(shownIds(first)).toEqual([theirs._id]);
    await untilCached(me, mine._id);
    let again: Answer | undefined;
    const statements = await countStatements(t.database, async () => {
      again = (await matchesOf(t, me, mine._id)) as Answer;
    });
    expect(statements).toEqual([]);
    expect(again).toEqual(first);
  });

  it("shows a change made through this instance on the rider's very next request", async () => {
    const { me, mine, theirs } = await pair(700);
    expect(shownIds(await matchesOf(t, me, mine._id))).toEqual([theirs._id]);
    const newcomer = await t.signUp();
    const late = await createRide(t, newcomer, { minutesAhead: 700, place: PLACES.hsrLayout });
    expect(shownIds(await matchesOf(t, me, mine._id))).toEqual([theirs._id, late._id].sort());
  });

  it("drops the answers as a rider's writing request answers, before any NOTIFY", async () => {
    const { me, mine } = await pair(775);
    const key = { requestId: mine._id, userId: me.id, now: t.clock.now() };
    const empty = keepJson('{"entities":[]}');
    await t.app.matchesCache.answer(key, async () => empty);
    // Marking notifications read touches no table the answer reads: only the hook can drop it.
    const read = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: me.token,
      payload: { all: true },
    });
    expect(read.statusCode).toBe(200);
    let computedAgain = false;
    await t.app.matchesCache.answer(key, async () => {
      computedAgain = true;
      return empty;
    });
    expect(computedAgain).toBe(true);
  });

  it('keeps the answers through an anonymous write (a page view), which changes nothing shown', async () => {
    const { me, mine } = await pair(750);
    await untilCached(me, mine._id);
    const view = await t.request({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/' },
    });
    expect(view.statusCode).toBe(202);
    const statements = await countStatements(t.database, () => matchesOf(t, me, mine._id));
    expect(statements).toEqual([]);
  });

  it('shows a change committed elsewhere (another instance) once its NOTIFY arrives', async () => {
    const { me, mine, theirs } = await pair(800);
    expect(shownIds(await matchesOf(t, me, mine._id))).toEqual([theirs._id]);
    // Straight to the database, as another instance would: no request of this one is involved.
    await t.database.db.execute(
      sql`update ride_requests set status = 'Cancelled' where id = ${theirs._id}`,
    );
    await expect
      .poll(async () => shownIds(await matchesOf(t, me, mine._id)), { timeout: 5_000 })
      .toEqual([]);
  });

  it('does not keep an answer computed while something changed', async () => {
    const { me, mine } = await pair(900);
    const key = { requestId: mine._id, userId: me.id, now: t.clock.now() };
    const empty = keepJson('{"entities":[]}');
    await t.app.matchesCache.answer(key, async () => {
      await t.database.db.execute(sql`update ride_requests set bags = bags where id = ${mine._id}`);
      // Long enough for the NOTIFY to come back on PostgreSQL's listening connection.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return empty;
    });
    let computedAgain = false;
    await t.app.matchesCache.answer(key, async () => {
      computedAgain = true;
      return empty;
    });
    expect(computedAgain).toBe(true);
  });

  it('sends the kept answer compressed as the client asks, the same JSON from every copy', async () => {
    const { me, mine } = await pair(1100);
    const newcomer = await t.signUp();
    await createRide(t, newcomer, { minutesAhead: 1100, place: PLACES.hsrLayout });
    const get = (acceptEncoding?: string) =>
      t.request({
        method: 'GET',
        url: `/api/ride-request/potential-matches-and-requests/${mine._id}`,
        token: me.token,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json().entities[0].potentialMatches).toHaveLength(2);
    await untilCached(me, mine._id);

    // Twice each: the first makes the compressed copy, the second is sent from it.
    for (const [accepted, encoding, decompress] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', zlib.gunzipSync],
      ['br', 'br', zlib.brotliDecompressSync],
      ['*', 'gzip', zlib.gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round += 1) {
        const res = await get(accepted);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decompress(res.rawPayload).toString()).toBe(plain.body);
      }
    }
    const identity = await get('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('computes a burst of the same request once', async () => {
    const { me, mine } = await pair(1000);
    const key = { requestId: mine._id, userId: me.id, now: t.clock.now() };
    let computed = 0;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.matchesCache.answer(key, async () => {
          computed += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return keepJson('{"entities":[]}');
        }),
      ),
    );
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });
});
