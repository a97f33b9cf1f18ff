import type { Config } from '../../config';
import type { LimitStore } from './limit-store';
import { createMemoryStore } from './memory-store';

/** The store RATE_LIMIT_STORE names; `auto` picks the one every instance can share. */
export function resolveStoreKind(config: Config): 'memory' | 'postgres' | 'redis' {
  if (config.RATE_LIMIT_STORE !== 'auto') return config.RATE_LIMIT_STORE;
  if (config.REDIS_URL) return 'redis';
  if (config.DATABASE_URL) return 'postgres';
  return 'memory';
}

export async function createLimitStore(config: Config): Promise<LimitStore> {
  const kind = resolveStoreKind(config);
  if (kind === 'memory') return createMemoryStore();
  // Shared stores arrive with the several-instances work; until then one instance counts alone.
  return createMemoryStore();
}
