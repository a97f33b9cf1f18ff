import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { LimitStore } from './limit-store';

const SWEEP_EVERY_MS = 60_000;

type Row = { count: number; reset_at: string | Date };

/**
 * Counters in the `rate_limit_counters` table, shared by every instance on the database: one
 * upsert per hit opens, counts or re-opens the window atomically. Expired rows are swept once a
 * minute.
 */
export function createPostgresStore(database: Database): LimitStore {
  const { db } = database;
  const sweep = setInterval(() => {
    db.execute(
      sql`delete from rate_limit_counters where reset_at < now() - interval '1 minute'`,
    ).catch(() => undefined);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    kind: 'postgres',
    async hit(key, windowMs, nowMs) {
      const now = new Date(nowMs).toISOString();
      const resetAt = new Date(nowMs + windowMs).toISOString();
      const result = await db.execute(sql`
        insert into rate_limit_counters as c (key, count, reset_at)
        values (${key}, 1, ${resetAt}::timestamptz)
        on conflict (key) do update set
          count = case when c.reset_at <= ${now}::timestamptz then 1 else c.count + 1 end,
          reset_at = case when c.reset_at <= ${now}::timestamptz then excluded.reset_at else c.reset_at end
        returning count, reset_at`);
      const row = (result as unknown as { rows: Row[] }).rows[0]!;
      return { count: Number(row.count), resetAtMs: new Date(row.reset_at).getTime() };
    },
    async release(key) {
      await db.execute(
        sql`update rate_limit_counters set count = greatest(count - 1, 0) where key = ${key}`,
      );
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}
