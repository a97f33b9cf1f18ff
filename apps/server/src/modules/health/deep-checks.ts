import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** Below this much free space in DATA_DIR the instance reports itself unhealthy. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

export type DeepChecks = {
  databaseWrite: 'ok' | 'failed';
  dataDirWrite: 'ok' | 'failed';
  dataDirFreeBytes: number | null;
};

const settle = async (work: () => Promise<unknown>): Promise<'ok' | 'failed'> => {
  try {
    await work();
    return 'ok';
  } catch {
    return 'failed';
  }
};

/**
 * What a plain ping cannot see: a full or read-only disk lets `select 1` through while every
 * write fails. One committed upsert, one synced file, and the free space of DATA_DIR.
 */
export async function runDeepChecks(database: Database, dataDir: string): Promise<DeepChecks> {
  const probeFile = path.join(dataDir, `.health-${process.pid}`);
  const [databaseWrite, dataDirWrite, dataDirFreeBytes] = await Promise.all([
    settle(() =>
      database.db.execute(
        sql`insert into rate_limit_counters (key, count, reset_at)
            values (${`health:${process.pid}`}, 1, now())
            on conflict (key) do update set count = 1, reset_at = now()`,
      ),
    ),
    settle(async () => {
      const handle = await fs.open(probeFile, 'w');
      try {
        await handle.writeFile('ok');
        await handle.sync();
      } finally {
        await handle.close();
        await fs.rm(probeFile, { force: true });
      }
    }),
    fs.statfs(dataDir).then(
      (stats) => stats.bavail * stats.bsize,
      () => null,
    ),
  ]);
  return { databaseWrite, dataDirWrite, dataDirFreeBytes };
}

export const isHealthy = (checks: DeepChecks) =>
  checks.databaseWrite === 'ok' &&
  checks.dataDirWrite === 'ok' &&
  checks.dataDirFreeBytes !== null &&
  checks.dataDirFreeBytes >= MIN_FREE_BYTES;

/** A deep check costs writes: one run at a time, and its answer is reused for a second. */
export function cachedDeepChecks(database: Database, dataDir: string, ttlMs = 1000) {
  let last: { at: number; result: Promise<DeepChecks> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs)
      last = { at: now, result: runDeepChecks(database, dataDir) };
    return last.result;
  };
}
