import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRide, matchedPair, matchesOf, sendMatch } from '../../../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/test-app';
import { sessionsWaitingForLocks, sideSession } from '../../../test/lock-waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
/** A distinct valid Indian mobile for each call. */
const newMobile = () =>
  `98${String(Date.now() % 1_000_000).padStart(6, '0')}${String((serial += 1) % 100).padStart(2, '0')}`;

const setPhone = (user: SignedUpUser, phone: unknown) =>
  t.request({ method: 'PUT', url: `/api/user/${user.id}`, token: user.token, payload: { phone } });
const askCode = (user: SignedUpUser) =>
  t.request({ method: 'POST', url: '/api/user/phone/code', token: user.token });
const verify = (user: SignedUpUser, code: string) =>
  t.request({
    method: 'POST',
    url: '/api/user/phone/verify',
    token: user.token,
    payload: { code },
  });
const profile = async (user: SignedUpUser) =>
  (await t.request({ method: 'GET', url: `/api/user/${user.id}`, token: user.token })).json()
    .entities[0];

describe('phone numbers', () => {
  it('accepts an Indian mobile as a number or a string and stores it in E.164', async () => {
    const a = await t.signUp();
    const asNumber = await setPhone(a, 9876543210);
    expect(asNumber.statusCode).toBe(200);
    expect(asNumber.json().entities[0]).toMatchObject({
      phone: '+919876543210',
      phoneVerified: false,
    });
    for (const written of ['098765 43211', '+91 98765-43211', '919876543211']) {
      expect((await setPhone(a, written)).json().entities[0].phone).toBe('+919876543211');
    }
    for (const bad of ['12345', '+14155550100', '1234567890', 'call me', 98765]) {
      const res = await setPhone(a, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Enter a valid Indian mobile number (10 digits, e.g. 98765 43210).',
        field: 'phone',
      });
    }
    expect((await setPhone(a, null)).json().entities[0].phone).toBeNull();
  });
});

describe('phone verification by SMS', () => {
  it('verifies with the texted code; a changed number is unverified again', async () => {
    const a = await t.signUp();
    expect((await askCode(a)).json().message).toBe('Add your phone number to your profile first.');
    const phone = newMobile();
    await setPhone(a, phone);
    const sent = await askCode(a);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: 'We have sent a 6-digit code to your phone.',
      entities: [{ phone: `+91${phone}`, resendAfterSeconds: 30 }],
    });
    const code = t.smsCode(`+91${phone}`);
    expect(t.sms.at(-1)!.text).toContain('AeroPool phone verification code');

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify(a, wrong)).json()).toMatchObject({
      statusCode: 400,
      message: 'Invalid code. Please try again.',
      field: 'code',
    });
    const ok = await verify(a, code);
    expect(ok.json()).toMatchObject({
      statusCode: 200,
      message: 'Phone number verified!',
      entities: [{ phone: `+91${phone}`, phoneVerified: true }],
    });
    expect((await verify(a, code)).statusCode).toBe(409);
    expect((await askCode(a)).json().message).toBe('Your phone number is already verified.');

    // Saving the same number keeps the check; a new one needs a new one.
    expect((await setPhone(a, phone)).json().entities[0].phoneVerified).toBe(true);
    await setPhone(a, newMobile());
    expect((await profile(a)).phoneVerified).toBe(false);
  });

  it('a code sent to an earlier number does not verify the new one', async () => {
    const a = await t.signUp();
    const first = newMobile();
    await setPhone(a, first);
    await askCode(a);
    const code = t.smsCode(`+91${first}`);
    await setPhone(a, newMobile());
    expect((await verify(a, code)).json().message).toBe(
      'This code has expired. Please ask for a new one.',
    );
  });

  it('keeps the e-mail OTP rules: 30 s between codes, 5 tries a code, 10 minutes', async () => {
    const a = await t.signUp();
    const phone = `+91${newMobile()}`;
    await setPhone(a, phone);
    await askCode(a);
    const again = await askCode(a);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(
      /^Please wait \d+ seconds before requesting a new code\.$/,
    );
    const code = t.smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await verify(a, wrong);
    expect((await verify(a, code)).json().message).toBe(
      'Too many wrong codes. Please ask for a new one.',
    );

    t.clock.advance(31_000);
    await askCode(a);
    t.clock.advance(11 * 60_000);
    expect((await verify(a, t.smsCode(phone))).json().message).toBe(
      'This code has expired. Please ask for a new one.',
    );
  });

  it('a stranger’s wrong codes for a number do not lock its owner out', async () => {
    const [stranger, owner] = await Promise.all([t.signUp(), t.signUp()]);
    const phone = newMobile();
    await setPhone(stranger, phone);
    for (let round = 0; round < 2; round += 1) {
      if (round > 0) t.clock.advance(31_000);
      await askCode(stranger);
      const wrong = t.smsCode(`+91${phone}`) === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) await verify(stranger, wrong);
    }
    // Ten wrong codes in the hour: the stranger is stopped on this number...
    t.clock.advance(31_000);
    await askCode(stranger);
    const stopped = await verify(stranger, t.smsCode(`+91${phone}`));
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/^Too many wrong codes for this number\./);
    // ...and the number's owner verifies it with the code texted to them.
    await setPhone(owner, phone);
    await askCode(owner);
    expect((await verify(owner, t.smsCode(`+91${phone}`))).statusCode).toBe(200);
  });

  it('a stranger asking for codes to a number does not use up its owner’s', async () => {
    const [stranger, owner] = await Promise.all([t.signUp(), t.signUp()]);
    const phone = newMobile();
    await setPhone(stranger, phone);
    for (let i = 0; i < 5; i += 1) {
      expect((await askCode(stranger)).statusCode).toBe(201);
      t.clock.advance(31_000);
    }
    await setPhone(owner, phone);
    expect((await askCode(owner)).statusCode).toBe(201);
    expect((await verify(owner, t.smsCode(`+91${phone}`))).statusCode).toBe(200);
  });

  it('at most 5 codes an hour per rider, whatever numbers they try', async () => {
    const a = await t.signUp();
    for (let i = 0; i < 5; i += 1) {
      await setPhone(a, newMobile());
      expect((await askCode(a)).statusCode).toBe(201);
    }
    await setPhone(a, newMobile());
    const refused = await askCode(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have asked for several codes in the last hour/);
  });

  it('only codes texted count towards the hour: asks refused before a number is set do not', async () => {
    const a = await t.signUp();
    for (let i = 0; i < 5; i += 1) {
      const refused = await askCode(a);
      expect(refused.statusCode).toBe(400);
    }
    await setPhone(a, newMobile());
    expect((await askCode(a)).statusCode).toBe(201);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a number changed while its code is checked is not left verified',
    async () => {
      const a = await t.signUp();
      const first = newMobile();
      const second = newMobile();
      await setPhone(a, first);
      await askCode(a);
      const code = t.smsCode(`+91${first}`);
      // Another session holds the rider's row, as a profile update does, so the check queues behind it.
      const holder = await sideSession(t.database.pool);
      let checked;
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where id = $1 for update', [a.id]);
        checked = verify(a, code);
        await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
        await holder.query('update users set phone = $2, phone_verified_at = null where id = $1', [
          a.id,
          `+91${second}`,
        ]);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
      expect((await checked!).json().message).toBe(
        'This code has expired. Please ask for a new one.',
      );
      expect(await profile(a)).toMatchObject({ phone: `+91${second}`, phoneVerified: false });
    },
  );

  it('a number is verified on one account only', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const phone = newMobile();
    for (const rider of [a, b]) {
      await setPhone(rider, phone);
      await askCode(rider);
    }
    const codeB = t.smsCode(`+91${phone}`);
    expect((await verify(b, codeB)).statusCode).toBe(200);
    // A's code was replaced in the outbox by B's; ask again after the cooldown.
    t.clock.advance(31_000);
    await askCode(a);
    const res = await verify(a, t.smsCode(`+91${phone}`));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This number is already verified on another AeroPool account.');
  });
});

describe('who sees a phone', () => {
  it('co-riders see it only while their match is Active; nobody sees it before', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const phoneA = newMobile();
    await setPhone(a, phoneA);
    const rideA = await createRide(t, a, { minutesAhead: 2500 });
    const rideB = await createRide(t, b, { minutesAhead: 2500 });
    expect(JSON.stringify(await matchesOf(t, b, rideB._id))).not.toContain(phoneA);
    await sendMatch(t, a, rideA._id, rideB._id);
    expect(JSON.stringify(await matchesOf(t, b, rideB._id))).not.toContain(phoneA);

    const { matchId } = await matchedPair(t, a, b, { minutesAhead: 3000 });
    const match = await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: b.token });
    const riderA = match
      .json()
      .entities[0].requests.map((r: { rider: { _id: string } }) => r.rider)
      .find((r: { _id: string }) => r._id === a.id);
    expect(riderA.phone).toBe(`+91${phoneA}`);
    // Until a day after the trip: the match stays Active on the Past tab until completed.
    const seenAfter = async (minutes: number) => {
      t.clock.advance(minutes * 60_000);
      try {
        const res = await t.request({
          method: 'GET',
          url: `/api/match/${matchId}`,
          token: b.token,
        });
        return JSON.stringify(res.json());
      } finally {
        t.clock.advance(-minutes * 60_000);
      }
    };
    expect(await seenAfter(3000 + 23 * 60)).toContain(phoneA);
    const dayAfter = await seenAfter(3000 + 25 * 60);
    expect(dayAfter).not.toContain(phoneA);
    expect(dayAfter).toContain(a.email);

    await t.request({
      method: 'PUT',
      url: `/api/match/${matchId}`,
      token: a.token,
      payload: { status: 'Cancelled' },
    });
    const after = await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: b.token });
    expect(JSON.stringify(after.json())).not.toContain(phoneA);
  });

  it('nor once either blocked the other after the trip, nor once the account closed; nor the e-mail', async () => {
    const [a, b, c, d] = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    const [phoneA, phoneB, phoneD] = [newMobile(), newMobile(), newMobile()];
    await Promise.all([setPhone(a, phoneA), setPhone(b, phoneB), setPhone(d, phoneD)]);
    const pair = await matchedPair(t, a, b, { minutesAhead: 3100 });
    const cab = await matchedPair(t, c, d, { minutesAhead: 3100 });
    const seenBy = async (viewer: SignedUpUser, matchId: string) =>
      JSON.stringify(
        (await t.request({ method: 'GET', url: `/api/match/${matchId}`, token: viewer.token }))
          .json()
          .entities[0].requests.map((r: { rider: unknown }) => r.rider),
      );
    expect(await seenBy(a, pair.matchId)).toContain(b.email);
    expect(await seenBy(c, cab.matchId)).toContain(`+91${phoneD}`);

    // After the trip the matches stay Active, for ratings.
    t.clock.advance(3101 * 60_000);
    try {
      const blocked = await t.request({
        method: 'POST',
        url: '/api/blocks',
        token: b.token,
        payload: { userId: a.id },
      });
      expect(blocked.statusCode).toBe(201);
      const closed = await t.request({
        method: 'DELETE',
        url: `/api/user/deactive/${d.id}`,
        token: d.token,
      });
      expect(closed.statusCode).toBe(200);

      const aSees = await seenBy(a, pair.matchId);
      expect(aSees).not.toContain(b.email);
      expect(aSees).not.toContain(phoneB);
      expect(aSees).toContain(a.email);
      const bSees = await seenBy(b, pair.matchId);
      expect(bSees).not.toContain(a.email);
      expect(bSees).not.toContain(phoneA);
      const past = await t.request({
        method: 'GET',
        url: `/api/match-or-ride-request/past/${a.id}`,
        token: a.token,
      });
      expect(JSON.stringify(past.json())).toContain(pair.matchId);
      expect(JSON.stringify(past.json())).not.toContain(phoneB);
      const cSees = await seenBy(c, cab.matchId);
      expect(cSees).not.toContain(d.email);
      expect(cSees).not.toContain(phoneD);
    } finally {
      t.clock.advance(-3101 * 60_000);
    }
  });
});
