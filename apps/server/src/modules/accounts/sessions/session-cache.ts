type Entry = { userId: string; expiresAtMs: number };

export type Revocation = { userId?: string; sessionId?: string };

export type SessionCache = {
  /** A session known to be live, or undefined (unknown, expired, or the cache is off). */
  get(sessionId: string, nowMs: number): Entry | undefined;
  /** Read before asking the database; `set` keeps the answer only if nothing was revoked since. */
  epoch(): number;
  set(sessionId: string, entry: Entry, epochAtRead: number): void;
  /** A revocation that has committed (its NOTIFY arrived): clears it, and ends its wait. */
  invalidate(revocation: Revocation): void;
  /**
   * A revocation this instance is making, maybe inside a transaction not yet committed: clears it
   * now, and caches nothing it names until its NOTIFY arrives (a read in between may still see the
   * old row), or for `PENDING_MS` if the transaction rolled back and no NOTIFY comes.
   */
  invalidatePending(revocation: Revocation): void;
  /** While revocations may be missed (the listener is down) nothing is served from the cache. */
  setListening(isListening: boolean): void;
};

/**
 * Live sessions, so the session check costs no query of its own on every request. Exact because
 * every revocation is a NOTIFY delivered to every instance after its commit (session-service);
 * the epoch stops an answer read before a revocation from being cached after it.
 */
const PENDING_MS = 10_000;

export function createSessionCache(maxEntries = 100_000): SessionCache {
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  /** Session or user ids of revocations in flight → until when nothing of theirs is cached. */
  const pending = new Map<string, number>();
  const isPending = (id: string) => {
    const until = pending.get(id);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    pending.delete(id);
    return false;
  };
  let epoch = 0;
  let isListening = false;

  const remove = (sessionId: string) => {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ids = byUser.get(entry.userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) byUser.delete(entry.userId);
  };

  return {
    get(sessionId, nowMs) {
      if (!isListening) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAtMs <= nowMs) {
        remove(sessionId);
        return undefined;
      }
      return entry;
    },
    epoch: () => epoch,
    set(sessionId, entry, epochAtRead) {
      if (!isListening || epoch !== epochAtRead) return;
      if (isPending(sessionId) || isPending(entry.userId)) return;
      if (entries.size >= maxEntries) remove(entries.keys().next().value!);
      entries.set(sessionId, entry);
      const ids = byUser.get(entry.userId) ?? new Set<string>();
      ids.add(sessionId);
      byUser.set(entry.userId, ids);
    },
    invalidate({ userId, sessionId }) {
      epoch += 1;
      if (sessionId) {
        remove(sessionId);
        pending.delete(sessionId);
      }
      if (userId) {
        for (const id of [...(byUser.get(userId) ?? [])]) remove(id);
        pending.delete(userId);
      }
    },
    invalidatePending(revocation) {
      this.invalidate(revocation);
      for (const id of [revocation.sessionId, revocation.userId]) {
        if (id) pending.set(id, Date.now() + PENDING_MS);
      }
    },
    setListening(listening) {
      epoch += 1;
      isListening = listening;
      entries.clear();
      byUser.clear();
      pending.clear();
    },
  };
}
