import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePath } from '../../lib/geo/polyline';
import { sessionsWaitingForLocks, sideSession } from '../../test/lock-waits';
import { startHttpStandIn, type HttpStandIn } from '../../test/http-stand-in';
import { createRide, PLACES, rideBody, sendMatch } from '../../test/ride-factory';
import { collect, connectSocket } from '../../test/socket-client';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let rider: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  rider = await t.signUp();
});
afterAll(() => t.close());

const create = (token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/ride-request/create', token, payload });

describe('POST /api/ride-request/create', () => {
  it('creates a drop for the signed-in rider (rider in the body ignored) with a route polyline', async () => {
    const other = await t.signUp();
    const res = await create(rider.token, {
      ...rideBody(t, { minutesAhead: 60 }),
      rider: { _id: other.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Ride request created successfully!');
    const ride = res.json().entities[0];
    expect(ride).toMatchObject({
      rider: { _id: rider.id },
      status: 'Active',
      direction: 'drop',
      source: { name: 'Terminal 1' },
      destination: { name: 'Koramangala' },
    });
    const path = decodePath(ride.destination.encodedString);
    expect(path[0]!.latitude).toBeCloseTo(13.1991, 3);
    expect(path.at(-1)!.latitude).toBeCloseTo(12.9352, 3);
  });

  it('creates a pickup (terminal as destination)', async () => {
    const r = await t.signUp();
    const ride = await createRide(t, r, { direction: 'pickup', terminal: 'T2' });
    expect(ride).toMatchObject({
      direction: 'pickup',
      source: { name: 'Koramangala' },
      destination: { name: 'Terminal 2' },
    });
  });

  it('needs sign-in', async () => {
    expect((await create(undefined, rideBody(t))).statusCode).toBe(401);
  });

  it.each([
    [
      'no terminal at either end',
      (b: ReturnType<typeof rideBody>) => ({
        ...b,
        source: { ...PLACES.whitefield, encodedString: '' },
      }),
      'One end of the ride must be an airport terminal and the other a place in Bengaluru.',
    ],
    [
      'terminals at both ends',
      (b: ReturnType<typeof rideBody>) => ({ ...b, destination: b.source }),
      'One end of the ride must be an airport terminal and the other a place in Bengaluru.',
    ],
    [
      'a place outside Bengaluru',
      (b: ReturnType<typeof rideBody>) => ({
        ...b,
        destination: { name: 'Mysuru', latitude: 12.2958, longitude: 76.6394, encodedString: '' },
      }),
      'Please choose a location in Bengaluru.',
    ],
    [
      'a time in the past',
      (b: ReturnType<typeof rideBody>) => ({
        ...b,
        timeOfTravel: t.clock.now().getTime() - 60_000,
      }),
      'Please choose a time in the future.',
    ],
    [
      'a time over 90 days ahead',
      (b: ReturnType<typeof rideBody>) => ({
        ...b,
        timeOfTravel: t.clock.now().getTime() + 91 * 86_400_000,
      }),
      'Rides can be requested at most 90 days ahead.',
    ],
  ])('rejects %s with 400', async (_label, change, message) => {
    const res = await create(rider.token, change(rideBody(t)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('rejects a missing field with 400', async () => {
    const { timeOfTravel: _omit, ...body } = rideBody(t);
    expect((await create(rider.token, body)).statusCode).toBe(400);
    expect(
      (
        await create(rider.token, {
          ...rideBody(t),
          destination: { name: '', latitude: 12.9, longitude: 77.6 },
        })
      ).json().message,
    ).toBe('Please fill in all fields.');
    // A place left out, or without its coordinates, says the same (not zod's own words).
    const { source: _source, ...noSource } = rideBody(t);
    const { latitude: _latitude, ...noLatitude } = rideBody(t).destination;
    for (const body of [noSource, { ...rideBody(t), destination: noLatitude }]) {
      const res = await create(rider.token, body);
      expect(res.json()).toMatchObject({ statusCode: 400, message: 'Please fill in all fields.' });
    }
  });

  it('refuses a second open request within 2 hours (409) but allows one 2+ hours apart', async () => {
    const r = await t.signUp();
    await createRide(t, r, { minutesAhead: 600 });
    const clash = await create(r.token, rideBody(t, { minutesAhead: 600 + 119 }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      'You already have a ride request within 2 hours of this time.',
    );
    expect((await create(r.token, rideBody(t, { minutesAhead: 600 + 121 }))).statusCode).toBe(201);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can line the three up at once.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'decides concurrent creates for one rider by a row lock: exactly one wins',
    async () => {
      const r = await t.signUp();
      // The rider's row held elsewhere: all three creates reach the lock before any goes on.
      const holder = await sideSession(t.database.pool);
      let creating: Promise<{ statusCode: number }[]>;
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where id = $1 for update', [r.id]);
        creating = Promise.all(
          [1, 2, 3].map(() => create(r.token, rideBody(t, { minutesAhead: 900 }))),
        );
        await expect.poll(() => sessionsWaitingForLocks(holder), { timeout: 10_000 }).toBe(3);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
      const results = await creating!;
      expect(results.map((x) => x.statusCode).sort()).toEqual([201, 409, 409]);
    },
  );
});

// What an accept does in its transaction: the two rides locked, then the new match's members
// checked against users as foreign keys (key share). PostgreSQL only: PGlite runs one at a time.
describe.skipIf(process.env.TEST_DB !== 'postgres')('beside an accept in flight', () => {
  const acceptHolding = async (rideId: string, riderId: string, write: () => Promise<unknown>) => {
    const accept = await sideSession(t.database.pool);
    try {
      await accept.query('begin');
      await accept.query('select 1 from ride_requests where id = $1 for update', [rideId]);
      const writing = write();
      await expect.poll(() => sessionsWaitingForLocks(accept), { timeout: 10_000 }).toBe(1);
      // The foreign-key check of the accept's insert: it must not wait on the rider's write,
      // which waits on this transaction's ride (a deadlock, answered 503).
      await accept.query("set local lock_timeout = '3s'");
      await accept.query('select 1 from users where id = $1 for key share', [riderId]);
      await accept.query('commit');
      return await writing;
    } finally {
      await accept.end();
    }
  };

  it('an edit of the rider’s ride waits for it instead of deadlocking', async () => {
    const r = await t.signUp();
    const ride = await createRide(t, r, { minutesAhead: 400 });
    const edited = (await acceptHolding(ride._id, r.id, () =>
      t.request({
        method: 'PUT',
        url: `/api/ride-request/update/${ride._id}`,
        token: r.token,
        payload: rideBody(t, { minutesAhead: 420 }),
      }),
    )) as { statusCode: number };
    expect(edited.statusCode).toBe(200);
  });

  it('closing the rider’s account waits for it instead of deadlocking', async () => {
    const r = await t.signUp();
    const ride = await createRide(t, r, { minutesAhead: 400 });
    const closed = (await acceptHolding(ride._id, r.id, () =>
      t.request({ method: 'DELETE', url: `/api/user/deactive/${r.id}`, token: r.token }),
    )) as { statusCode: number };
    expect(closed.statusCode).toBe(200);
  });
});

describe('update and cancel', () => {
  it('updates own Active request; others get 403; an Expired one cannot be edited or cancelled', async () => {
    const r = await t.signUp();
    const ride = await createRide(t, r, { minutesAhead: 30 });
    const update = (token: string, body: object) =>
      t.request({
        method: 'PUT',
        url: `/api/ride-request/update/${ride._id}`,
        token,
        payload: body,
      });
    const ok = await update(r.token, rideBody(t, { minutesAhead: 40, place: PLACES.hsrLayout }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Ride request updated successfully!',
      entities: [{ destination: { name: 'HSR Layout' } }],
    });
    expect((await update(rider.token, rideBody(t, { minutesAhead: 40 }))).statusCode).toBe(403);

    const asOpened = rideBody(t, { minutesAhead: 40, place: PLACES.hsrLayout });
    t.clock.advance(41 * 60_000);
    try {
      const late = await update(r.token, rideBody(t, { minutesAhead: 60 }));
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This ride request has expired and cannot be edited.');
      // Saved as the form was opened, its time now past: the ride's end is said, not the time's.
      const stale = await update(r.token, asOpened);
      expect(stale.json()).toMatchObject({
        statusCode: 409,
        message: 'This ride request has expired and cannot be edited.',
      });
      const cancel = await t.request({
        method: 'DELETE',
        url: `/api/ride-request/cancel/${ride._id}`,
        token: r.token,
      });
      expect(cancel.statusCode).toBe(409);
      const past = await t.request({
        method: 'GET',
        url: `/api/match-or-ride-request/past/${r.id}`,
        token: r.token,
      });
      expect(past.json().entities[0].rideRequest).toMatchObject({
        _id: ride._id,
        status: 'Expired',
      });
    } finally {
      t.clock.advance(-41 * 60_000);
    }
  });

  it('refuses an edit made from the ride as it was before another tab or device changed it', async () => {
    const r = await t.signUp();
    const ride = await createRide(t, r, { minutesAhead: 3000 });
    const loaded = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/match-or-ride-request/upcoming/${r.id}`,
          token: r.token,
        })
      ).json().entities[0].rideRequest.updatedAt as number;
    const update = (payload: object) =>
      t.request({
        method: 'PUT',
        url: `/api/ride-request/update/${ride._id}`,
        token: r.token,
        payload,
      });
    // Two tabs open the edit form on the same ride; the phone saves 3 bags first.
    const asOpened = await loaded();
    expect(typeof asOpened).toBe('number');
    t.clock.advance(1000);
    try {
      const phone = await update({
        ...rideBody(t, { minutesAhead: 3000 }),
        bags: 3,
        editedAt: asOpened,
      });
      expect(phone.statusCode).toBe(200);
      // The laptop's save, from the ride as it was, would undo the bags.
      const laptop = await update({
        ...rideBody(t, { minutesAhead: 3010 }),
        bags: 1,
        editedAt: asOpened,
      });
      expect(laptop.json()).toMatchObject({
        statusCode: 409,
        message:
          'This ride request was changed in another tab or on another device. Check it, then edit it again.',
      });
      // Edited again from the ride as it is now, it saves; a client that sends no version, too.
      expect(
        (await update({ ...rideBody(t, { minutesAhead: 3010 }), editedAt: await loaded() }))
          .statusCode,
      ).toBe(200);
      expect((await update(rideBody(t, { minutesAhead: 3020 }))).statusCode).toBe(200);
    } finally {
      t.clock.advance(-1000);
    }
  });

  it('cancels own Active request with the spec text; 404 for an unknown id; 403 for others', async () => {
    const r = await t.signUp();
    const ride = await createRide(t, r);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/ride-request/cancel/${ride._id}`,
          token: rider.token,
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/ride-request/cancel/${ride._id}`,
      token: r.token,
    });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Ride request canceled successfully',
    });
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/ride-request/cancel/${ride._id}`,
          token: r.token,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: '/api/ride-request/cancel/00000000-0000-4000-8000-000000000000',
          token: r.token,
        })
      ).statusCode,
    ).toBe(404);
    // The freed slot can be used again.
    expect((await create(r.token, rideBody(t))).statusCode).toBe(201);
  });
});

describe('what a ride write may cost', () => {
  let osrm: HttpStandIn;
  let routed: TestApp;
  beforeAll(async () => {
    osrm = await startHttpStandIn(() => ({
      body: { code: 'Ok', routes: [{ geometry: '_p~iF~ps|U_ulLnnqC', distance: 38_000 }] },
    }));
    routed = await createTestApp({ ROUTER: 'osrm', OSRM_URL: osrm.url });
  });
  afterAll(async () => {
    await routed.close();
    await osrm.close();
  });

  it("works out no route for another rider's ride or one that cannot change", async () => {
    const [owner, other] = await Promise.all([routed.signUp(), routed.signUp()]);
    const ride = await createRide(routed, owner, { minutesAhead: 300 });
    const before = osrm.requests.length;
    expect(before).toBeGreaterThan(0);
    const edit = (token: string, id: string, latitude: number) =>
      routed.request({
        method: 'PUT',
        url: `/api/ride-request/update/${id}`,
        token,
        payload: rideBody(routed, {
          minutesAhead: 320,
          place: { name: 'Somewhere', latitude, longitude: 77.61 },
        }),
      });
    expect((await edit(other.token, ride._id, 12.91)).statusCode).toBe(403);
    expect((await edit(other.token, randomUUID(), 12.92)).statusCode).toBe(404);
    await routed.request({
      method: 'DELETE',
      url: `/api/ride-request/cancel/${ride._id}`,
      token: owner.token,
    });
    expect((await edit(owner.token, ride._id, 12.93)).statusCode).toBe(409);
    expect(osrm.requests.length).toBe(before);
  });

  it('gives a rider 30 ride writes in 10 minutes, posts and edits together', async () => {
    const r = await routed.signUp();
    const edit = (rider: SignedUpUser) =>
      routed.request({
        method: 'PUT',
        url: `/api/ride-request/update/${randomUUID()}`,
        token: rider.token,
        payload: rideBody(routed, { minutesAhead: 300 }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 29; i += 1) statuses.push((await edit(r)).statusCode);
    expect(statuses).toEqual(Array(29).fill(404));
    const post = () =>
      routed.request({
        method: 'POST',
        url: '/api/ride-request/create',
        token: r.token,
        payload: rideBody(routed, { minutesAhead: 600 }),
      });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(429);
    expect((await edit(r)).statusCode).toBe(429);
    // Another rider is not held back by it, on either route.
    const other = await routed.signUp();
    expect((await edit(other)).statusCode).toBe(404);
    expect((await createRide(routed, other))._id).toBeTruthy();
  });
});

describe("the rider's other tabs", () => {
  it('hear of their own ride posted, edited and cancelled, and of a match request sent and withdrawn', async () => {
    const asha = await t.signUp();
    const ravi = await t.signUp();
    const otherTab = await connectSocket(await t.listen(), asha.token);
    const heard = collect(otherTab, 'trips:changed');
    const heardAfter = async (write: () => Promise<unknown>) => {
      const before = heard.length;
      await write();
      await expect.poll(() => heard.length).toBeGreaterThan(before);
    };
    try {
      let ride = { _id: '' };
      await heardAfter(async () => (ride = await createRide(t, asha, { minutesAhead: 300 })));
      await heardAfter(() =>
        t.request({
          method: 'PUT',
          url: `/api/ride-request/update/${ride._id}`,
          token: asha.token,
          payload: rideBody(t, { minutesAhead: 310 }),
        }),
      );
      const raviRide = await createRide(t, ravi, { minutesAhead: 305 });
      let requestId = '';
      await heardAfter(async () => {
        const sent = await sendMatch(t, asha, ride._id, raviRide._id);
        requestId = sent.json().entities[0]._id;
      });
      await heardAfter(() =>
        t.request({
          method: 'DELETE',
          url: `/api/ride-request/match-request/${requestId}`,
          token: asha.token,
        }),
      );
      await heardAfter(() =>
        t.request({
          method: 'DELETE',
          url: `/api/ride-request/cancel/${ride._id}`,
          token: asha.token,
        }),
      );
    } finally {
      otherTab.close();
    }
  });
});
