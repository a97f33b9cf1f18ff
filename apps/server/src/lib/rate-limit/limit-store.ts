/**
 * Counters behind every rate limit (HTTP routes, mail, chat, sockets). A fixed window per key:
 * the first hit opens a window of `windowMs`; hits inside it are counted; the next hit after it
 * opens a new one. The store is shared by all instances (PostgreSQL or Redis) or, for a single
 * instance, kept in memory.
 */
export type LimitHit = {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends (epoch ms). */
  resetAtMs: number;
};

export type LimitStore = {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Counts one hit on `key` and answers the window's count so far. */
  hit(key: string, windowMs: number, nowMs: number): Promise<LimitHit>;
  /** Undoes one hit (e.g. a socket that disconnected no longer counts). Never below zero. */
  release(key: string): Promise<void>;
  /** Forgets a key (tests, or a limit that a success resets). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};
