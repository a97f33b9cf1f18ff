import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpFrom } from '../../test/mail-capture';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Asks for a code and answers its mail (not a notice sent meanwhile, a password change's). */
async function mailedCode(email: string, purpose: 'signup' | 'reset') {
  const before = t.mail.messages.length;
  await t.request({ method: 'POST', url: '/api/otp/generate', payload: { email, purpose } });
  return t.mail.waitFor(
    email,
    (m) => t.mail.messages.indexOf(m) >= before && /\b\d{6}\b/.test(m.subject),
  );
}

async function verifiedToken(email: string, purpose: 'signup' | 'reset' = 'signup') {
  const mail = await mailedCode(email, purpose);
  const res = await t.request({
    method: 'POST',
    url: '/api/otp/verify',
    payload: { email, otp: otpFrom(mail) },
  });
  return res.json().entities[0].verificationToken as string;
}

const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/user/login', payload: { email, password } });

describe('POST /api/user/create', () => {
  it('creates the account with a verified e-mail and answers 201 with _id and token', async () => {
    const email = uniqueEmail();
    const verificationToken = await verifiedToken(email);
    const res = await t.request({
      method: 'POST',
      url: '/api/user/create',
      payload: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email,
        password: 'secret123',
        verificationToken,
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, token: expect.any(String) });
    expect(body.entities[0]).toMatchObject({
      _id: expect.any(String),
      email,
      firstName: 'Ravi',
      isGoogleAuth: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|tokenVersion/i);
  });

  it('answers 403 without a valid verification of that e-mail', async () => {
    const other = await verifiedToken(uniqueEmail());
    const payload = { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'secret123' };
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/user/create',
          payload: { ...payload, verificationToken: 'forged-token' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/user/create',
          payload: { ...payload, verificationToken: other },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers 403 when the verification token was already used or has expired', async () => {
    const email = uniqueEmail();
    const token = await verifiedToken(email);
    const payload = {
      firstName: 'A',
      lastName: 'B',
      email,
      password: 'secret123',
      verificationToken: token,
    };
    expect((await t.request({ method: 'POST', url: '/api/user/create', payload })).statusCode).toBe(
      201,
    );
    const again = await t.request({
      method: 'POST',
      url: '/api/user/create',
      payload: { ...payload, email },
    });
    expect([403, 409]).toContain(again.statusCode);

    const late = uniqueEmail();
    const lateToken = await verifiedToken(late);
    t.clock.advance(16 * 60_000);
    const res = await t.request({
      method: 'POST',
      url: '/api/user/create',
      payload: { ...payload, email: late, verificationToken: lateToken },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 409 for an e-mail that already has an account', async () => {
    // Two verifications of one free e-mail: the first creates the account, the second collides.
    const email = uniqueEmail();
    const first = await verifiedToken(email);
    t.clock.advance(31_000);
    const second = await verifiedToken(email);
    const payload = { firstName: 'A', lastName: 'B', email, password: 'secret123' };
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/user/create',
          payload: { ...payload, verificationToken: first },
        })
      ).statusCode,
    ).toBe(201);
    const dup = await t.request({
      method: 'POST',
      url: '/api/user/create',
      payload: { ...payload, verificationToken: second },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An account with this email already exists. Please log in.');
  });

  it('rejects a password shorter than 6 characters with the spec text', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/create',
      payload: {
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail(),
        password: '12345',
        verificationToken: 'x',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'password',
      message: 'Password must be at least 6 characters long',
    });
  });

  it('rejects missing names with the spec texts', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/create',
      payload: {
        firstName: ' ',
        lastName: 'B',
        email: uniqueEmail(),
        password: 'secret123',
        verificationToken: 'x',
      },
    });
    expect(res.json()).toMatchObject({
      statusCode: 400,
      field: 'firstName',
      message: 'First Name is required',
    });
  });
});

describe('POST /api/user/login and /api/user/email', () => {
  it('logs in with the right password (any e-mail case) and refuses a wrong one with 401', async () => {
    const user = await t.signUp();
    const ok = await login(user.email.toUpperCase(), user.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      statusCode: 200,
      token: expect.any(String),
      entities: [{ _id: user.id }],
    });
    const bad = await login(user.email, 'wrong-password');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid email or password.');
    expect((await login(uniqueEmail(), 'whatever1')).statusCode).toBe(401);
  });

  it("answers 400 'Email is required' / 'Password is required' for empty fields", async () => {
    expect((await login('', 'x')).json()).toMatchObject({
      statusCode: 400,
      message: 'Email is required',
    });
    expect((await login('a@b.co', '')).json()).toMatchObject({
      statusCode: 400,
      message: 'Password is required',
    });
  });

  it('tells whether an account exists', async () => {
    const user = await t.signUp();
    expect(
      (await t.request({ method: 'POST', url: '/api/user/email', payload: { email: user.email } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/user/email',
          payload: { email: uniqueEmail() },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('login rate limits (the default 10 a minute)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '10' });
  });
  afterAll(() => limited.close());
  const loginFrom = (remoteAddress: string, email: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      payload: { email, password: 'nope12' },
    });

  it('rate-limits repeated logins for one e-mail with 429', async () => {
    const email = uniqueEmail();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await loginFrom('127.0.0.1', email)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another e-mail from the same address is not blocked by someone else's typos.
    expect((await loginFrom('127.0.0.1', uniqueEmail())).statusCode).toBe(401);
  });

  it('stops many addresses trying one account (20 a minute per e-mail)', async () => {
    const email = uniqueEmail();
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1)
      codes.push((await loginFrom(`10.1.0.${i + 1}`, email)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('stops many addresses guessing a signed-in rider’s current password (20 a minute)', async () => {
    const rider = await limited.signUp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const guess = await limited.app.inject({
        method: 'PUT',
        url: `/api/user/password/${rider.id}`,
        remoteAddress: `10.3.0.${i + 1}`,
        headers: { authorization: `Bearer ${rider.token}` },
        payload: { password: 'newpass1', currentPassword: `guess-${i}` },
      });
      codes.push(guess.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('stops one address trying many accounts (50 a minute per address)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 51; i += 1)
      codes.push((await loginFrom('10.2.0.1', uniqueEmail())).statusCode);
    expect(codes.slice(0, 50).every((c) => c === 401)).toBe(true);
    expect(codes[50]).toBe(429);
    expect((await loginFrom('10.2.0.2', uniqueEmail())).statusCode).toBe(401);
  });
});

describe('own-account endpoints', () => {
  it('needs a token (401) and refuses someone else (403)', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await t.request({ method: 'GET', url: `/api/user/${a.id}` })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: 'garbage' })).statusCode,
    ).toBe(401);
    for (const [method, url, payload] of [
      ['GET', `/api/user/${a.id}`, undefined],
      ['PUT', `/api/user/${a.id}`, { firstName: 'X', lastName: 'Y' }],
      ['GET', `/api/user/stats/${a.id}`, undefined],
      ['PUT', `/api/user/password/${a.id}`, { password: 'newpass1', currentPassword: b.password }],
      ['DELETE', `/api/user/deactive/${a.id}`, undefined],
    ] as const) {
      const res = await t.request({ method, url, payload, token: b.token });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: a.token })).statusCode,
    ).toBe(200);
  });

  it('decides who may act before what is sent: another id, or no id at all, is 403', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    expect(
      (await t.request({ method: 'GET', url: '/api/user/123', token: a.token })).statusCode,
    ).toBe(403);
    // A partial body aimed at someone else is refused for who sends it, not for a missing field.
    const partial = await t.request({
      method: 'PUT',
      url: `/api/user/${b.id}`,
      token: a.token,
      payload: { firstName: 'Mallory' },
    });
    expect(partial.statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'PUT',
      url: `/api/user/${b.id}`,
      payload: { firstName: '' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('updates only the fields sent; a changed e-mail alone gets the e-mail message', async () => {
    const a = await t.signUp({ firstName: 'Meera', lastName: 'Iyer' });
    const emailOnly = await t.request({
      method: 'PUT',
      url: `/api/user/${a.id}`,
      token: a.token,
      payload: { _id: a.id, email: 'someone.else@example.com' },
    });
    expect(emailOnly.statusCode).toBe(400);
    expect(emailOnly.json().message).toBe('You cannot modify your email address.');

    const phoneOnly = await t.request({
      method: 'PUT',
      url: `/api/user/${a.id}`,
      token: a.token,
      payload: { phone: '9876543210' },
    });
    expect(phoneOnly.statusCode).toBe(200);
    expect(phoneOnly.json().entities[0]).toMatchObject({
      firstName: 'Meera',
      lastName: 'Iyer',
      phone: '+919876543210',
    });
    const sameEmail = await t.request({
      method: 'PUT',
      url: `/api/user/${a.id}`,
      token: a.token,
      payload: { _id: a.id, email: a.email.toUpperCase(), lastName: 'Rao' },
    });
    expect(sameEmail.json().entities[0]).toMatchObject({ firstName: 'Meera', lastName: 'Rao' });
  });

  it('reads and updates the profile; e-mail is immutable; phone an Indian mobile', async () => {
    const a = await t.signUp({ firstName: 'Meera' });
    const read = await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: a.token });
    expect(read.json().entities[0]).toMatchObject({
      firstName: 'Meera',
      email: a.email,
      phone: null,
      averageRating: 0,
    });

    const updated = await t.request({
      method: 'PUT',
      url: `/api/user/${a.id}`,
      token: a.token,
      payload: {
        _id: a.id,
        firstName: 'Meera',
        lastName: 'Iyer',
        email: a.email,
        phone: '9876543210',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().entities[0]).toMatchObject({
      lastName: 'Iyer',
      phone: '+919876543210',
      phoneVerified: false,
    });

    const email = await t.request({
      method: 'PUT',
      url: `/api/user/${a.id}`,
      token: a.token,
      payload: { firstName: 'M', lastName: 'I', email: 'new@example.com' },
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('You cannot modify your email address.');

    const phone = await t.request({
      method: 'PUT',
      url: `/api/user/${a.id}`,
      token: a.token,
      payload: { firstName: 'M', lastName: 'I', phone: '98765-abc' },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().field).toBe('phone');
  });

  it('gives zero stats for a new rider', async () => {
    const a = await t.signUp();
    const res = await t.request({ method: 'GET', url: `/api/user/stats/${a.id}`, token: a.token });
    expect(res.json().entities[0]).toEqual({
      completed: 0,
      active: 0,
      cancelled: 0,
      averageRating: 0,
    });
  });

  it('changes the password: checks the current one, invalidates older tokens, returns a fresh one', async () => {
    const a = await t.signUp();
    const wrong = await t.request({
      method: 'PUT',
      url: `/api/user/password/${a.id}`,
      token: a.token,
      payload: { password: 'newpass1', currentPassword: 'not-it' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.request({
      method: 'PUT',
      url: `/api/user/password/${a.id}`,
      token: a.token,
      payload: { _id: a.id, password: 'newpass1', currentPassword: a.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: a.token })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: ok.json().token }))
        .statusCode,
    ).toBe(200);
    expect((await login(a.email, a.password)).statusCode).toBe(401);
    expect((await login(a.email, 'newpass1')).statusCode).toBe(200);
    // The owner hears of it: a change they did not make does not go unnoticed.
    const notice = await t.mail.waitFor(a.email, (m) =>
      m.subject.includes('your password was changed'),
    );
    expect(notice.raw).toContain('Every other device was signed out.');
  });

  it('resets a forgotten password with a reset verification only', async () => {
    const a = await t.signUp();
    const signupToken = await verifiedToken(uniqueEmail());
    const forged = await t.request({
      method: 'PUT',
      url: '/api/user/forgotpassword',
      payload: { email: a.email, password: 'brandnew1', verificationToken: signupToken },
    });
    expect(forged.statusCode).toBe(403);
    const token = await verifiedToken(a.email, 'reset');
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/forgotpassword',
      payload: { email: a.email, password: 'brandnew1', verificationToken: token },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(a.email, 'brandnew1')).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: a.token })).statusCode,
    ).toBe(401);
  });

  it('a reset or a password change ends the address’s other reset codes, mailed or verified', async () => {
    const a = await t.signUp();
    const reset = (verificationToken: string, password: string) =>
      t.request({
        method: 'PUT',
        url: '/api/user/forgotpassword',
        payload: { email: a.email, password, verificationToken },
      });
    // Two codes verified a resend apart (by whoever held the mailbox for a while).
    const tokens: string[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        tokens.push(await verifiedToken(a.email, 'reset'));
        t.clock.advance(31_000);
      }
      expect((await reset(tokens[0]!, 'brandnew1')).statusCode).toBe(200);
      expect((await reset(tokens[1]!, 'takeover1')).statusCode).toBe(403);

      const signedIn = (await login(a.email, 'brandnew1')).json();
      t.clock.advance(31_000);
      const another = await verifiedToken(a.email, 'reset');
      // And a code mailed, not yet entered.
      t.clock.advance(31_000);
      const mailed = await mailedCode(a.email, 'reset');
      const changed = await t.request({
        method: 'PUT',
        url: `/api/user/password/${a.id}`,
        token: signedIn.token,
        payload: { currentPassword: 'brandnew1', password: 'brandnew2' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await reset(another, 'takeover1')).statusCode).toBe(403);
      const late = await t.request({
        method: 'POST',
        url: '/api/otp/verify',
        payload: { email: a.email, otp: otpFrom(mailed) },
      });
      expect(late.statusCode).toBe(400);
      expect((await login(a.email, 'brandnew2')).statusCode).toBe(200);
    } finally {
      t.clock.advance(-4 * 31_000);
    }
  });

  it('deactivates: the token stops working and the account cannot log in', async () => {
    const a = await t.signUp();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/user/deactive/${a.id}`,
      token: a.token,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/user/${a.id}`, token: a.token })).statusCode,
    ).toBe(401);
    const again = await login(a.email, a.password);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(
      'This account has been deactivated. Reset your password (Forgot Password) to reactivate it.',
    );
  });
});
