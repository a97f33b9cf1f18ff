import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PotentialMatch } from '@aeropool/contract/rides';
import { createRide, PLACES, respond, sendMatch } from '../../test/ride-factory';
import { countStatements } from '../../test/count-statements';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = {
  potentialMatches: PotentialMatch[];
  incomingMatches: unknown[];
  outgoingMatches: { cab?: { matchId: string } }[];
};

/** The statements computing the answer cost (a repeated one comes from matches-cache, with none). */
async function computed(user: SignedUpUser, rideId: string) {
  const url = `/api/ride-request/potential-matches-and-requests/${rideId}`;
  // The first request of a session reads it once; later ones find it in the session cache.
  await t.request({ method: 'GET', url, token: user.token });
  t.app.matchesCache.invalidate();
  let answer: Answer | undefined;
  // Counted for real: the wrapper sees every statement the pool runs.
  const statements = await countStatements(t.database, async () => {
    const res = await t.request({ method: 'GET', url, token: user.token });
    expect(res.statusCode).toBe(200);
    answer = res.json().entities[0];
  });
  return { answer: answer!, statements };
}

describe('potential-matches-and-requests answers from two statements (issue 7)', () => {
  it('where demand is thin: the wider search is part of the candidates statement', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const mine = await createRide(t, a, { minutesAhead: 500 });
    const theirs = await createRide(t, b, { minutesAhead: 500, place: PLACES.indiranagar });
    await createRide(t, c, { minutesAhead: 505, place: PLACES.indiranagar });
    expect((await sendMatch(t, b, theirs._id, mine._id)).statusCode).toBe(201);
    const { answer, statements } = await computed(a, mine._id);
    expect(answer.potentialMatches).toHaveLength(1);
    expect(answer.incomingMatches).toHaveLength(1);
    expect(statements, statements.join('\n---\n')).toHaveLength(2);
  });

  it('where enough riders fit from the first search', async () => {
    const riders = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const [me, ...others] = riders;
    const mine = await createRide(t, me!, { minutesAhead: 900 });
    for (const other of others)
      await createRide(t, other, { minutesAhead: 900, place: PLACES.indiranagar });
    const { answer, statements } = await computed(me!, mine._id);
    expect(answer.potentialMatches).toHaveLength(5);
    expect(statements, statements.join('\n---\n')).toHaveLength(2);
  });

  it('with cabs: a cab with room on a card, and an ask to join another cab', async () => {
    const [a, b, c, d, me] = await Promise.all([
      t.signUp(),
      t.signUp(),
      t.signUp(),
      t.signUp(),
      t.signUp(),
    ]);
    const minutesAhead = 1300;
    const cabOf = async (x: SignedUpUser, y: SignedUpUser) => {
      const rideX = await createRide(t, x, { minutesAhead });
      const rideY = await createRide(t, y, { minutesAhead, place: PLACES.indiranagar });
      const sent = await sendMatch(t, x, rideX._id, rideY._id);
      const accepted = await respond(t, y, rideY._id, sent.json().entities[0]._id);
      return { matchId: accepted.json().entities[0].matchId as string, lead: rideX };
    };
    const asked = await cabOf(a, b);
    const shown = await cabOf(c, d);
    const mine = await createRide(t, me, { minutesAhead });
    expect((await sendMatch(t, me, mine._id, asked.lead._id)).statusCode).toBe(201);

    const { answer, statements } = await computed(me, mine._id);
    expect(answer.outgoingMatches.map((m) => m.cab?.matchId)).toEqual([asked.matchId]);
    expect(answer.potentialMatches.map((p) => p.cab?.matchId)).toContain(shown.matchId);
    expect(statements, statements.join('\n---\n')).toHaveLength(2);
  });
});
