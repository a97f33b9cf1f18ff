import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, ratings, rideRequests, users } from '../../db/schema';
import type { Trip } from '@aeropool/contract/rides';
import {
  createRide,
  matchedPair,
  matchesOf,
  PLACES,
  respond,
  sendMatch,
} from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Gives `rated` these ratings from fresh raters (rows written directly: the rating flow has its own tests). */
async function rate(rated: SignedUpUser, values: number[]) {
  for (const value of values) {
    const rater = await t.signUp();
    const [match] = await t.database.db.insert(matches).values({ status: 'Completed' }).returning();
    await t.database.db
      .insert(ratings)
      .values({ raterId: rater.id, ratedId: rated.id, matchId: match!.id, rating: value });
  }
}

describe('trust signals on every card', () => {
  it('potential matches and requests carry verified phone, rating, completed rides and member since', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp({ firstName: 'Bina' })]);
    await t.database.db
      .update(users)
      .set({ phone: '+919876511111', phoneVerifiedAt: new Date() })
      .where(eq(users.id, b.id));
    await rate(b, [5, 4]);
    const old = await createRide(t, b, { minutesAhead: 20_000 });
    await t.database.db
      .update(rideRequests)
      .set({ status: 'Completed' })
      .where(eq(rideRequests.id, old._id));

    const rideA = await createRide(t, a, { minutesAhead: 3000 });
    const rideB = await createRide(t, b, { minutesAhead: 3000, place: PLACES.indiranagar });
    const potential = (await matchesOf(t, a, rideA._id)).potentialMatches;
    const trust = potential.find((p: { _id: string }) => p._id === rideB._id).rider.trust;
    expect(trust).toEqual({
      phoneVerified: true,
      averageRating: 4.5,
      ratingCount: 2,
      completedRides: 1,
      // The month only (its first day, 00:00 in Bengaluru), not the sign-up instant.
      memberSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T18:30:00\.000Z$/),
    });
    const since = new Date(trust.memberSince);
    const joined = new Date(t.clock.now().getTime() + 330 * 60_000);
    expect(new Date(since.getTime() + 330 * 60_000).toISOString().slice(0, 10)).toBe(
      `${joined.toISOString().slice(0, 7)}-01`,
    );
    // Phone numbers themselves stay hidden.
    expect(JSON.stringify(potential)).not.toContain('9876511111');

    await sendMatch(t, a, rideA._id, rideB._id);
    const incoming = (await matchesOf(t, b, rideB._id)).incomingMatches[0].requestId.rider;
    expect(incoming.trust).toMatchObject({
      phoneVerified: false,
      averageRating: 0,
      ratingCount: 0,
      completedRides: 0,
    });
    const outgoing = (await matchesOf(t, a, rideA._id)).outgoingMatches[0].requestId.rider;
    expect(outgoing.trust).toMatchObject({ phoneVerified: true, ratingCount: 2 });
  });
});

describe('riders rated under 2.5 over 3 or more ratings', () => {
  it('are not offered as potential matches and cannot send or receive new match requests', async () => {
    const [a, low, fresh] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    await rate(low, [2, 2, 3]);
    await rate(fresh, [1, 2]);
    const rideA = await createRide(t, a, { minutesAhead: 5000 });
    const rideLow = await createRide(t, low, { minutesAhead: 5000, place: PLACES.indiranagar });
    const rideFresh = await createRide(t, fresh, { minutesAhead: 5000, place: PLACES.indiranagar });

    const shown = (await matchesOf(t, a, rideA._id)).potentialMatches.map(
      (p: { _id: string }) => p._id,
    );
    expect(shown).not.toContain(rideLow._id);
    // Two low ratings are not yet a pattern.
    expect(shown).toContain(rideFresh._id);

    const toLow = await sendMatch(t, a, rideA._id, rideLow._id);
    expect(toLow.statusCode).toBe(409);
    const fromLow = await sendMatch(t, low, rideLow._id, rideA._id);
    expect(fromLow.statusCode).toBe(403);
    expect(fromLow.json().message).toBe(
      'Your recent ratings are too low to send match requests. Contact support if you think this is a mistake.',
    );
  });

  it('by three riders, not three ratings: one co-rider of many trips cannot rate a rider out', async () => {
    const [a, rated, rater] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    for (let trip = 0; trip < 4; trip += 1) {
      const [match] = await t.database.db
        .insert(matches)
        .values({ status: 'Completed' })
        .returning();
      await t.database.db
        .insert(ratings)
        .values({ raterId: rater.id, ratedId: rated.id, matchId: match!.id, rating: 1 });
    }
    // Two more riders are happy: three riders, averaging (1 + 5 + 5) / 3, not (1 × 4 + 5 + 5) / 6.
    await rate(rated, [5, 5]);
    const rideA = await createRide(t, a, { minutesAhead: 5050 });
    const rideRated = await createRide(t, rated, { minutesAhead: 5050, place: PLACES.indiranagar });
    const shown = (await matchesOf(t, a, rideA._id)).potentialMatches.map(
      (p: { _id: string }) => p._id,
    );
    expect(shown).toContain(rideRated._id);
    expect((await sendMatch(t, rated, rideRated._id, rideA._id)).statusCode).toBe(201);
  });

  it('whose ratings fall while a request waits: it leaves both lists and cannot be accepted', async () => {
    const [a, b, c, d] = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 5100 });
    const rideB = await createRide(t, b, { minutesAhead: 5100, place: PLACES.indiranagar });
    const fromA = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0]._id;
    const rideC = await createRide(t, c, { minutesAhead: 5200 });
    const rideD = await createRide(t, d, { minutesAhead: 5200, place: PLACES.indiranagar });
    const fromC = (await sendMatch(t, c, rideC._id, rideD._id)).json().entities[0]._id;

    // The sender falls under the rule: the recipient no longer sees the request, nor may accept it.
    await rate(a, [1, 2, 2]);
    expect((await matchesOf(t, b, rideB._id)).incomingMatches).toEqual([]);
    const accepted = await respond(t, b, rideB._id, fromA);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe('That ride is no longer available.');

    // The recipient falls under it: the sender's list drops the request; accepting is refused.
    await rate(d, [1, 1, 1]);
    expect((await matchesOf(t, c, rideC._id)).outgoingMatches).toEqual([]);
    const byLow = await respond(t, d, rideD._id, fromC);
    expect(byLow.statusCode).toBe(403);
    expect(byLow.json().message).toBe(
      'Your recent ratings are too low to accept match requests. Contact support if you think this is a mistake.',
    );
  });

  it('whose ratings fall while their ask to join a cab waits: the cab no longer sees it', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const { rideA, matchId } = await matchedPair(t, a, b, { minutesAhead: 5400 });
    const rideC = await createRide(t, c, { minutesAhead: 5400 });
    const ask = await sendMatch(t, c, rideC._id, rideA._id);
    expect(ask.statusCode).toBe(201);
    const asksOnCard = async () => {
      const trips = (
        await t.request({
          method: 'GET',
          url: `/api/match-or-ride-request/upcoming/${a.id}`,
          token: a.token,
        })
      ).json().entities as Trip[];
      return trips.find((trip) => trip.match?._id === matchId)!.match!.joinRequests ?? [];
    };
    expect(await asksOnCard()).toHaveLength(1);

    await rate(c, [2, 2, 2]);
    expect(await asksOnCard()).toEqual([]);
    const accepted = await respond(t, a, rideA._id, ask.json().entities[0]._id);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe('That ride is no longer available.');
  });
});
