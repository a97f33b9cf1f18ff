import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { connectSocket } from '../../../test/socket-client';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/test-app';
import { createSessions } from './session-service';
import { sessionsWaitingForLocks, sideSession } from '../../../test/lock-waits';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(() => t.close());

const profile = (user: SignedUpUser, token = user.token) =>
  t.request({ method: 'GET', url: `/api/user/${user.id}`, token });

// The signature's first character carries six bits of it, so changing that one always breaks
// it; its last ones carry padding bits a decoder ignores, and a change there may not.
const withAlteredSignature = (token: string) => {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const first = signature.startsWith('A') ? 'B' : 'A';
  return `${header}.${payload}.${first}${signature.slice(1)}`;
};

const login = async (user: SignedUpUser) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: user.email, password: user.password },
  });
  return res.json().token as string;
};

const disconnected = (socket: Awaited<ReturnType<typeof connectSocket>>) =>
  new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('sessions', () => {
  it('log out ends this session only, at once, and its live connection', async () => {
    const a = await t.signUp();
    const laptop = await login(a);
    expect((await profile(a)).statusCode).toBe(200);
    expect((await profile(a, laptop)).statusCode).toBe(200);
    const socket = await connectSocket(url, a.token);
    const gone = disconnected(socket);

    const out = await t.request({ method: 'POST', url: '/api/user/logout', token: a.token });
    expect(out.json()).toMatchObject({ statusCode: 200, message: 'Successfully logged out' });
    expect((await profile(a)).statusCode).toBe(401);
    expect((await profile(a, laptop)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(connectSocket(url, a.token)).rejects.toThrow('Please log in to continue.');
    expect(
      (await t.request({ method: 'POST', url: '/api/user/logout', token: a.token })).statusCode,
    ).toBe(401);
  });

  it('prunes a rider’s expired session rows when a new session opens', async () => {
    const a = await t.signUp();
    await login(a);
    const rowsOf = async () =>
      (await t.database.db.select().from(sessions)).filter((row) => row.userId === a.id).length;
    expect(await rowsOf()).toBe(2);
    t.clock.advance(31 * 86_400_000);
    try {
      expect((await profile(a)).statusCode).toBe(401);
      await login(a);
      expect(await rowsOf()).toBe(1);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('log out of all devices ends every session of the rider and no one else’s', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const phone = await login(a);
    expect((await profile(a, phone)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/user/logout-all', token: a.token });
    expect(out.statusCode).toBe(200);
    expect((await profile(a)).statusCode).toBe(401);
    expect((await profile(a, phone)).statusCode).toBe(401);
    expect((await profile(b)).statusCode).toBe(200);
    expect((await profile(a, await login(a))).statusCode).toBe(200);
  });

  it('refuses tokens without an expiry, with a forged or unknown session, or for another user', async () => {
    const a = await t.signUp();
    const [, payloadPart] = a.token.split('.');
    const { sid } = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString()) as {
      sid: string;
    };
    const sign = (claims: Record<string, unknown>, sub: string, exp = true) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub);
      jwt.setIssuedAt();
      if (exp) jwt.setExpirationTime('1h');
      return jwt.sign(t.app.secrets.jwtSecret);
    };
    for (const token of [
      await sign({ sid }, a.id, false),
      await sign({ sid: randomUUID() }, a.id),
      await sign({ sid: 'not-a-uuid' }, a.id),
      await sign({}, a.id),
      await sign({ sid }, randomUUID()),
      withAlteredSignature(a.token),
    ]) {
      expect((await profile(a, token)).statusCode).toBe(401);
    }
    expect((await profile(a, await sign({ sid }, a.id))).statusCode).toBe(200);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a log-in under way when the password changes opens no session',
    async () => {
      const a = await t.signUp();
      // Another session holds the rider's row, as a password change does until it commits.
      const holder = await sideSession(t.database.pool);
      let loggingIn;
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where id = $1 for update', [a.id]);
        loggingIn = t.request({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: a.email, password: a.password },
        });
        await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
        await holder.query("update users set password_hash = 'changed' where id = $1", [a.id]);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
      const res = await loggingIn!;
      expect(res.statusCode).toBe(401);
      expect(res.json().token).toBeUndefined();
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a password change under way when a reset lands does not overwrite it',
    async () => {
      const a = await t.signUp();
      const holder = await sideSession(t.database.pool);
      let changing;
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where id = $1 for update', [a.id]);
        changing = t.request({
          method: 'PUT',
          url: `/api/user/password/${a.id}`,
          token: a.token,
          payload: { currentPassword: a.password, password: 'changed-here1' },
        });
        await expect.poll(() => sessionsWaitingForLocks(holder)).toBe(1);
        // A reset from the e-mail, committing first.
        await holder.query("update users set password_hash = 'reset' where id = $1", [a.id]);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
      const res = await changing!;
      expect(res.statusCode).toBe(401);
      expect(res.json().token).toBeUndefined();
      const { rows } = await t.database.pool.query(
        'select password_hash from users where id = $1',
        [a.id],
      );
      expect(rows[0].password_hash).toBe('reset');
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a socket whose session ended while the instance was not listening is dropped once it listens again',
    async () => {
      const a = await t.signUp();
      const socket = await connectSocket(url, a.token);
      const gone = disconnected(socket);
      // The instance's LISTEN connection drops; a revocation meanwhile reaches nobody here.
      const side = await sideSession(t.database.pool);
      try {
        await side.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
        );
        await side.query('update sessions set revoked_at = now() where user_id = $1', [a.id]);
      } finally {
        await side.end();
      }
      expect(await gone).toBe('io server disconnect');
    },
  );

  it('a session ends at its expiry', async () => {
    const a = await t.signUp();
    expect((await profile(a)).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    try {
      expect((await profile(a)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('the instance that revokes refuses the token at once, before its own NOTIFY comes back', async () => {
    const a = await t.signUp();
    const held: (() => void)[] = [];
    const sessionsHeldBack = await createSessions({
      database: {
        ...t.database,
        listen: (channel, handlers) =>
          t.database.listen(channel, {
            ...handlers,
            onMessage: (payload) => held.push(() => handlers.onMessage(payload)),
          }),
      },
      jwtSecret: t.app.secrets.jwtSecret,
      ttlDays: 30,
      now: t.clock.now,
    });
    try {
      const laptop = await sessionsHeldBack.issue(a.id);
      const phone = await sessionsHeldBack.issue(a.id);
      const sessionOf = async (token: string) => (await sessionsHeldBack.verify(token))?.sessionId;
      const laptopSession = await sessionOf(laptop);
      expect(laptopSession).toBeTruthy();
      expect(await sessionOf(phone)).toBeTruthy();

      await sessionsHeldBack.revoke(laptopSession!);
      expect(await sessionOf(laptop)).toBeUndefined();
      expect(await sessionOf(phone)).toBeTruthy();
      await sessionsHeldBack.revokeAllOf(a.id);
      expect(await sessionOf(phone)).toBeUndefined();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const deliver of held) deliver();
      expect(await sessionOf(phone)).toBeUndefined();
    } finally {
      await sessionsHeldBack.close();
    }
  });
});
