import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { LimitStore } from './limit-store';
import { createMemoryStore } from './memory-store';
import { createPostgresStore } from './postgres-store';

/** The store RATE_LIMIT_STORE names; `auto` picks the one every instance can share. */
export function resolveStoreKind(config: Config): 'memory' | 'postgres' | 'redis' {
  if (config.RATE_LIMIT_STORE !== 'auto') return config.RATE_LIMIT_STORE;
  if (config.REDIS_URL) return 'redis';
  if (config.DATABASE_URL) return 'postgres';
  return 'memory';
}

export async function createLimitStore(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<LimitStore> {
  switch (resolveStoreKind(config)) {
    case 'redis': {
      // ioredis is loaded only where Redis is configured (issue 7: cold start).
      const { createRedisStore } = await import('./redis-store');
      return createRedisStore(config.REDIS_URL!, log);
    }
    case 'postgres':
      return createPostgresStore(database);
    default:
      return createMemoryStore();
  }
}
