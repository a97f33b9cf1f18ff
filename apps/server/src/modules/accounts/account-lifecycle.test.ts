import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@aeropool/contract/accounts';
import {
  emailVerifications,
  otpCodes,
  otpEvents,
  phoneCodeEvents,
  phoneCodes,
  users,
} from '../../db/schema';
import { tidyAccounts } from './account-housekeeping';
import { resetPassword } from '../../test/reset-password';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const REACTIVATE =
  'This account was deactivated. To use it again, reset your password (Forgot Password) within 30 days of deactivating it.';

const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload });

const deactivate = async (user: SignedUpUser) => {
  const res = await t.request({
    method: 'DELETE',
    url: `/api/user/deactive/${user.id}`,
    token: user.token,
  });
  expect(res.statusCode).toBe(200);
};

describe('a deactivated account (decision 007)', () => {
  it('within 30 days: sign-up says how to reactivate, the reset reactivates it', async () => {
    const a = await t.signUp();
    await deactivate(a);
    t.clock.advance(29 * DAY_MS);
    try {
      const signup = await post('/api/otp/generate', { email: a.email, purpose: 'signup' });
      expect(signup.statusCode).toBe(409);
      expect(signup.json().message).toBe(REACTIVATE);
      expect((await post('/api/user/email', { email: a.email })).statusCode).toBe(200);

      expect((await resetPassword(t, a.email, 'fresh-start1')).statusCode).toBe(200);
      const login = await post('/api/user/login', { email: a.email, password: 'fresh-start1' });
      expect(login.statusCode).toBe(200);
      expect(login.json().entities[0]._id).toBe(a.id);
      const notice = await t.mail.waitFor(a.email, (m) =>
        m.subject.includes('your password was changed'),
      );
      expect(notice.raw).toContain('is active again');
    } finally {
      t.clock.advance(-29 * DAY_MS);
    }
  });

  it('after 30 days: a log-in answers as for an unknown address, and frees it and the phone', async () => {
    const a = await t.signUp();
    await t.database.db
      .update(users)
      .set({ phone: '+919812300001', phoneVerifiedAt: new Date() })
      .where(eq(users.id, a.id));
    await deactivate(a);
    t.clock.advance(31 * DAY_MS);
    try {
      const login = await post('/api/user/login', { email: a.email, password: a.password });
      expect(login.statusCode).toBe(401);
      expect(login.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
      const [old] = await t.database.db.select().from(users).where(eq(users.id, a.id));
      expect(old).toMatchObject({ phone: null, phoneVerifiedAt: null });
      expect(old!.email).not.toBe(a.email);
    } finally {
      t.clock.advance(-31 * DAY_MS);
    }
  });

  it('after 30 days: the e-mail is free for a new account and the old one is gone for good', async () => {
    const a = await t.signUp();
    await deactivate(a);
    t.clock.advance(31 * DAY_MS);
    try {
      expect((await post('/api/user/email', { email: a.email })).statusCode).toBe(404);
      const reset = await post('/api/otp/generate', { email: a.email, purpose: 'reset' });
      expect(reset.statusCode).toBe(404);
      expect(reset.json().message).toBe("User with this email don't exist.");

      const again = await t.signUp({ email: a.email, firstName: 'Again' });
      expect(again.id).not.toBe(a.id);
      const login = await post('/api/user/login', { email: a.email, password: again.password });
      expect(login.json().entities[0]).toMatchObject({ _id: again.id, firstName: 'Again' });
    } finally {
      t.clock.advance(-31 * DAY_MS);
    }
  });
});

describe('a suspended account that was deactivated (decisions 007, 009)', () => {
  it('keeps its e-mail and phone after 30 days, and its log-in says it is suspended', async () => {
    const a = await t.signUp();
    await t.database.db
      .update(users)
      .set({ phone: '+919812300002', phoneVerifiedAt: new Date() })
      .where(eq(users.id, a.id));
    await deactivate(a);
    await t.database.db
      .update(users)
      .set({ suspendedAt: t.clock.now(), suspensionReason: 'Abusive messages' })
      .where(eq(users.id, a.id));

    const early = await post('/api/user/login', { email: a.email, password: a.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toContain('Abusive messages');

    t.clock.advance(31 * DAY_MS);
    try {
      const login = await post('/api/user/login', { email: a.email, password: a.password });
      expect(login.statusCode).toBe(403);
      const signup = await post('/api/otp/generate', { email: a.email, purpose: 'signup' });
      expect(signup.statusCode).toBe(409);
      expect(signup.json().message).toBe(ACCOUNT_MESSAGES.emailTaken);
      // Only the password learns of the suspension; a wrong one learns nothing.
      const wrong = await post('/api/user/login', { email: a.email, password: 'not-it-at-all' });
      expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
      // A reset sets the password but reactivates nothing: the log-in still says suspended.
      expect((await resetPassword(t, a.email, 'fresh-start2')).statusCode).toBe(200);
      expect(
        (await post('/api/user/login', { email: a.email, password: 'fresh-start2' })).statusCode,
      ).toBe(403);
      const [old] = await t.database.db.select().from(users).where(eq(users.id, a.id));
      expect(old).toMatchObject({ email: a.email, phone: '+919812300002', isActive: false });
    } finally {
      t.clock.advance(-31 * DAY_MS);
    }
  });
});

describe('the daily tidy-up (decision 007)', () => {
  it('releases accounts past the window (not the suspended, not the recent) and old codes', async () => {
    const withPhone = async (phone: string) => {
      const user = await t.signUp();
      await t.database.db
        .update(users)
        .set({ phone, phoneVerifiedAt: new Date() })
        .where(eq(users.id, user.id));
      return user;
    };
    const [gone, suspended, recent, active] = await Promise.all([
      withPhone('+919812300003'),
      withPhone('+919812300004'),
      withPhone('+919812300005'),
      withPhone('+919812300006'),
    ]);
    await deactivate(gone);
    await deactivate(suspended);
    await t.database.db
      .update(users)
      .set({ suspendedAt: t.clock.now(), suspensionReason: 'Abusive messages' })
      .where(eq(users.id, suspended.id));
    // A code asked for once, by an address nobody signs up with; an e-mail proof never used; a
    // phone code never entered, and its history.
    expect(
      (await post('/api/otp/generate', { email: 'typo@exmaple.com', purpose: 'signup' }))
        .statusCode,
    ).toBe(201);
    const soon = new Date(t.clock.now().getTime() + 600_000);
    await t.database.db.insert(emailVerifications).values({
      tokenHash: `unused-${active.id}`,
      email: 'typo@exmaple.com',
      purpose: 'signup',
      expiresAt: soon,
    });
    await t.database.db.insert(phoneCodes).values({
      userId: active.id,
      phone: '+919812300007',
      codeHash: 'x',
      expiresAt: soon,
    });
    await t.database.db
      .insert(phoneCodeEvents)
      .values({ phone: '+919812300007', kind: 'sent', userId: active.id });
    t.clock.advance(20 * DAY_MS);
    await deactivate(recent);
    t.clock.advance(11 * DAY_MS);
    try {
      const { released } = await tidyAccounts(t.app);
      expect(released).toBeGreaterThanOrEqual(1);
      const rows = await t.database.db
        .select()
        .from(users)
        .where(inArray(users.id, [gone.id, suspended.id, recent.id, active.id]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(gone.id)).toMatchObject({ phone: null, phoneVerifiedAt: null });
      expect(byId.get(gone.id)!.email).toBe(`released-${gone.id}@invalid.aeropool`);
      for (const [user, phone] of [
        [suspended, '+919812300004'],
        [recent, '+919812300005'],
        [active, '+919812300006'],
      ] as const)
        expect(byId.get(user.id)).toMatchObject({ email: user.email, phone });
      // Once released, an account is not released again.
      expect((await tidyAccounts(t.app)).released).toBe(0);
      const typo = await t.database.db
        .select()
        .from(otpEvents)
        .where(eq(otpEvents.email, 'typo@exmaple.com'));
      expect(typo).toEqual([]);
      expect(
        await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, 'typo@exmaple.com')),
      ).toEqual([]);
      expect(
        await t.database.db
          .select()
          .from(emailVerifications)
          .where(eq(emailVerifications.email, 'typo@exmaple.com')),
      ).toEqual([]);
      expect(
        await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.userId, active.id)),
      ).toEqual([]);
      expect(
        await t.database.db
          .select()
          .from(phoneCodeEvents)
          .where(eq(phoneCodeEvents.phone, '+919812300007')),
      ).toEqual([]);
    } finally {
      t.clock.advance(-31 * DAY_MS);
    }
  });
});
