import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { KeptJson } from '../../lib/kept-json';

/** Raised (by triggers, migration 0013) after any committed change that can alter an answer. */
export const MATCHING_CHANGED_CHANNEL = 'aeropool_matching_changed';

/** Answers kept at most: ~10–20 KB of JSON each, a few KB per compressed copy: tens of MB. */
const MAX_ENTRIES = 2_000;

export type MatchesCache = {
  /**
   * The answer for this rider's request as the JSON the route sends, from the cache while nothing
   * it depends on has changed (and within the same minute of the app clock, as "now" decides what
   * has expired), or from `compute`, whose answer is kept only if nothing changed while it ran.
   * Kept serialized (and compressed as clients ask): checking the answer against its schema,
   * writing its JSON and compressing it cost more than everything else a request does (issue 7).
   */
  answer(
    key: { requestId: string; userId: string; now: Date },
    compute: () => Promise<KeptJson>,
  ): Promise<KeptJson>;
  /** Something changed (a write on this instance, or another's NOTIFY): nothing cached is valid. */
  invalidate(): void;
  /** False until the listener is up, and while it is down: every answer is computed then. */
  isListening(): boolean;
  close(): Promise<void>;
};

/**
 * Potential matches and requests, the hottest read (issue 7), served from memory between changes.
 * Exact in the way the session cache is (decision 003): every write to the tables the answer reads
 * raises a NOTIFY that reaches every instance after its commit, and this instance also drops
 * everything as each of its riders' writing requests answers, so a rider's next read already sees
 * their change. The epoch keeps an answer computed across a change from being stored after it;
 * while the listener is down, nothing is served from the cache.
 */
export async function createMatchesCache(database: Database): Promise<MatchesCache> {
  const entries = new Map<string, KeptJson>();
  /** Answers being computed since the last change: a burst of the same request computes once. */
  const computing = new Map<string, Promise<KeptJson>>();
  let epoch = 0;
  let isListening = false;
  const invalidate = () => {
    epoch += 1;
    entries.clear();
    computing.clear();
  };
  const unlisten = await database.listen(MATCHING_CHANGED_CHANNEL, {
    onMessage: invalidate,
    onState: (listening) => {
      invalidate();
      isListening = listening;
    },
  });

  return {
    async answer({ requestId, userId, now }, compute) {
      const key = `${requestId}:${userId}:${Math.floor(now.getTime() / 60_000)}`;
      if (!isListening) return compute();
      const cached = entries.get(key) ?? computing.get(key);
      if (cached) return cached;
      const epochAtStart = epoch;
      const pending = compute();
      computing.set(key, pending);
      try {
        const computed = await pending;
        if (isListening && epoch === epochAtStart) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, computed);
        }
        return computed;
      } finally {
        if (computing.get(key) === pending) computing.delete(key);
      }
    },
    invalidate,
    isListening: () => isListening,
    close: unlisten,
  };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates `matchesCache` and drops it as each signed-in rider's writing request of this instance
 * answers. Anonymous writes (page views, sign-up, OTPs) change nothing a signed-in rider's list
 * shows at once, and their NOTIFY still drops the answers if they touch a table it reads.
 */
export async function registerMatchesCache(app: FastifyInstance, database: Database) {
  const cache = await createMatchesCache(database);
  app.decorate('matchesCache', cache);
  app.addHook('onSend', async (request) => {
    if (request.userId && !READ_METHODS.has(request.method)) cache.invalidate();
  });
  app.addHook('onClose', async () => cache.close());
}
