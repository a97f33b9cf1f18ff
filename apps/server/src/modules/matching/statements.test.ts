import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRide, PLACES, sendMatch } from '../../test/ride-factory';
import { countStatements } from '../../test/count-statements';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('potential-matches-and-requests (issue 7)', () => {
  it('answers from three SQL statements where demand is thin (the wider second search)', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const mine = await createRide(t, a, { minutesAhead: 500 });
    const theirs = await createRide(t, b, { minutesAhead: 500, place: PLACES.indiranagar });
    await createRide(t, c, { minutesAhead: 505, place: PLACES.indiranagar });
    expect((await sendMatch(t, b, theirs._id, mine._id)).statusCode).toBe(201);
    const url = `/api/ride-request/potential-matches-and-requests/${mine._id}`;
    // The first request of a session reads it once; later ones find it in the session cache.
    await t.request({ method: 'GET', url, token: a.token });

    // What computing the answer costs (a repeated one comes from matches-cache, with none).
    t.app.matchesCache.invalidate();
    let body: { potentialMatches: unknown[]; incomingMatches: unknown[] } | undefined;
    const statements = await countStatements(t.database, async () => {
      const res = await t.request({ method: 'GET', url, token: a.token });
      expect(res.statusCode).toBe(200);
      body = res.json().entities[0];
    });
    expect(body!.potentialMatches).toHaveLength(1);
    expect(body!.incomingMatches).toHaveLength(1);
    // Counted for real (the wrapper sees the statements): my request, the search, the wider one.
    expect(statements.length, statements.join('\n---\n')).toBe(3);
  });

  it('answers from two SQL statements where enough riders fit from the first search', async () => {
    const riders = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const [me, ...others] = riders;
    const mine = await createRide(t, me!, { minutesAhead: 900 });
    for (const other of others)
      await createRide(t, other, { minutesAhead: 900, place: PLACES.indiranagar });
    const url = `/api/ride-request/potential-matches-and-requests/${mine._id}`;
    await t.request({ method: 'GET', url, token: me!.token });

    t.app.matchesCache.invalidate();
    let shown = 0;
    const statements = await countStatements(t.database, async () => {
      const res = await t.request({ method: 'GET', url, token: me!.token });
      shown = res.json().entities[0].potentialMatches.length;
    });
    expect(shown).toBe(5);
    expect(statements.length, statements.join('\n---\n')).toBe(2);
  });
});
