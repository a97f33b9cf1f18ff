import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database, DbOrTx } from '../../../db/database';
import { pushSubscriptions, sessions, users } from '../../../db/schema';
import { createSessionCache, type Revocation } from './session-cache';

/** Every instance hears every revocation on this channel, after the revoking commit. */
export const SESSION_REVOKED_CHANNEL = 'aeropool_session_revoked';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SessionIdentity = {
  userId: string;
  sessionId: string;
  /** When the session ends by itself (epoch ms). */
  expiresAtMs: number;
};

export type Sessions = {
  /** Opens a session for the user (one per device) and answers its token. */
  issue(userId: string, db?: DbOrTx): Promise<string>;
  /** The live session a token names, or null: bad signature, no expiry, revoked, expired. */
  verify(token: string): Promise<SessionIdentity | null>;
  /** Ends one session (log out). */
  revoke(sessionId: string, db?: DbOrTx): Promise<void>;
  /** Ends every session of a user (log out everywhere, password change, deactivation). */
  revokeAllOf(userId: string, db?: DbOrTx): Promise<void>;
  /** Runs on every instance for every revocation, after its commit (e.g. to end live sockets). */
  onRevoked(listener: (revocation: Revocation) => void): void;
  /**
   * Runs when this instance listens again after its listener was down: revocations made
   * meanwhile never reached it, so what checked a session once (a live socket) checks it again.
   */
  onListeningResumed(listener: () => void): void;
  close(): Promise<void>;
};

type SessionOptions = {
  database: Database;
  jwtSecret: Uint8Array;
  ttlDays: number;
  now: () => Date;
};

/**
 * Sessions are rows (decision 003): a token is an HS256 JWT naming its row, with an expiry. The
 * check is served from a cache that every revocation clears on every instance (session-cache):
 * at once on the instance that revokes, and on the others when the NOTIFY reaches them.
 */
export async function createSessions(options: SessionOptions): Promise<Sessions> {
  const { database, jwtSecret, ttlDays, now } = options;
  const { db } = database;
  const cache = createSessionCache();
  // Given the raw secret, jose imports it as a key on every call, a third of a token check's cost.
  const jwtKey = await crypto.subtle.importKey(
    'raw',
    jwtSecret,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const listeners: ((revocation: Revocation) => void)[] = [];
  const resumeListeners: (() => void)[] = [];
  let hasMissed = false;

  const unlisten = await database.listen(SESSION_REVOKED_CHANNEL, {
    onMessage: (payload) => {
      let revocation: Revocation;
      try {
        revocation = JSON.parse(payload) as Revocation;
      } catch {
        // Not ours: clear everything rather than guess.
        cache.setListening(true);
        return;
      }
      cache.invalidate(revocation);
      for (const listener of listeners) listener(revocation);
    },
    onState: (isListening) => {
      cache.setListening(isListening);
      if (!isListening) hasMissed = true;
      else if (hasMissed) {
        hasMissed = false;
        for (const listener of resumeListeners) listener();
      }
    },
  });

  const liveSession = db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        eq(users.isActive, true),
        isNull(users.suspendedAt),
      ),
    )
    .prepare('session_check');

  const announce = async (target: DbOrTx, revocation: Revocation) => {
    // The NOTIFY comes back to this instance too, but only some time after the commit: the
    // rider's next request (answered by this instance) must already be refused, and a request
    // read before the caller's transaction commits must not cache the old row meanwhile.
    cache.invalidatePending(revocation);
    await target.execute(
      sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${JSON.stringify(revocation)})`,
    );
  };

  return {
    async issue(userId, target = db) {
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + ttlDays * 86_400_000);
      const [row] = await target
        .insert(sessions)
        .values({ userId, createdAt: issuedAt, expiresAt })
        .returning({ id: sessions.id });
      // A rider's expired rows (revoked or not) are of no further use: pruned as new ones open.
      await target
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, issuedAt)));
      return new SignJWT({ sid: row!.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(jwtKey);
    },

    async verify(token) {
      let userId: string;
      let sessionId: string;
      try {
        const { payload } = await jwtVerify(token, jwtKey, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: now(),
        });
        if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
        userId = payload.sub!;
        sessionId = payload.sid;
      } catch {
        return null;
      }
      const nowMs = now().getTime();
      const cached = cache.get(sessionId, nowMs);
      if (cached) {
        return cached.userId === userId
          ? { userId, sessionId, expiresAtMs: cached.expiresAtMs }
          : null;
      }

      const epoch = cache.epoch();
      const [row] = await liveSession.execute({ sessionId, now: new Date(nowMs).toISOString() });
      if (!row || row.userId !== userId) return null;
      const expiresAtMs = row.expiresAt.getTime();
      cache.set(sessionId, { userId, expiresAtMs }, epoch);
      return { userId, sessionId, expiresAtMs };
    },

    async revoke(sessionId, target = db) {
      await target
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      // Pushes go to live sessions only: the devices of one that ended are of no further use.
      await target.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
      await announce(target, { sessionId });
    },

    async revokeAllOf(userId, target = db) {
      await target
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await target.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await announce(target, { userId });
    },

    onRevoked: (listener) => void listeners.push(listener),
    onListeningResumed: (listener) => void resumeListeners.push(listener),
    close: unlisten,
  };
}
