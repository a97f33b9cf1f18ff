import { Redis } from 'ioredis';
import type { LimitStore } from './limit-store';

const PREFIX = 'aeropool:rl:';

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

/** Counters in Redis (REDIS_URL), shared by every instance; windows expire in Redis itself. */
export function createRedisStore(url: string): LimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // A failed connection shows up as rejected hits (a 500 becomes visible), not as a crash.
  redis.on('error', () => undefined);
  return {
    kind: 'redis',
    async hit(key, windowMs, nowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, PREFIX + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetAtMs: nowMs + ttl };
    },
    async release(key) {
      await redis.eval(RELEASE, 1, PREFIX + key);
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
