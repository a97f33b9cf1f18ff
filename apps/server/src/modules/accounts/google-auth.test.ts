import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@aeropool/contract/accounts';
import { users } from '../../db/schema';
import { resetPassword } from '../../test/reset-password';
import { startGoogleStandIn, type GoogleStandIn } from '../../test/google-stand-in';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';
import { sessionsWaitingForLocks, sideSession } from '../../test/lock-waits';

const CLIENT_ID = 'aeropool-test.apps.googleusercontent.com';
let t: TestApp;
let google: GoogleStandIn;

beforeAll(async () => {
  google = await startGoogleStandIn(CLIENT_ID);
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const googleAuth = (credential: string) =>
  t.request({ method: 'POST', url: '/api/user/google-auth', payload: { credential } });

describe('POST /api/user/google-auth', () => {
  it('creates an account from a valid token with isGoogleAuth, then signs the same account in', async () => {
    const email = uniqueEmail('google');
    const credential = await google.sign({
      sub: 'g-1001',
      email,
      given_name: 'Kavya',
      family_name: 'Menon',
    });
    const first = await googleAuth(credential);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      token: expect.any(String),
      entities: [{ email, firstName: 'Kavya', lastName: 'Menon', isGoogleAuth: true }],
    });
    const again = await googleAuth(await google.sign({ sub: 'g-1001', email }));
    expect(again.json().entities[0]._id).toBe(first.json().entities[0]._id);

    const id = first.json().entities[0]._id;
    const profile = await t.request({
      method: 'GET',
      url: `/api/user/${id}`,
      token: again.json().token,
    });
    expect(profile.statusCode).toBe(200);
  });

  it('a Google-made account given a password by a reset is a password account from then on', async () => {
    const email = uniqueEmail('google');
    const made = await googleAuth(await google.sign({ sub: 'g-1009', email }));
    expect(made.json().entities[0].isGoogleAuth).toBe(true);
    expect((await resetPassword(t, email, 'now-a-password1')).statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'now-a-password1' },
    });
    expect(login.statusCode).toBe(200);
    // So the profile offers Change Password for the password it now has.
    expect(login.json().entities[0].isGoogleAuth).toBe(false);
    const profile = await t.request({
      method: 'GET',
      url: `/api/user/${login.json().entities[0]._id}`,
      token: login.json().token,
    });
    expect(profile.json().entities[0].isGoogleAuth).toBe(false);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a Google sign-in under way when a reset lets the link go opens no session',
    async () => {
      const email = uniqueEmail('google');
      const made = await googleAuth(await google.sign({ sub: 'g-1010', email }));
      const id = made.json().entities[0]._id as string;
      // Another session holds the rider's row, as a reset does until it commits.
      const holder = await sideSession(t.database.pool);
      let signingIn;
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where id = $1 for update', [id]);
        signingIn = googleAuth(await google.sign({ sub: 'g-1010', email }));
        await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
        await holder.query('update users set google_subject = null where id = $1', [id]);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
      const res = await signingIn!;
      expect(res.json()).toMatchObject({
        statusCode: 409,
        message: ACCOUNT_MESSAGES.googleNotLinked,
      });
      expect(res.json().token).toBeUndefined();
    },
  );

  it('uses a single space for missing names (spec §3)', async () => {
    const res = await googleAuth(
      await google.sign({ sub: 'g-1002', email: uniqueEmail('google') }),
    );
    expect(res.json().entities[0]).toMatchObject({ firstName: ' ', lastName: ' ' });
    // A name that shows nothing is missing too, as in the sign-up form.
    const invisible = await googleAuth(
      await google.sign({
        sub: 'g-1099',
        email: uniqueEmail('google'),
        given_name: '\u200B',
        family_name: '\u3164',
      }),
    );
    expect(invisible.json().entities[0]).toMatchObject({ firstName: ' ', lastName: ' ' });
  });

  it('stores a Google name as one clean line of at most 60 characters', async () => {
    const res = await googleAuth(
      await google.sign({
        sub: 'g-1004',
        email: uniqueEmail('google'),
        given_name: '\u202Enimda',
        family_name: `Menon\u0000${'n'.repeat(80)}`,
      }),
    );
    expect(res.statusCode).toBe(200);
    const { firstName, lastName } = res.json().entities[0];
    expect(firstName).toBe('nimda');
    expect(lastName).toBe(`Menon ${'n'.repeat(54)}`);
  });

  it('links to an existing account of the same e-mail only where Google vouches for the address', async () => {
    const user = await t.signUp();
    // Any Google account may carry a verified example.com address (its owner's, or a former
    // owner's): it does not get into the account that address holds.
    const stranger = await googleAuth(await google.sign({ sub: 'g-1003', email: user.email }));
    expect(stranger.statusCode).toBe(409);
    // There is no sign-in by e-mail code: the way in is the password, or a reset.
    expect(stranger.json().message).toBe(
      'An account with this e-mail already exists. Please log in with your password, or reset it from the login page.',
    );
    expect(stranger.json().token).toBeUndefined();
    // A Workspace account of example.com is the domain's own: it links, and signs in after.
    const owner = { sub: 'g-1006', email: user.email, hd: 'example.com' };
    const linked = await googleAuth(await google.sign(owner));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().entities[0]._id).toBe(user.id);
    // Another Google account, even of the domain, does not replace the link.
    const other = await googleAuth(await google.sign({ ...owner, sub: 'g-1007' }));
    expect(other.statusCode).toBe(409);
    expect((await googleAuth(await google.sign(owner))).json().entities[0]._id).toBe(user.id);
  });

  it('tells a Google account not linked to an account nothing of its suspension or deactivation', async () => {
    const [suspended, deactivated] = await Promise.all([t.signUp(), t.signUp()]);
    await t.database.db
      .update(users)
      .set({ suspendedAt: t.clock.now(), suspensionReason: 'Abusive messages' })
      .where(eq(users.id, suspended.id));
    await t.database.db
      .update(users)
      .set({ isActive: false, deactivatedAt: t.clock.now() })
      .where(eq(users.id, deactivated.id));
    // A Google account that once had the address (a former owner's): not the account's own.
    for (const [sub, user] of [
      ['g-1101', suspended],
      ['g-1102', deactivated],
    ] as const) {
      const answer = await googleAuth(await google.sign({ sub, email: user.email }));
      expect(answer.json()).toMatchObject({
        statusCode: 409,
        message: ACCOUNT_MESSAGES.googleNotLinked,
      });
      expect(answer.body).not.toContain('Abusive');
    }
  });

  it('lets go of a linked Google account when the address’s owner resets the password', async () => {
    const user = await t.signUp();
    // A link made before Google had to vouch for the address (or by a domain's former admin).
    await t.database.db.update(users).set({ googleSubject: 'g-1008' }).where(eq(users.id, user.id));
    expect(
      (await googleAuth(await google.sign({ sub: 'g-1008', email: user.email }))).statusCode,
    ).toBe(200);
    expect((await resetPassword(t, user.email, 'mine-again1')).statusCode).toBe(200);
    const after = await googleAuth(await google.sign({ sub: 'g-1008', email: user.email }));
    expect(after.statusCode).toBe(409);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else' }, {}],
    ['a wrong issuer', { iss: 'https://evil.example.com' }, {}],
    ['an unverified e-mail', { email_verified: false }, {}],
    ['a key Google did not publish', {}, { key: 'other' as const }],
    ['an expired token', {}, { expiresIn: '-1m' }],
  ])('rejects %s with 401', async (_label, claims, options) => {
    const credential = await google.sign(
      { sub: 'g-2000', email: uniqueEmail('google'), ...claims },
      options,
    );
    const res = await googleAuth(credential);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Google sign-in failed. Please try again ⚠️');
  });

  it('signs in the account its Google ID names when its address is now another account’s', async () => {
    // The password account holds the address first; the Google account was made with another.
    const other = await t.signUp();
    const first = await googleAuth(
      await google.sign({ sub: 'g-1005', email: uniqueEmail('google') }),
    );
    expect(first.statusCode).toBe(200);
    const moved = await googleAuth(await google.sign({ sub: 'g-1005', email: other.email }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().entities[0]._id).toBe(first.json().entities[0]._id);
  });

  it('has no password to change for a Google-only account', async () => {
    const res = await googleAuth(
      await google.sign({ sub: 'g-1004', email: uniqueEmail('google') }),
    );
    const { token, entities } = res.json();
    const change = await t.request({
      method: 'PUT',
      url: `/api/user/password/${entities[0]._id}`,
      token,
      payload: { password: 'newpass1', currentPassword: 'anything' },
    });
    expect(change.statusCode).toBe(400);
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('answers 404 and the public config hides the button', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.request({
        method: 'POST',
        url: '/api/user/google-auth',
        payload: { credential: 'x'.repeat(40) },
      });
      expect(res.statusCode).toBe(404);
      const config = await plain.request({ method: 'GET', url: '/api/config' });
      expect(config.json().entities[0].googleClientId).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('exposes the client id in the public config when set', async () => {
    const config = await t.request({ method: 'GET', url: '/api/config' });
    expect(config.json().entities[0].googleClientId).toBe(CLIENT_ID);
  });
});
