import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tripShares } from '../../db/schema';
import { matchedPair, PLACES, rideBody } from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { pruneTripShares } from './prune-trip-shares';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const share = (user: SignedUpUser, matchId: string, method: 'POST' | 'GET' | 'DELETE' = 'POST') =>
  t.request({ method, url: `/api/match/${matchId}/share`, token: user.token });
const view = (token: string) => t.request({ method: 'GET', url: `/api/trip/${token}` });
/** My Trips' upcoming cards: the match of each one's trip link still showing a cancellation. */
const linkOnCard = async (user: SignedUpUser) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/match-or-ride-request/upcoming/${user.id}`,
      token: user.token,
    })
  )
    .json()
    .entities.map((trip: { cancelledTripLinkMatchId?: string }) => trip.cancelledTripLinkMatchId);

describe('trip link for family', () => {
  it('shows first names, places, time and live status without sign-in, and nothing else', async () => {
    const [a, b] = await Promise.all([
      t.signUp({ firstName: 'Asha', lastName: 'Rao' }),
      t.signUp({ firstName: 'Bina', lastName: 'Shah' }),
    ]);
    await t.request({
      method: 'PUT',
      url: `/api/user/${b.id}`,
      token: b.token,
      payload: { phone: '9876512345' },
    });
    const { rideA, matchId } = await matchedPair(t, a, b, { minutesAhead: 600 });
    const created = await share(a, matchId);
    expect(created.statusCode).toBe(201);
    const { token, path, expiresAt } = created.json().entities[0];
    expect(path).toBe(`/trip/${token}`);
    expect(new Date(expiresAt).getTime()).toBe(rideA.timeOfTravel + 6 * 3_600_000);

    const seen = await view(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(seen.json().entities[0]).toEqual({
      riderFirstName: 'Asha',
      coRiders: [{ firstName: 'Bina', phoneVerified: false }],
      direction: rideA.direction,
      terminal: expect.stringMatching(/^T[12]$/),
      cityEnd: expect.any(String),
      timeOfTravel: rideA.timeOfTravel,
      status: 'Active',
      expiresAt,
    });
    const body = seen.body;
    for (const secret of [a.email, b.email, 'Rao', 'Shah', '98765', matchId, a.id, b.id]) {
      expect(body).not.toContain(secret);
    }

    // Live: the status follows the match.
    await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: b.token,
      payload: { status: 'Cancelled' },
    });
    expect((await view(token)).json().entities[0].status).toBe('Cancelled');
    // No new link for a match that is over.
    expect((await share(a, matchId)).json()).toMatchObject({
      statusCode: 409,
      message: 'You can share a trip only while its match is Active.',
    });
  });

  it('is revocable, replaced by a new one, expires 6 hours after the trip, and only for members', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 900 });
    expect((await share(c, matchId)).statusCode).toBe(403);
    expect((await share(a, matchId, 'GET')).json().entities[0]).toEqual({
      isSharing: false,
      expiresAt: null,
    });

    const first = (await share(a, matchId)).json().entities[0].token;
    const second = (await share(a, matchId)).json().entities[0].token;
    expect((await view(first)).json()).toEqual({
      statusCode: 404,
      message: 'This trip link has expired or was turned off.',
      entities: [],
    });
    expect((await view(second)).statusCode).toBe(200);
    expect((await share(a, matchId, 'GET')).json().entities[0].isSharing).toBe(true);

    const stopped = await share(a, matchId, 'DELETE');
    expect(stopped.json().message).toBe('Trip link turned off.');
    expect((await view(second)).statusCode).toBe(404);

    const third = (await share(b, matchId)).json().entities[0].token;
    t.clock.advance((900 + 6 * 60 + 1) * 60_000);
    try {
      expect((await view(third)).statusCode).toBe(404);
    } finally {
      t.clock.advance(-(900 + 6 * 60 + 1) * 60_000);
    }
  });

  it('ends once a cancelled trip’s ride is edited, and with the sharer’s account', async () => {
    const [a, b, c, d] = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    const { rideA, matchId } = await matchedPair(t, a, b, { minutesAhead: 700 });
    const [ofA, ofB] = await Promise.all(
      [a, b].map(async (user) => (await share(user, matchId)).json().entities[0].token as string),
    );
    await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: b.token,
      payload: { status: 'Cancelled' },
    });
    // The family learns the cab is off, not who was in it any more.
    expect((await view(ofA!)).json().entities[0]).toMatchObject({
      status: 'Cancelled',
      coRiders: [],
    });
    // Both rides are back on their own, with no match card: My Trips names the link still on.
    expect(await linkOnCard(a)).toEqual([matchId]);
    expect(await linkOnCard(b)).toEqual([matchId]);
    // A's ride is free again; its new time and place are not the family's to follow.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/ride-request/update/${rideA._id}`,
      token: a.token,
      payload: rideBody(t, { minutesAhead: 760, place: PLACES.hsrLayout }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await view(ofA!)).statusCode).toBe(404);
    expect(await linkOnCard(a)).toEqual([undefined]);
    expect((await view(ofB!)).json().entities[0].status).toBe('Cancelled');
    // Turned off from the card: gone from the family and from the card.
    expect((await share(b, matchId, 'DELETE')).statusCode).toBe(200);
    expect((await view(ofB!)).statusCode).toBe(404);
    expect(await linkOnCard(b)).toEqual([undefined]);

    const pair = await matchedPair(t, c, d, { minutesAhead: 700 });
    const ofC = (await share(c, pair.matchId)).json().entities[0].token as string;
    const ofD = (await share(d, pair.matchId)).json().entities[0].token as string;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/user/deactive/${c.id}`, token: c.token }))
        .statusCode,
    ).toBe(200);
    expect((await view(ofC)).statusCode).toBe(404);
    expect((await view(ofD)).json().entities[0].status).toBe('Cancelled');
  });

  it('no longer names a co-rider who blocked the sharer after the trip (the match stays for ratings)', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp({ firstName: 'Bina' })]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 60 });
    const { token } = (await share(a, matchId)).json().entities[0];
    expect((await view(token)).json().entities[0].coRiders).toEqual([
      { firstName: 'Bina', phoneVerified: false },
    ]);
    t.clock.advance(2 * 3_600_000);
    try {
      const blocked = await t.request({
        method: 'POST',
        url: '/api/blocks',
        token: b.token,
        payload: { userId: a.id },
      });
      expect(blocked.statusCode).toBe(201);
      const seen = await view(token);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().entities[0].coRiders).toEqual([]);
    } finally {
      t.clock.advance(-2 * 3_600_000);
    }
  });

  it('20 links an hour per rider, then a 429 saying when', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1200 });
    for (let i = 0; i < 20; i += 1) expect((await share(a, matchId)).statusCode).toBe(201);
    const refused = await share(a, matchId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have made many trip links in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    // The co-rider's own links are theirs to make.
    expect((await share(b, matchId)).statusCode).toBe(201);
  });

  it('is not made once the trip is over, and two at once leave one live link', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1000 });
    const both = await Promise.all([share(a, matchId), share(a, matchId)]);
    expect(both.map((res) => res.statusCode)).toEqual([201, 201]);
    const live = await Promise.all(
      both.map(async (res) => (await view(res.json().entities[0].token)).statusCode),
    );
    expect(live.sort()).toEqual([200, 404]);

    // Still Active (ratings to give), six hours after the trip: a link would be dead at once.
    t.clock.advance((1000 + 6 * 60) * 60_000);
    try {
      expect((await share(b, matchId)).json()).toMatchObject({
        statusCode: 409,
        message: 'This trip is over, so there is nothing to share.',
      });
    } finally {
      t.clock.advance(-(1000 + 6 * 60) * 60_000);
    }
  });

  it('are deleted by the daily prune once ended, and live ones are kept', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1300 });
    const replaced = (await share(a, matchId)).json().entities[0].token;
    const live = (await share(a, matchId)).json().entities[0].token;
    const turnedOff = (await share(b, matchId)).json().entities[0].token;
    await share(b, matchId, 'DELETE');
    const rowsOfMatch = () =>
      t.database.db.select().from(tripShares).where(eq(tripShares.matchId, matchId));
    expect(await rowsOfMatch()).toHaveLength(3);

    expect(await pruneTripShares(t.app)).toBeGreaterThanOrEqual(2);
    expect(await rowsOfMatch()).toHaveLength(1);
    expect((await view(live)).statusCode).toBe(200);
    for (const ended of [replaced, turnedOff]) expect((await view(ended)).statusCode).toBe(404);

    t.clock.advance((1300 + 6 * 60 + 1) * 60_000);
    try {
      await pruneTripShares(t.app);
      expect(await rowsOfMatch()).toEqual([]);
    } finally {
      t.clock.advance(-(1300 + 6 * 60 + 1) * 60_000);
    }
  });

  it('answers 404 to a made-up or malformed token', async () => {
    expect((await view('A'.repeat(43))).statusCode).toBe(404);
    const malformed = await view('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This trip link has expired or was turned off.');
  });
});
