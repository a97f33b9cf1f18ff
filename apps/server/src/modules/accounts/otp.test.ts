import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpFrom } from '../../test/mail-capture';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const generate = (email: string, purpose = 'signup') =>
  t.request({ method: 'POST', url: '/api/otp/generate', payload: { email, purpose } });
const verify = (email: string, otp: string) =>
  t.request({ method: 'POST', url: '/api/otp/verify', payload: { email, otp } });
const lastOtpTo = (email: string) =>
  otpFrom(t.mail.messages.filter((m) => m.to.includes(email)).at(-1)!);

describe('POST /api/otp/generate', () => {
  it('mails a six-digit code (plain and HTML, with the product name) and answers 201', async () => {
    const email = uniqueEmail();
    const res = await generate(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      statusCode: 201,
      entities: [{ email, resendAfterSeconds: 30 }],
    });
    const mail = await t.mail.waitFor(email);
    expect(otpFrom(mail)).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain('AeroPool');
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
  });

  it('normalises the e-mail (case, spaces)', async () => {
    const email = uniqueEmail();
    expect((await generate(`  ${email.toUpperCase()} `)).statusCode).toBe(201);
    await t.mail.waitFor(email);
  });

  it('refuses a new code within 30 seconds with 429 and the seconds left, then allows it', async () => {
    const email = uniqueEmail();
    expect((await generate(email)).statusCode).toBe(201);
    t.clock.advance(10_000);
    const again = await generate(email);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('Please wait 20 seconds before requesting a new OTP.');
    expect(again.json().retryAfterSeconds).toBe(20);
    expect(again.headers['retry-after']).toBe('20');
    t.clock.advance(20_000);
    expect((await generate(email)).statusCode).toBe(201);
  });

  it('for reset, answers 404 with the spec text when no such user exists', async () => {
    const res = await generate(uniqueEmail(), 'reset');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      message: "User with this email don't exist.",
      entities: [],
    });
  });

  it('for signup, answers 409 when the e-mail already has an account', async () => {
    const user = await t.signUp();
    const res = await generate(user.email);
    expect(res.statusCode).toBe(409);
  });

  it('rejects a malformed e-mail with 400 naming the field', async () => {
    const res = await generate('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  });
});

describe('POST /api/otp/verify', () => {
  it('answers 200 with a verification token for the right code, once', async () => {
    const email = uniqueEmail();
    await generate(email);
    await t.mail.waitFor(email);
    const otp = lastOtpTo(email);
    const res = await verify(email, otp);
    expect(res.statusCode).toBe(200);
    expect(res.json().entities[0].verificationToken).toEqual(expect.any(String));
    expect((await verify(email, otp)).json().message).toBe('Invalid OTP.');
  });

  it("answers 400 'Invalid OTP.' for a wrong code", async () => {
    const email = uniqueEmail();
    await generate(email);
    await t.mail.waitFor(email);
    const wrong = lastOtpTo(email) === '000000' ? '111111' : '000000';
    const res = await verify(email, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'Invalid OTP.' });
  });

  it('stops accepting even the right code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    await generate(email);
    await t.mail.waitFor(email);
    const otp = lastOtpTo(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await verify(email, wrong)).statusCode).toBe(400);
    const res = await verify(email, otp);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
  });

  it('rejects a code older than 10 minutes', async () => {
    const email = uniqueEmail();
    await generate(email);
    await t.mail.waitFor(email);
    t.clock.advance(10 * 60_000 + 1000);
    const res = await verify(email, lastOtpTo(email));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This OTP has expired. Please request a new one.');
  });

  it('only the newest code counts after a resend', async () => {
    const email = uniqueEmail();
    await generate(email);
    await t.mail.waitFor(email);
    const first = lastOtpTo(email);
    t.clock.advance(31_000);
    await generate(email);
    await t.mail.waitFor(
      email,
      (m) => t.mail.messages.filter((x) => x.to.includes(email)).indexOf(m) === 1,
    );
    const second = lastOtpTo(email);
    if (first !== second) expect((await verify(email, first)).statusCode).toBe(400);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('rejects a non-numeric code with 400', async () => {
    const res = await verify(uniqueEmail(), 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('otp');
  });
});

describe('OTP abuse limits', () => {
  const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email));
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('counts wrong tries across codes: new codes do not buy more guesses (10 an hour)', async () => {
    const user = await t.signUp();
    let guesses = 0;
    for (let round = 0; round < 3; round += 1) {
      expect((await generate(user.email, 'reset')).statusCode).toBe(201);
      await t.mail.waitFor(user.email, () => mailsTo(user.email).length === round + 2);
      const code = lastOtpTo(user.email);
      for (let i = 0; i < 5 && guesses < 10; i += 1, guesses += 1) {
        expect((await verify(user.email, wrongFor(code))).statusCode).toBe(400);
      }
      t.clock.advance(31_000);
    }
    // The eleventh try in the hour is refused even with the right code, and says when to retry.
    const blocked = await verify(user.email, lastOtpTo(user.email));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many wrong codes for this e-mail\. Please try again in \d+ minutes?\.$/,
    );
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);

    t.clock.advance(61 * 60_000);
    expect((await generate(user.email, 'reset')).statusCode).toBe(201);
    await t.mail.waitFor(user.email, () => mailsTo(user.email).length === 5);
    expect((await verify(user.email, lastOtpTo(user.email))).statusCode).toBe(200);
  });

  it('mails at most 5 codes an hour to one address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) {
      expect((await generate(email)).statusCode).toBe(201);
      t.clock.advance(31_000);
    }
    const sixth = await generate(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(
      /^We have sent 5 codes to this e-mail in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    await t.mail.waitFor(email, () => mailsTo(email).length === 5);
    t.clock.advance(60 * 60_000);
    expect((await generate(email)).statusCode).toBe(201);
  });
});

describe('OTP codes per network address', () => {
  it('stop one address mailing codes to many e-mails (3 an hour per RATE_LIMIT_AUTH_PER_MINUTE)', async () => {
    const strict = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    try {
      const send = () =>
        strict.request({
          method: 'POST',
          url: '/api/otp/generate',
          payload: { email: uniqueEmail(), purpose: 'signup' },
        });
      for (let i = 0; i < 6; i += 1) expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many codes requested from this network\./);
    } finally {
      await strict.close();
    }
  });

  it('count codes mailed, not a code asked for again too soon', async () => {
    const strict = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    try {
      const ask = (email: string) =>
        strict.request({
          method: 'POST',
          url: '/api/otp/generate',
          payload: { email, purpose: 'signup' },
        });
      for (let i = 0; i < 3; i += 1) {
        const email = uniqueEmail();
        expect((await ask(email)).statusCode).toBe(201);
        expect((await ask(email)).json().message).toMatch(/^Please wait \d+ seconds/);
      }
      // Three codes mailed of the six an hour: three more may go.
      for (let i = 0; i < 3; i += 1) expect((await ask(uniqueEmail())).statusCode).toBe(201);
      expect((await ask(uniqueEmail())).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
