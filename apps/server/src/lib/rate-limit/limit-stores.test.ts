import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { countStatements } from '../../test/count-statements';
import { openTestDatabase } from '../../test/test-database';
import type { LimitStore } from './limit-store';
import { createMemoryStore } from './memory-store';
import { createPostgresStore } from './postgres-store';
import { createRedisStore } from './redis-store';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const redisUrl = process.env.TEST_REDIS_URL;

/** Two handles on one store, as two instances would have. */
const kinds: [string, () => [LimitStore, LimitStore], boolean][] = [
  ['memory', () => [createMemoryStore(), createMemoryStore()], false],
  ['postgres', () => [createPostgresStore(database), createPostgresStore(database)], true],
  ['redis', () => [createRedisStore(redisUrl!), createRedisStore(redisUrl!)], true],
];

describe.each(kinds)('the %s limit store', (kind, open, isShared) => {
  const skip = kind === 'redis' && !redisUrl;
  let stores: [LimitStore, LimitStore];
  beforeAll(() => {
    if (!skip) stores = open();
  });
  afterAll(async () => {
    if (!skip) await Promise.all(stores.map((store) => store.close()));
  });

  it.skipIf(skip)('counts hits in a window, then opens a new one', async () => {
    const [store] = stores;
    const key = `test:${randomUUID()}`;
    const now = Date.now();
    expect((await store.hit(key, 200, now)).count).toBe(1);
    const second = await store.hit(key, 200, now + 10);
    expect(second.count).toBe(2);
    expect(second.resetAtMs).toBeGreaterThan(now);
    expect(second.resetAtMs).toBeLessThanOrEqual(now + 210);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await store.hit(key, 200, Date.now())).count).toBe(1);
  });

  it.skipIf(skip)('releases one hit (never below zero) and resets a key', async () => {
    const [store] = stores;
    const key = `test:${randomUUID()}`;
    const now = Date.now();
    await store.hit(key, 60_000, now);
    await store.hit(key, 60_000, now);
    await store.release(key);
    expect((await store.hit(key, 60_000, now)).count).toBe(2);
    await store.reset(key);
    await store.release(key);
    expect((await store.hit(key, 60_000, now)).count).toBe(1);
  });

  it.skipIf(skip)('counts hits asked at once in the order asked, each key its own', async () => {
    const [store] = stores;
    const [key, other] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    const now = Date.now();
    const hits = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.hit(i % 3 === 2 ? other : key, 60_000, now)),
    );
    expect(hits.map((hit) => hit.count)).toEqual([1, 2, 1, 3, 4, 2, 5, 6, 3, 7]);
    for (const { resetAtMs } of hits) {
      expect(resetAtMs).toBeGreaterThan(now);
      expect(resetAtMs).toBeLessThanOrEqual(now + 60_000);
    }
  });

  it.skipIf(skip)(
    isShared ? 'is one count for every instance' : 'counts per process only',
    async () => {
      const [first, second] = stores;
      const key = `test:${randomUUID()}`;
      const now = Date.now();
      await Promise.all(Array.from({ length: 10 }, () => first.hit(key, 60_000, now)));
      const hit = await second.hit(key, 60_000, now);
      expect(hit.count).toBe(isShared ? 11 : 1);
    },
  );
});

it('the postgres store counts the hits of one turn with one statement', async () => {
  const store = createPostgresStore(database);
  try {
    const keys = Array.from({ length: 20 }, (_, i) => `test:${i % 4}:${randomUUID()}`);
    const statements = await countStatements(database, () =>
      Promise.all(keys.map((key) => store.hit(key, 60_000, Date.now()))),
    );
    expect(statements).toHaveLength(1);
  } finally {
    await store.close();
  }
});
