import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIDE_LIMITS } from '@aeropool/contract/rides';
import { rideRequests } from '../../db/schema';
import {
  block,
  createRide,
  matchesOf,
  PLACES,
  respond,
  rideBody,
  sendMatch,
} from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/ride-request/potential-matches-and-requests/{id}', () => {
  it('lists compatible Active requests of other riders, best match first, with distance and fares', async () => {
    const [a, b, c, d, e, f] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.signUp()));
    const mine = await createRide(t, a!, { minutesAhead: 300 });
    const same = await createRide(t, b!, { minutesAhead: 300 });
    const near = await createRide(t, c!, { minutesAhead: 310, place: PLACES.indiranagar });
    await createRide(t, d!, { minutesAhead: 300, place: PLACES.whitefield }); // a long detour
    await createRide(t, e!, { minutesAhead: 300 + 16 }); // a 16-minute wait at the kerb
    await createRide(t, f!, { minutesAhead: 300, direction: 'pickup' }); // other direction
    await createRide(t, a!, { minutesAhead: 300 + 180 }); // my own other ride

    const { potentialMatches, incomingMatches, outgoingMatches } = await matchesOf(t, a!, mine._id);
    expect(potentialMatches.map((p: { _id: string }) => p._id)).toEqual([same._id, near._id]);
    expect(potentialMatches[0]).toMatchObject({
      matchPercentage: 100,
      distance: 0,
      rider: { _id: b!.id, firstName: 'Asha' },
      status: 'Active',
    });
    expect(potentialMatches[1].matchPercentage).toBeLessThan(100);
    expect(potentialMatches[1].distance).toBeGreaterThan(4000);
    expect(potentialMatches[1].fare.sharedPerPerson).toBeLessThan(potentialMatches[1].fare.solo);
    // Each rider's own figures: identical trips save half the fare with no extra minutes.
    expect(potentialMatches[0].fit).toMatchObject({ extraMinutes: 0, riders: 2 });
    expect(potentialMatches[0].fit.saving).toBe(
      potentialMatches[0].fare.solo - potentialMatches[0].fare.sharedPerPerson,
    );
    // The cab costs one solo fare, split in halves that add up to it: the odd rupee, if any, goes
    // to one of the two, and the other rider sees the other half.
    const seenByB = (await matchesOf(t, b!, same._id)).potentialMatches.find(
      (p: { _id: string }) => p._id === mine._id,
    );
    const solo = potentialMatches[0].fare.solo;
    expect(seenByB.fare.solo).toBe(solo);
    expect(
      [potentialMatches[0].fare.sharedPerPerson, seenByB.fare.sharedPerPerson].sort(
        (x, y) => x - y,
      ),
    ).toEqual([Math.floor(solo / 2), Math.ceil(solo / 2)]);
    expect(JSON.stringify(potentialMatches)).not.toContain('"phone"');
    // Strangers' e-mail addresses stay private until a match is accepted.
    for (const p of potentialMatches) expect(p.rider.email).toBe('');
    expect(incomingMatches).toEqual([]);
    expect(outgoingMatches).toEqual([]);
  });

  it('matches either terminal in the same direction (the hop between them costs a little)', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const mine = await createRide(t, a, { minutesAhead: 2000, terminal: 'T1' });
    const theirs = await createRide(t, b, { minutesAhead: 2000, terminal: 'T2' });
    const { potentialMatches } = await matchesOf(t, a, mine._id);
    expect(potentialMatches.map((p: { _id: string }) => p._id)).toContain(theirs._id);
    expect(potentialMatches[0].matchPercentage).toBeGreaterThan(70);
    expect(potentialMatches[0].matchPercentage).toBeLessThan(100);
  });

  it('is only for the owner (403), 404 for an unknown request', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const mine = await createRide(t, a, { minutesAhead: 3000 });
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/ride-request/potential-matches-and-requests/${mine._id}`,
          token: b.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/ride-request/potential-matches-and-requests/00000000-0000-4000-8000-000000000000',
          token: a.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('match requests', () => {
  it('sends (mail to the recipient), shows as outgoing/incoming, hides from potential, refuses duplicates with 409', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp({ firstName: 'Bina' })]);
    const rideA = await createRide(t, a, { minutesAhead: 4000 });
    const rideB = await createRide(t, b, { minutesAhead: 4010 });
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('Match request sent successfully');
    const mail = await t.mail.waitFor(b.email, (m) => m.subject.includes('new match request'));
    // The rider-chosen name is quoted and never leads the subject.
    expect(mail.subject).toBe(`AeroPool: new match request from “${a.firstName}”`);

    const forA = await matchesOf(t, a, rideA._id);
    expect(forA.potentialMatches).toEqual([]);
    expect(forA.outgoingMatches).toEqual([
      expect.objectContaining({
        status: 'Pending',
        requestId: expect.objectContaining({ _id: rideB._id }),
      }),
    ]);
    const forB = await matchesOf(t, b, rideB._id);
    expect(forB.incomingMatches).toEqual([
      expect.objectContaining({
        status: 'Pending',
        matchPercentage: expect.any(Number),
        requestId: expect.objectContaining({
          _id: rideA._id,
          rider: expect.objectContaining({ _id: a.id }),
        }),
      }),
    ]);

    for (const m of [...forA.outgoingMatches, ...forB.incomingMatches]) {
      expect(m.requestId.rider.email).toBe('');
    }
    expect((await sendMatch(t, a, rideA._id, rideB._id)).statusCode).toBe(409);
    expect((await sendMatch(t, b, rideB._id, rideA._id)).statusCode).toBe(409);
  });

  it('refuses: from someone else’s request (403), to own request (400), incompatible (400), unknown (404)', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 5000 });
    const rideA2 = await createRide(t, a, { minutesAhead: 5300 });
    const rideB = await createRide(t, b, { minutesAhead: 5000 });
    const farB = await createRide(t, b, { minutesAhead: 5300, place: PLACES.whitefield });
    expect((await sendMatch(t, a, rideB._id, rideA._id)).statusCode).toBe(403);
    expect((await sendMatch(t, a, rideA._id, rideA2._id)).statusCode).toBe(400);
    expect((await sendMatch(t, a, rideA2._id, farB._id)).statusCode).toBe(400);
    expect(
      (await sendMatch(t, a, rideA._id, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('only the recipient answers; declining notifies nothing breaks; the sender can cancel an outgoing one', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 6000 });
    const rideB = await createRide(t, b, { minutesAhead: 6000 });
    const rideC = await createRide(t, c, { minutesAhead: 6000 });
    const id = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0]._id;
    expect((await respond(t, a, rideB._id, id)).statusCode).toBe(403);
    expect((await respond(t, c, rideC._id, id)).statusCode).toBe(403);
    const declined = await respond(t, b, rideB._id, id, false);
    expect(declined.json()).toMatchObject({
      statusCode: 200,
      message: 'Match declined successfully',
    });
    expect((await respond(t, b, rideB._id, id)).statusCode).toBe(409);

    const toC = (await sendMatch(t, a, rideA._id, rideC._id)).json().entities[0]._id;
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/ride-request/match-request/${toC}`,
          token: c.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/ride-request/match-request/${toC}`,
          token: a.token,
        })
      ).statusCode,
    ).toBe(200);
    expect((await matchesOf(t, c, rideC._id)).incomingMatches).toEqual([]);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/ride-request/match-request/${toC}`,
          token: a.token,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('accepting creates one Active match, sets both Matched, declines the rest, mails the sender', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp({ firstName: 'Bina' }), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 7000 });
    const rideB = await createRide(t, b, { minutesAhead: 7000 });
    const rideC = await createRide(t, c, { minutesAhead: 7000 });
    const ab = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0]._id;
    const cb = (await sendMatch(t, c, rideC._id, rideB._id)).json().entities[0]._id;
    const accepted = await respond(t, b, rideB._id, ab);
    expect(accepted.json()).toMatchObject({
      statusCode: 200,
      message: 'Match accepted successfully',
      entities: [{ matchId: expect.any(String) }],
    });
    await t.mail.waitFor(a.email, (m) => m.subject.includes('accepted your match request'));

    const upcomingA = (
      await t.request({
        method: 'GET',
        url: `/api/match-or-ride-request/upcoming/${a.id}`,
        token: a.token,
      })
    ).json().entities;
    const tripA = upcomingA.find(
      (x: { rideRequest: { _id: string } }) => x.rideRequest._id === rideA._id,
    );
    expect(tripA.rideRequest.status).toBe('Matched');
    expect(tripA.match).toMatchObject({
      _id: accepted.json().entities[0].matchId,
      status: 'Active',
    });
    expect(
      tripA.match.requests.map((r: { rider: { firstName: string } }) => r.rider.firstName).sort(),
    ).toEqual(['Asha', 'Bina']);

    expect((await respond(t, b, rideB._id, cb)).statusCode).toBe(409);
    expect((await matchesOf(t, c, rideC._id)).outgoingMatches).toEqual([]);
    // C is free again to find others; B is offered no more on its own, only as the cab with A.
    const offered = (await matchesOf(t, c, rideC._id)).potentialMatches.filter(
      (p: { _id: string }) => p._id === rideA._id || p._id === rideB._id,
    );
    expect(offered).toHaveLength(1);
    expect(offered[0].cab).toMatchObject({ matchId: accepted.json().entities[0].matchId });
  });

  it('two concurrent accepts touching one request give exactly one match and one 409', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 8000 });
    const rideB = await createRide(t, b, { minutesAhead: 8000 });
    const rideC = await createRide(t, c, { minutesAhead: 8000 });
    // B and C both asked A; A accepts both at once.
    const fromB = (await sendMatch(t, b, rideB._id, rideA._id)).json().entities[0]._id;
    const fromC = (await sendMatch(t, c, rideC._id, rideA._id)).json().entities[0]._id;
    const results = await Promise.all([
      respond(t, a, rideA._id, fromB),
      respond(t, a, rideA._id, fromC),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const upcoming = (
      await t.request({
        method: 'GET',
        url: `/api/match-or-ride-request/upcoming/${a.id}`,
        token: a.token,
      })
    ).json().entities;
    const trips = upcoming.filter((x: { match?: unknown }) => x.match);
    expect(trips).toHaveLength(1);
  });

  it('refuses to accept when the rides no longer fit each other', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 9500 });
    const rideB = await createRide(t, b, { minutesAhead: 9500 });
    const id = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0]._id;
    // As if A's ride had moved across the city between sending and accepting.
    await t.database.db
      .update(rideRequests)
      .set({
        placeLatitude: PLACES.whitefield.latitude,
        placeLongitude: PLACES.whitefield.longitude,
      })
      .where(eq(rideRequests.id, rideA._id));
    const res = await respond(t, b, rideB._id, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('That ride is no longer available.');
  });

  it('a Matched or Expired request gets no potential matches and cannot send', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 9000 });
    const rideB = await createRide(t, b, { minutesAhead: 9000 });
    const rideC = await createRide(t, c, { minutesAhead: 9000 });
    const id = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0]._id;
    await respond(t, b, rideB._id, id);
    expect((await matchesOf(t, a, rideA._id)).potentialMatches).toEqual([]);
    const again = await sendMatch(t, a, rideA._id, rideC._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your ride request is matched, so it cannot be matched.');
  });
});

describe('the wider search where demand is thin', () => {
  it('finds riders beyond the first sieve’s 16 km who share a corridor', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    // Whitefield and Electronic City, about 17.5 km apart: both reached by the eastern route.
    const rideA = await createRide(t, a, { minutesAhead: 4321, place: PLACES.whitefield });
    const rideB = await createRide(t, b, { minutesAhead: 4321, place: PLACES.electronicCity });
    const shown = (await matchesOf(t, a, rideA._id)).potentialMatches.map(
      (p: { _id: string; distance: number }) => [p._id, p.distance],
    );
    expect(shown).toEqual([[rideB._id, expect.any(Number)]]);
    expect(shown[0][1]).toBeGreaterThan(16_000);
  });

  /** Sixty rides of one rider where the first search around Whitefield looks. */
  async function sixtyBeside(options: { minutesAhead: number; bags: number }) {
    const rider = await t.signUp();
    const first = await createRide(t, rider, { place: PLACES.whitefield, ...options });
    const [row] = await t.database.db
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.id, first._id));
    await t.database.db.insert(rideRequests).values(
      Array.from({ length: 59 }, () => {
        const { id: _id, gridCell: _cell, ...copy } = row!;
        return copy;
      }),
    );
    return rider;
  }

  it('runs however many rides lie where the first search looks, when none of them can share', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 4100, place: PLACES.whitefield, bags: 2 });
    const rideB = await createRide(t, b, { minutesAhead: 4100, place: PLACES.electronicCity });
    // Each with too many bags to share a cab with A's two.
    await sixtyBeside({ minutesAhead: 4100, bags: 3 });
    const shown = (await matchesOf(t, a, rideA._id)).potentialMatches.map(
      (p: { _id: string }) => p._id,
    );
    expect(shown).toEqual([rideB._id]);
  });

  it('runs when the rides where the first search looks are riders of a full cab', async () => {
    const [a, b, c, d, e] = await Promise.all([
      t.signUp(),
      t.signUp(),
      t.signUp(),
      t.signUp(),
      t.signUp(),
    ]);
    const at = { minutesAhead: 6700, place: PLACES.whitefield };
    // A, B and C fill one cab at Whitefield: three seats, no room for anyone.
    const [rideA, rideB, rideC] = [
      await createRide(t, a, at),
      await createRide(t, b, at),
      await createRide(t, c, at),
    ];
    const paired = await sendMatch(t, a, rideA._id, rideB._id);
    expect((await respond(t, b, rideB._id, paired.json().entities[0]._id)).statusCode).toBe(200);
    const asked = await sendMatch(t, c, rideC._id, rideA._id);
    expect((await respond(t, a, rideA._id, asked.json().entities[0]._id)).statusCode).toBe(200);
    // Sixty rows of that cab's riders where D's first search looks.
    const [row] = await t.database.db
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.id, rideA._id));
    await t.database.db.insert(rideRequests).values(
      Array.from({ length: 57 }, () => {
        const { id: _id, gridCell: _cell, ...copy } = row!;
        return copy;
      }),
    );
    const rideD = await createRide(t, d, at);
    const rideE = await createRide(t, e, { ...at, place: PLACES.electronicCity });
    const shown = (await matchesOf(t, d, rideD._id)).potentialMatches.map(
      (p: { _id: string }) => p._id,
    );
    expect(shown).toEqual([rideE._id]);
  });

  it('runs when the rides where the first search looks are all kept from me (a block)', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    // A day after the rides of the test before, out of this search's window.
    const rideA = await createRide(t, a, { minutesAhead: 5600, place: PLACES.whitefield });
    const rideB = await createRide(t, b, { minutesAhead: 5600, place: PLACES.electronicCity });
    const blocked = await sixtyBeside({ minutesAhead: 5600, bags: 1 });
    const shown = async () =>
      (await matchesOf(t, a, rideA._id)).potentialMatches.map((p: { _id: string }) => p._id);
    expect(await shown()).toHaveLength(RIDE_LIMITS.maxPotentialMatches);
    expect((await block(t, a, blocked)).statusCode).toBe(201);
    expect(await shown()).toEqual([rideB._id]);
  });
});

describe('a declined match request (issue 9)', () => {
  it('shows as Declined to its sender, mails them, and keeps the pair apart', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 4500 });
    const rideB = await createRide(t, b, { minutesAhead: 4500, place: PLACES.indiranagar });
    const id = (await sendMatch(t, a, rideA._id, rideB._id)).json().entities[0]._id;
    expect((await respond(t, b, rideB._id, id, false)).statusCode).toBe(200);

    const mine = await matchesOf(t, a, rideA._id);
    expect(mine.outgoingMatches).toEqual([
      expect.objectContaining({
        _id: id,
        status: 'Declined',
        requestId: expect.objectContaining({ _id: rideB._id }),
      }),
    ]);
    expect(mine.potentialMatches.map((p: { _id: string }) => p._id)).not.toContain(rideB._id);
    expect(
      (await matchesOf(t, b, rideB._id)).potentialMatches.map((p: { _id: string }) => p._id),
    ).not.toContain(rideA._id);
    expect((await matchesOf(t, b, rideB._id)).incomingMatches).toEqual([]);
    // Nor can either ask the other again, whatever the client offers.
    expect((await sendMatch(t, a, rideA._id, rideB._id)).statusCode).toBe(409);
    expect((await sendMatch(t, b, rideB._id, rideA._id)).statusCode).toBe(409);
    await t.mail.waitFor(a.email, (m) => m.subject.includes('was declined'));
  });

  it('leaves the sender’s list once the decliner changes their ride, or blocks them', async () => {
    const [a, b, c, d] = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    const declined = async (from: SignedUpUser, to: SignedUpUser, minutesAhead: number) => {
      const mine = await createRide(t, from, { minutesAhead });
      const theirs = await createRide(t, to, { minutesAhead, place: PLACES.indiranagar });
      const id = (await sendMatch(t, from, mine._id, theirs._id)).json().entities[0]._id;
      expect((await respond(t, to, theirs._id, id, false)).statusCode).toBe(200);
      const outgoing = async () =>
        (await matchesOf(t, from, mine._id)).outgoingMatches.map((m: { _id: string }) => m._id);
      expect(await outgoing()).toEqual([id]);
      return { theirs, outgoing };
    };
    // B moves their trip: A, whom B declined, is not shown where and when B now goes.
    const edited = await declined(a, b, 4800);
    t.clock.advance(1000);
    const moved = await t.request({
      method: 'PUT',
      url: `/api/ride-request/update/${edited.theirs._id}`,
      token: b.token,
      payload: rideBody(t, { minutesAhead: 4830, place: PLACES.hsrLayout }),
    });
    expect(moved.statusCode).toBe(200);
    expect(await edited.outgoing()).toEqual([]);
    // D blocks C after declining: nothing of D stays on C's list.
    const blocked = await declined(c, d, 4900);
    expect((await block(t, d, c)).statusCode).toBe(201);
    expect(await blocked.outgoing()).toEqual([]);
  });

  it('a request closed because the ride matched elsewhere does not keep the pair apart', async () => {
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 4700 });
    const rideB = await createRide(t, b, { minutesAhead: 4700, place: PLACES.indiranagar });
    const rideC = await createRide(t, c, { minutesAhead: 4700, place: PLACES.hsrLayout });
    await sendMatch(t, a, rideA._id, rideB._id);
    const fromC = (await sendMatch(t, c, rideC._id, rideB._id)).json().entities[0]._id;
    const matchId = (await respond(t, b, rideB._id, fromC)).json().entities[0].matchId;
    const cancelled = await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: c.token,
      payload: { id: matchId, status: 'Cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(
      (await matchesOf(t, a, rideA._id)).potentialMatches.map((p: { _id: string }) => p._id),
    ).toContain(rideB._id);
  });
});

describe('a ride edited while requests are pending', () => {
  it('keeps them when the save changed nothing, and closes them when the trip changed', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 4900 });
    const rideB = await createRide(t, b, { minutesAhead: 4900, place: PLACES.indiranagar });
    expect((await sendMatch(t, b, rideB._id, rideA._id)).statusCode).toBe(201);
    const save = (minutesAhead: number) =>
      t.request({
        method: 'PUT',
        url: `/api/ride-request/update/${rideA._id}`,
        token: a.token,
        payload: {
          ...rideBody(t, { minutesAhead: 0 }),
          timeOfTravel: rideA.timeOfTravel + minutesAhead * 60_000,
        },
      });
    // Edit, then Save Changes with nothing changed: B's request still waits for A.
    expect((await save(0)).statusCode).toBe(200);
    expect((await matchesOf(t, a, rideA._id)).incomingMatches).toHaveLength(1);
    expect((await matchesOf(t, b, rideB._id)).outgoingMatches).toHaveLength(1);
    // Ten minutes later is another trip than the one B asked to share.
    expect((await save(10)).statusCode).toBe(200);
    expect((await matchesOf(t, a, rideA._id)).incomingMatches).toEqual([]);
  });
});

describe('a pair to the airport close to its time', () => {
  it('is not offered or accepted once its plan’s first pickup is due', async () => {
    const [a, b, d] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const toAirport = (place = PLACES.koramangala) =>
      ({ minutesAhead: 60, direction: 'pickup', place }) as const;
    const rideA = await createRide(t, a, toAirport());
    const rideB = await createRide(t, b, toAirport(PLACES.indiranagar));
    // D's trip is B's: no request between A and D, so only the rule can take D's card away.
    const rideD = await createRide(t, d, toAirport(PLACES.indiranagar));
    const cardOf = async (user: typeof a, mine: string, theirs: string) =>
      (await matchesOf(t, user, mine)).potentialMatches.find(
        (p: { _id: string }) => p._id === theirs,
      ) as { fit: { reachesAt: number } } | undefined;
    // Both want 60 minutes from now: one of them is collected a few minutes before that.
    const pickups = [
      (await cardOf(a, rideA._id, rideB._id))!.fit.reachesAt,
      (await cardOf(b, rideB._id, rideA._id))!.fit.reachesAt,
    ];
    const firstPickup = Math.min(...pickups);
    expect(firstPickup).toBeLessThan(new Date(rideA.timeOfTravel).getTime());
    expect(await cardOf(a, rideA._id, rideD._id)).toBeDefined();
    const sent = await sendMatch(t, a, rideA._id, rideB._id);
    expect(sent.statusCode).toBe(201);
    expect((await matchesOf(t, b, rideB._id)).incomingMatches).toHaveLength(1);

    // The first pickup passes while both rides are still ahead: that plan can no longer be driven.
    t.clock.advance(firstPickup - t.clock.now().getTime() + 30_000);
    expect(t.clock.now().getTime()).toBeLessThan(new Date(rideA.timeOfTravel).getTime());
    expect(await cardOf(a, rideA._id, rideD._id)).toBeUndefined();
    expect((await matchesOf(t, b, rideB._id)).incomingMatches).toEqual([]);
    const accepted = await respond(t, b, rideB._id, sent.json().entities[0]._id);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe('That ride is no longer available.');
  });
});
