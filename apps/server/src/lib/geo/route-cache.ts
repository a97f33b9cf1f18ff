/**
 * A small in-memory LRU cache with a time-to-live, for answers from slow services (road routes).
 * Values are usually promises, so concurrent callers for the same key share one fetch.
 */
export type TtlCache<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  readonly size: number;
};

export function createTtlCache<V>(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): TtlCache<V> {
  const { maxEntries, ttlMs, now = Date.now } = options;
  // A Map iterates in insertion order, so re-inserting on read makes the first key the oldest.
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
