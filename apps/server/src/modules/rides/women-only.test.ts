import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRide,
  matchesOf,
  PLACES,
  respond,
  rideBody,
  sendMatch,
} from '../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';
import { sessionsWaitingForLocks, sideSession } from '../../test/lock-waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setGender = (user: SignedUpUser, gender: string | null) =>
  t.request({ method: 'PUT', url: `/api/user/${user.id}`, token: user.token, payload: { gender } });

const womenOnlyRide = async (user: SignedUpUser, minutesAhead: number) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/ride-request/create',
    token: user.token,
    payload: { ...rideBody(t, { minutesAhead }), womenOnly: true },
  });
  return res;
};

const idsIn = (list: { _id: string }[]) => list.map((entry) => entry._id);

describe('women-only rides', () => {
  it('only a rider whose profile says Woman can set the flag; the gender is shown to nobody', async () => {
    const [m, w] = await Promise.all([t.signUp(), t.signUp()]);
    const refused = await womenOnlyRide(m, 1000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message:
        'Only riders whose profile says Woman can mark a ride Women only. Set it on your profile first.',
      field: 'womenOnly',
    });
    expect((await setGender(m, 'man')).json().entities[0].gender).toBe('man');
    expect((await womenOnlyRide(m, 1000)).statusCode).toBe(400);
    expect((await setGender(w, 'robot')).statusCode).toBe(400);
    await setGender(w, 'woman');
    const created = await womenOnlyRide(w, 1000);
    expect(created.statusCode).toBe(201);
    expect(created.json().entities[0].womenOnly).toBe(true);
    // Another rider reading W's profile is refused; her cards never carry a gender.
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${w.id}`, token: m.token })).statusCode,
    ).toBe(403);
    const mRide = await createRide(t, m, { minutesAhead: 1000, place: PLACES.indiranagar });
    expect(JSON.stringify(await matchesOf(t, m, mRide._id))).not.toContain('woman');
  });

  it('offers a women-only request only to women, and shows it only theirs, both ways', async () => {
    const [w1, w2, m] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    await Promise.all([setGender(w1, 'woman'), setGender(w2, 'woman'), setGender(m, 'man')]);
    const r1 = (await womenOnlyRide(w1, 2000)).json().entities[0]._id;
    const r2 = (await createRide(t, w2, { minutesAhead: 2000, place: PLACES.indiranagar }))._id;
    const rm = (await createRide(t, m, { minutesAhead: 2000, place: PLACES.indiranagar }))._id;

    expect(idsIn((await matchesOf(t, w1, r1)).potentialMatches)).toEqual(
      expect.arrayContaining([r2]),
    );
    expect(idsIn((await matchesOf(t, w1, r1)).potentialMatches)).not.toContain(rm);
    expect(idsIn((await matchesOf(t, m, rm)).potentialMatches)).not.toContain(r1);
    expect(idsIn((await matchesOf(t, m, rm)).potentialMatches)).toContain(r2);
    expect(idsIn((await matchesOf(t, w2, r2)).potentialMatches)).toEqual(
      expect.arrayContaining([r1, rm]),
    );

    for (const [from, fromRide, toRide] of [
      [m, rm, r1],
      [w1, r1, rm],
    ] as const) {
      const res = await sendMatch(t, from, fromRide, toRide);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('That ride is for women only.');
    }
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'is refused when the profile stops saying Woman while the ride is being posted',
    async () => {
      const w = await t.signUp();
      await setGender(w, 'woman');
      // Another session holds the rider's row, as a profile save does, so the post queues behind it.
      const holder = await sideSession(t.database.pool);
      let posted;
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where id = $1 for update', [w.id]);
        posted = womenOnlyRide(w, 1300);
        await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
        await holder.query(`update users set gender = 'man' where id = $1`, [w.id]);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
      const res = await posted!;
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('womenOnly');
    },
  );

  it('is checked again on accept, and ends when the profile no longer says Woman', async () => {
    const [w1, w2] = await Promise.all([t.signUp(), t.signUp()]);
    await Promise.all([setGender(w1, 'woman'), setGender(w2, 'woman')]);
    const r1 = (await womenOnlyRide(w1, 3000)).json().entities[0]._id;
    const r2 = (await createRide(t, w2, { minutesAhead: 3000, place: PLACES.indiranagar }))._id;
    const sent = await sendMatch(t, w1, r1, r2);
    expect(sent.statusCode).toBe(201);
    // W2's profile changes before she accepts: the women-only request cannot match her now.
    await setGender(w2, 'prefer_not_to_say');
    const accepted = await respond(t, w2, r2, sent.json().entities[0]._id);
    expect(accepted.statusCode).toBe(409);

    // W1 changes hers: her request stops being women-only.
    await setGender(w1, 'non_binary');
    const trips = await t.request({
      method: 'GET',
      url: `/api/match-or-ride-request/upcoming/${w1.id}`,
      token: w1.token,
    });
    const ride = trips
      .json()
      .entities.find((x: { rideRequest: { _id: string } }) => x.rideRequest._id === r1);
    expect(ride.rideRequest.womenOnly).toBe(false);
  });
});
