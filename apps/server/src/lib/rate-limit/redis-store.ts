import { Redis } from 'ioredis';
import type { LimitStore } from './limit-store';
import { createMemoryStore } from './memory-store';

const PREFIX = 'aeropool:rl:';

/**
 * How long one command may take before this instance counts in its own memory instead. Redis
 * answers in well under a millisecond; a second means it is stalled or the network is.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/**
 * After a command failed on a connection that still looks open (Redis stalled), Redis is not
 * asked again for this long, so only one request in that time waits for the timeout.
 */
export const REDIS_PAUSE_AFTER_FAILURE_MS = 5000;

/** Opens the window on the first hit; answers the count and the milliseconds left. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

type OutageLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

/**
 * Counters in Redis (REDIS_URL), shared by every instance; windows expire in Redis itself.
 *
 * While Redis cannot be reached the limits still hold, counted in this instance's memory
 * (decision 016): a rider is neither refused because a counter is out of reach nor let through
 * without a limit. Back in Redis once it answers again.
 */
export function createRedisStore(url: string, log?: OutageLog): LimitStore {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command asked while the connection is down fails at the next reconnection attempt
    // instead of waiting for several.
    maxRetriesPerRequest: 1,
  });
  const local = createMemoryStore();
  // Until the first connection is made or fails, commands wait for it (the app's first
  // requests); after that only a ready connection is asked.
  let firstConnection = true;
  let pausedUntilMs = 0;
  let outage = false;
  const markOutage = (error: Error) => {
    if (outage) return;
    outage = true;
    log?.warn(
      { err: error },
      'Redis cannot be reached: rate limits count in this instance until it answers again',
    );
  };
  const markBack = () => {
    if (!outage) return;
    outage = false;
    log?.info({}, 'Redis answers again: rate limits count in Redis');
  };
  redis.on('ready', () => {
    firstConnection = false;
    pausedUntilMs = 0;
    markBack();
  });
  redis.on('error', (error: Error) => {
    firstConnection = false;
    markOutage(error);
  });
  const reachable = () =>
    (firstConnection || redis.status === 'ready') && Date.now() >= pausedUntilMs;

  /** Redis's answer, or the local store's when Redis is out of reach or fails. */
  async function either<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (!reachable()) return fallback();
    try {
      const result = await shared();
      markBack();
      return result;
    } catch (error) {
      firstConnection = false;
      pausedUntilMs = Date.now() + REDIS_PAUSE_AFTER_FAILURE_MS;
      markOutage(error as Error);
      return fallback();
    }
  }

  return {
    kind: 'redis',
    hit: (key, windowMs, nowMs) =>
      either(
        async () => {
          const [count, ttl] = (await redis.eval(HIT, 1, PREFIX + key, String(windowMs))) as [
            number,
            number,
          ];
          return { count, resetAtMs: nowMs + ttl };
        },
        () => local.hit(key, windowMs, nowMs),
      ),
    release: (key) =>
      either(
        async () => void (await redis.eval(RELEASE, 1, PREFIX + key)),
        () => local.release(key),
      ),
    async reset(key) {
      await local.reset(key);
      await either(
        async () => void (await redis.del(PREFIX + key)),
        async () => undefined,
      );
    },
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
