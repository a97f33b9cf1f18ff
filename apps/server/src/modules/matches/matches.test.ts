import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings } from '../../db/schema';
import {
  createRide,
  matchedPair,
  matchesOf,
  PLACES,
  respond,
  sendMatch,
} from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { sessionsWaitingForLocks, sideSession } from '../../test/lock-waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setStatus = (user: SignedUpUser, matchId: string, status: string) =>
  t.request({
    method: 'PUT',
    url: `/api/match/${matchId}`,
    token: user.token,
    payload: { id: matchId, status },
  });
const rate = (user: SignedUpUser, matchId: string, ratedUserId: string, rating: number) =>
  t.request({
    method: 'POST',
    url: '/api/rating',
    token: user.token,
    payload: { raterUserId: user.id, ratedUserId, matchId, rating },
  });
const stats = async (user: SignedUpUser) =>
  (await t.request({ method: 'GET', url: `/api/user/stats/${user.id}`, token: user.token })).json()
    .entities[0];
const trips = async (user: SignedUpUser, tab: 'upcoming' | 'past') =>
  (
    await t.request({
      method: 'GET',
      url: `/api/match-or-ride-request/${tab}/${user.id}`,
      token: user.token,
    })
  ).json().entities;

/** Runs `fn` with the server clock moved forward, then moves it back. */
async function later<T>(minutes: number, fn: () => Promise<T>): Promise<T> {
  t.clock.advance(minutes * 60_000);
  try {
    return await fn();
  } finally {
    t.clock.advance(-minutes * 60_000);
  }
}

describe('GET /api/match/{id}', () => {
  it('shows the match with every member’s request to members only', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const { matchId, rideA, rideB } = await matchedPair(t, a, b, { minutesAhead: 2100 });
    const res = await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: b.token });
    expect(res.statusCode).toBe(200);
    const match = res.json().entities[0];
    expect(match).toMatchObject({ _id: matchId, status: 'Active' });
    expect(match.requests.map((r: { _id: string }) => r._id).sort()).toEqual(
      [rideA._id, rideB._id].sort(),
    );
    expect(
      (await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: c.token })).statusCode,
    ).toBe(403);
    await setStatus(a, matchId, 'Cancelled');
    const after = await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: b.token });
    expect(after.json().entities[0].status).toBe('Cancelled');
  });
});

describe('PUT /api/match/{id}', () => {
  it('lets only members act (403), 404 for unknown', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 100 });
    expect((await setStatus(c, matchId, 'Cancelled')).statusCode).toBe(403);
    expect(
      (await setStatus(c, '00000000-0000-4000-8000-000000000000', 'Cancelled')).statusCode,
    ).toBe(404);
    expect((await setStatus(a, matchId, 'Active')).statusCode).toBe(400);
  });

  it('cancel: both requests are Active again, the pair apart; the co-rider is told and mailed', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const { rideA, rideB, matchId } = await matchedPair(t, a, b, { minutesAhead: 400 });
    const res = await setStatus(a, matchId, 'Cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json().entities[0].status).toBe('Cancelled');
    expect((await setStatus(b, matchId, 'Cancelled')).statusCode).toBe(409);

    // Both rides are open again (the canceller did not ask to cancel theirs)…
    for (const [rider, ride] of [
      [a, rideA],
      [b, rideB],
    ] as const) {
      const upcoming = await trips(rider, 'upcoming');
      expect(
        upcoming.find((x: { rideRequest: { _id: string } }) => x.rideRequest._id === ride._id),
      ).toEqual({ rideRequest: expect.objectContaining({ status: 'Active' }) });
    }
    // …but the two are not offered to each other again; others still see B.
    const shownToB = (await matchesOf(t, b, rideB._id)).potentialMatches.map(
      (p: { _id: string }) => p._id,
    );
    expect(shownToB).not.toContain(rideA._id);
    const askedAgain = await sendMatch(t, b, rideB._id, rideA._id);
    expect(askedAgain.json()).toMatchObject({
      statusCode: 409,
      message: 'That ride is no longer available.',
    });
    const rideC = await createRide(t, c, { minutesAhead: 400, place: PLACES.hsrLayout });
    const shownToC = (await matchesOf(t, c, rideC._id)).potentialMatches.map(
      (p: { _id: string }) => p._id,
    );
    expect(shownToC).toContain(rideB._id);
    expect(shownToC).toContain(rideA._id);
    await t.mail.waitFor(b.email, (m) => m.subject.includes('cancelled your shared ride'));
    expect(await stats(a)).toMatchObject({ cancelled: 0, active: 1 });
  });

  it('cancel with "also cancel my ride request": the canceller’s request is Cancelled, on Past', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { rideA, matchId } = await matchedPair(t, a, b, { minutesAhead: 460 });
    const res = await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: a.token,
      payload: { id: matchId, status: 'Cancelled', alsoCancelMyRequest: true },
    });
    expect(res.statusCode).toBe(200);
    const pastA = await trips(a, 'past');
    expect(
      pastA.find((x: { rideRequest: { _id: string } }) => x.rideRequest._id === rideA._id),
    ).toMatchObject({ rideRequest: { status: 'Cancelled' }, match: { status: 'Cancelled' } });
    expect(await stats(a)).toMatchObject({ cancelled: 1 });
  });

  it('complete: refused before the trip and before rating every co-passenger; then Completed for both', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { rideA, matchId } = await matchedPair(t, a, b, { minutesAhead: 30 });
    expect(await stats(a)).toMatchObject({ active: 1, completed: 0 });
    const early = await setStatus(a, matchId, 'Completed');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'You can mark the trip completed only after the time of travel.',
    );
    expect((await rate(a, matchId, b.id, 5)).statusCode).toBe(409);

    await later(31, async () => {
      const past = await trips(a, 'past');
      expect(
        past.find((x: { rideRequest: { _id: string } }) => x.rideRequest._id === rideA._id),
      ).toMatchObject({ rideRequest: { status: 'Matched' }, match: { status: 'Active' } });
      const unrated = await setStatus(a, matchId, 'Completed');
      expect(unrated.json().message).toBe(
        'Please rate your co-passengers before completing the trip.',
      );
      expect((await rate(a, matchId, b.id, 4)).statusCode).toBe(201);
      expect((await rate(a, matchId, b.id, 5)).statusCode).toBe(200);
      const done = await setStatus(a, matchId, 'Completed');
      expect(done.statusCode).toBe(200);
      expect(done.json().entities[0]).toMatchObject({
        status: 'Completed',
        requests: [
          expect.objectContaining({ status: 'Completed' }),
          expect.objectContaining({ status: 'Completed' }),
        ],
      });
      expect(await stats(a)).toMatchObject({ completed: 1, active: 0 });
      expect(await stats(b)).toMatchObject({ completed: 1, averageRating: 5 });
      const profile = await t.request({ method: 'GET', url: `/api/user/${b.id}`, token: b.token });
      expect(profile.json().entities[0].averageRating).toBe(5);
    });
  });
});

describe('ratings', () => {
  it('only co-passengers of that match, 1 to 5, not yourself; details readable by members', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 700 });
    await later(701, async () => {
      expect((await rate(c, matchId, b.id, 5)).statusCode).toBe(403);
      expect((await rate(a, matchId, c.id, 5)).statusCode).toBe(400);
      expect((await rate(a, matchId, a.id, 5)).statusCode).toBe(400);
      expect((await rate(a, matchId, b.id, 6)).statusCode).toBe(400);
      expect((await rate(a, matchId, b.id, 0)).statusCode).toBe(400);
      expect((await rate(a, matchId, b.id, 3)).json().entities[0]).toMatchObject({
        raterUserId: a.id,
        ratedUserId: b.id,
        rating: 3,
      });

      const details = (user: SignedUpUser, raterUserId: string, ratedUserId: string) =>
        t.request({
          method: 'POST',
          url: '/api/rating/details',
          token: user.token,
          payload: { raterUserId, ratedUserId, matchId },
        });
      expect((await details(a, a.id, b.id)).json().entities).toEqual([
        expect.objectContaining({ rating: 3 }),
      ]);
      expect((await details(b, b.id, a.id)).json().entities).toEqual([]);
      // Not the rating A gave B, though both are riders of the match.
      expect((await details(b, a.id, b.id)).json()).toMatchObject({
        statusCode: 403,
        message: 'You can see only the ratings you gave.',
      });
      expect((await details(c, a.id, b.id)).statusCode).toBe(403);
    });
  });

  it('a rating can be changed for 24 hours after it was given, not later', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 750 });
    await later(751, async () => {
      expect((await rate(a, matchId, b.id, 5)).statusCode).toBe(201);
      t.clock.advance(23 * 60 * 60_000);
      try {
        expect((await rate(a, matchId, b.id, 4)).statusCode).toBe(200);
        t.clock.advance(2 * 60 * 60_000);
        // B's rating of A, given now, does not reopen A's: no answering in kind.
        expect((await rate(b, matchId, a.id, 1)).statusCode).toBe(201);
        expect((await rate(a, matchId, b.id, 1)).json()).toMatchObject({
          statusCode: 409,
          message: 'A rating can be changed only within 24 hours of giving it.',
        });
        expect((await stats(b)).averageRating).toBe(4);
      } finally {
        t.clock.advance(-25 * 60 * 60_000);
      }
    });
  });

  it("the Past tab's trips carry the ratings the rider gave, so cards need no request each", async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 800 });
    const tripsOf = async (user: SignedUpUser, tab: 'upcoming' | 'past') =>
      (
        await t.request({
          method: 'GET',
          url: `/api/match-or-ride-request/${tab}/${user.id}`,
          token: user.token,
        })
      ).json().entities;
    const upcoming = await tripsOf(a, 'upcoming');
    expect(upcoming[0].match._id).toBe(matchId);
    expect(upcoming[0]).not.toHaveProperty('myRatings');
    await later(801, async () => {
      expect((await tripsOf(a, 'past'))[0].myRatings).toEqual([]);
      expect((await rate(a, matchId, b.id, 4)).statusCode).toBe(201);
      expect((await tripsOf(a, 'past'))[0]).toMatchObject({
        match: { _id: matchId },
        myRatings: [{ raterUserId: a.id, ratedUserId: b.id, matchId, rating: 4 }],
      });
      // Only the ratings this rider gave: b has rated nobody yet.
      expect((await tripsOf(b, 'past'))[0].myRatings).toEqual([]);
    });
  });

  it('a cancelled match cannot be rated', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1000 });
    await setStatus(b, matchId, 'Cancelled');
    await later(1001, async () => {
      expect((await rate(a, matchId, b.id, 5)).statusCode).toBe(409);
      // Cancelled before its time: no trip happened, and nobody is offered a rating.
      const match = await t.request({
        method: 'GET',
        url: `/api/match/${matchId}`,
        token: a.token,
      });
      expect(match.json().entities[0]).toMatchObject({ status: 'Cancelled' });
      expect(match.json().entities[0]).not.toHaveProperty('cancelledAfterTripBy');
    });
  });

  it('a cancel after the trip takes back the ratings the canceller gave, not those they can still get', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1050 });
    await later(1051, async () => {
      expect((await rate(a, matchId, b.id, 1)).statusCode).toBe(201);
      expect((await rate(b, matchId, a.id, 2)).statusCode).toBe(201);
      expect([(await stats(a)).averageRating, (await stats(b)).averageRating]).toEqual([2, 1]);
      // A cancels: A's one star goes, and A can rate no more; B's stars for A stay, and the trip
      // may have happened, so B may still rate A (a cancel is no shield from ratings).
      expect((await setStatus(a, matchId, 'Cancelled')).statusCode).toBe(200);
      expect([(await stats(a)).averageRating, (await stats(b)).averageRating]).toEqual([2, 0]);
      expect((await rate(a, matchId, b.id, 3)).statusCode).toBe(409);
      expect((await rate(b, matchId, a.id, 1)).statusCode).toBe(200);
      expect((await stats(a)).averageRating).toBe(1);
      // Both keep the trip on Past as a cancelled match, not as a ride that expired alone; each
      // card knows who cancelled it after the trip, to offer rating them.
      for (const rider of [a, b]) {
        const [trip] = await trips(rider, 'past');
        expect(trip).toMatchObject({
          rideRequest: { status: 'Matched' },
          match: { _id: matchId, status: 'Cancelled', cancelledAfterTripBy: a.id },
        });
      }
      // B is told of it without being told their ride is open again: its time has passed.
      const mail = await t.mail.waitFor(b.email, (m) =>
        m.subject.includes('cancelled your shared ride'),
      );
      expect(mail.raw).toContain('cancelled the shared cab for your trip.');
      expect(mail.raw).not.toContain('open again');
    });
  });

  it('closing an account after the trip leaves the match for the co-rider to rate and complete', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1070 });
    await later(1071, async () => {
      expect((await rate(b, matchId, a.id, 1)).statusCode).toBe(201);
      const closed = await t.request({
        method: 'DELETE',
        url: `/api/user/deactive/${a.id}`,
        token: a.token,
      });
      expect(closed.statusCode).toBe(200);
      const match = await t.request({
        method: 'GET',
        url: `/api/match/${matchId}`,
        token: b.token,
      });
      expect(match.json().entities[0].status).toBe('Active');
      expect((await setStatus(b, matchId, 'Completed')).statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ rating: ratings.rating })
        .from(ratings)
        .where(eq(ratings.matchId, matchId));
      expect(row).toEqual({ rating: 1 });
    });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'closing an account takes the cab before the rides, as a co-rider cancelling does (no deadlock)',
    async () => {
      const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
      const { matchId, rideA } = await matchedPair(t, a, b, { minutesAhead: 1160 });
      // Another session holds the match, as a co-rider's cancel does before it frees A's ride.
      const holder = await sideSession(t.database.pool);
      let closing;
      try {
        await holder.query('begin');
        await holder.query('select 1 from matches where id = $1 for update', [matchId]);
        closing = t.request({
          method: 'DELETE',
          url: `/api/user/deactive/${a.id}`,
          token: a.token,
        });
        await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
        // The closing waits for the cab holding none of A's rides: this does not wait on it.
        await holder.query('select 1 from ride_requests where id = $1 for update', [rideA._id]);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      expect((await closing!).statusCode).toBe(200);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a rating sent while its rider is being suspended waits without deadlocking (rider, then match)',
    async () => {
      const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
      const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1150 });
      await later(1151, async () => {
        // Another session takes B's row and then the match, as a suspension or deactivation does.
        const holder = await sideSession(t.database.pool);
        let rating;
        try {
          await holder.query('begin');
          await holder.query('select 1 from users where id = $1 for update', [b.id]);
          rating = rate(a, matchId, b.id, 4);
          await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
          // The rating waits for B's row and holds no match lock: this does not wait on it.
          await holder.query('select 1 from matches where id = $1 for update', [matchId]);
        } finally {
          await holder.query('rollback');
          await holder.end();
        }
        expect((await rating!).statusCode).toBe(201);
      });
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a rating the canceller sends while the match is being cancelled is refused, not kept on it',
    async () => {
      const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
      const { matchId } = await matchedPair(t, a, b, { minutesAhead: 1100 });
      await later(1101, async () => {
        // Another session holds the match, so the cancel and then the rating queue behind it.
        const holder = await sideSession(t.database.pool);
        const waitingForLocks = (count: number) =>
          expect.poll(() => sessionsWaitingForLocks(holder)).toBe(count);
        let cancel, rating;
        try {
          await holder.query('begin');
          await holder.query('select 1 from matches where id = $1 for update', [matchId]);
          cancel = setStatus(b, matchId, 'Cancelled');
          await waitingForLocks(1);
          rating = rate(b, matchId, a.id, 1);
          await waitingForLocks(2);
        } finally {
          await holder.query('rollback');
          await holder.end();
        }
        const [cancelled, rated] = await Promise.all([cancel, rating]);
        expect(cancelled!.statusCode).toBe(200);
        expect(rated!.json()).toMatchObject({
          statusCode: 409,
          message: 'This match was cancelled, so there is nothing to rate.',
        });
        expect((await stats(a)).averageRating).toBe(0);
      });
    },
  );
});

describe('trips', () => {
  it('only for your own id', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/match-or-ride-request/upcoming/${a.id}`,
          token: b.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/match-or-ride-request/soon/${a.id}`,
          token: a.token,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("a matched trip moves to Past when the cab's last rider's time has passed: then it can be rated", async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    // From the airport, kerb times ten minutes apart: A waits for B.
    const rideA = await createRide(t, a, { minutesAhead: 1200 });
    const rideB = await createRide(t, b, { minutesAhead: 1210 });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    const accepted = await respond(t, b, rideB._id, sent.json().entities[0]._id);
    const matchId = accepted.json().entities[0].matchId as string;
    const matchIdsOf = async (user: SignedUpUser, tab: 'upcoming' | 'past') =>
      (await trips(user, tab)).map((trip: { match?: { _id: string } }) => trip.match?._id);

    await later(1205, async () => {
      // A's own time has passed, B's has not: the trip is still on, for both.
      expect(await matchIdsOf(a, 'upcoming')).toContain(matchId);
      expect(await matchIdsOf(a, 'past')).not.toContain(matchId);
      expect(await matchIdsOf(b, 'upcoming')).toContain(matchId);
      expect(await stats(a)).toMatchObject({ active: 1 });
      expect((await rate(a, matchId, b.id, 4)).statusCode).toBe(409);
    });
    await later(1211, async () => {
      expect(await matchIdsOf(a, 'upcoming')).not.toContain(matchId);
      expect(await matchIdsOf(a, 'past')).toContain(matchId);
      expect(await matchIdsOf(b, 'past')).toContain(matchId);
      expect(await stats(a)).toMatchObject({ active: 0 });
      expect((await rate(a, matchId, b.id, 4)).statusCode).toBe(201);
    });
  });

  it('deactivating a rider cancels their matches: the co-rider is free to match again', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const { rideB, matchId } = await matchedPair(t, a, b, { minutesAhead: 1700 });
    await t.request({ method: 'DELETE', url: `/api/user/deactive/${a.id}`, token: a.token });
    const upcomingB = await trips(b, 'upcoming');
    expect(
      upcomingB.find((x: { rideRequest: { _id: string } }) => x.rideRequest._id === rideB._id),
    ).toEqual({ rideRequest: expect.objectContaining({ status: 'Active' }) });
    expect((await setStatus(b, matchId, 'Cancelled')).statusCode).toBe(409);
  });

  it('deactivating a rider withdraws their open requests from matching', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 1500 });
    await createRide(t, b, { minutesAhead: 1500 });
    await t.request({ method: 'DELETE', url: `/api/user/deactive/${b.id}`, token: b.token });
    expect((await matchesOf(t, a, rideA._id)).potentialMatches).toEqual([]);
  });
});
