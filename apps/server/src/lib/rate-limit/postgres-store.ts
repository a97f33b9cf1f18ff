import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { LimitHit, LimitStore } from './limit-store';

const SWEEP_EVERY_MS = 60_000;

type Row = { key: string; count: number; reset_at: string | Date };

type Waiting = {
  key: string;
  windowMs: number;
  nowMs: number;
  resolve: (hit: LimitHit) => void;
  reject: (error: unknown) => void;
};

/**
 * Counters in the `rate_limit_counters` table, shared by every instance on the database: an
 * upsert opens, counts or re-opens a window atomically. The hits asked for in one turn of the
 * event loop go in one statement (a busy chat checks a limit per message: one statement per turn,
 * not per message), several on one key counted together and handed out in order, so each caller
 * sees the count it would have seen alone. Expired rows are swept once a minute.
 */
export function createPostgresStore(database: Database): LimitStore {
  const { db } = database;
  const sweep = setInterval(() => {
    db.execute(
      sql`delete from rate_limit_counters where reset_at < now() - interval '1 minute'`,
    ).catch(() => undefined);
  }, SWEEP_EVERY_MS);
  sweep.unref();

  let waiting: Waiting[] = [];
  const writeTurn = async () => {
    const batch = waiting;
    waiting = [];
    const byKey = new Map<string, Waiting[]>();
    for (const item of batch) {
      const hits = byKey.get(item.key);
      if (hits) hits.push(item);
      else byKey.set(item.key, [item]);
    }
    // Keys in one order on every instance: two statements lock their rows in the same order and
    // cannot deadlock.
    const keys = [...byKey.keys()].sort();
    const nowMs = batch.reduce((latest, item) => Math.max(latest, item.nowMs), 0);
    const rows = keys.map((key) => {
      const first = byKey.get(key)![0]!;
      return {
        key,
        hits: byKey.get(key)!.length,
        reset_at: new Date(first.nowMs + first.windowMs).toISOString(),
      };
    });
    try {
      const now = new Date(nowMs).toISOString();
      const result = await db.execute(sql`
        insert into rate_limit_counters as c (key, count, reset_at)
        select key, hits, reset_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as hit(key text, hits integer, reset_at timestamptz)
          order by key
        on conflict (key) do update set
          count = case when c.reset_at <= ${now}::timestamptz then excluded.count
                       else c.count + excluded.count end,
          reset_at = case when c.reset_at <= ${now}::timestamptz then excluded.reset_at
                          else c.reset_at end
        returning key, count, reset_at`);
      for (const row of (result as unknown as { rows: Row[] }).rows) {
        const hits = byKey.get(row.key) ?? [];
        byKey.delete(row.key);
        const resetAtMs = new Date(row.reset_at).getTime();
        // The key's hits of this turn are the last of its count, in the order they were asked.
        hits.forEach((item, index) =>
          item.resolve({ count: Number(row.count) - hits.length + 1 + index, resetAtMs }),
        );
      }
      if (byKey.size > 0) throw new Error('rate limit counters: a key was not counted');
    } catch (error) {
      // Those already answered ignore a second settlement.
      for (const item of batch) item.reject(error);
    }
  };

  return {
    kind: 'postgres',
    hit(key, windowMs, nowMs) {
      return new Promise<LimitHit>((resolve, reject) => {
        waiting.push({ key, windowMs, nowMs, resolve, reject });
        if (waiting.length === 1) setImmediate(() => void writeTurn());
      });
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
