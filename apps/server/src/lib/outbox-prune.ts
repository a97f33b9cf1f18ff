import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** As long as a code's row is kept (account-housekeeping.ts): a day. */
const OUTBOX_KEPT_MS = 86_400_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;

/**
 * Keeps this instance's outbox (under its own DATA_DIR) pruned: at start, then every 6 hours.
 * Not in the daily tidy-up job, which runs on one instance of a cluster and would prune only that
 * instance's folder. The files' own age counts, not the app's clock: they were written at real
 * times.
 */
export function keepOutboxPruned(app: FastifyInstance, dir: string) {
  const prune = async () => {
    try {
      const deleted = await pruneOutbox(dir, new Date(Date.now() - OUTBOX_KEPT_MS));
      if (deleted > 0) app.log.info({ outboxFilesDeleted: deleted }, 'outbox pruned');
    } catch (error) {
      app.log.warn({ err: error }, 'outbox not pruned');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void prune();
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Deletes the files under `dir` (the zero-configuration mail and SMS outboxes) last written
 * before `olderThan`; returns how many. They hold one-time codes, which the privacy page says go
 * within three days, as the codes' rows in the database do; before, they stayed for good.
 */
export async function pruneOutbox(dir: string, olderThan: Date): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0; // no outbox: mail and SMS go out for real
  }
  let deleted = 0;
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) deleted += await pruneOutbox(file, olderThan);
    else if (entry.isFile()) {
      const written = await fs.stat(file).then(
        (stats) => stats.mtime,
        () => null, // gone meanwhile
      );
      if (written && written < olderThan) {
        await fs.rm(file, { force: true });
        deleted += 1;
      }
    }
  }
  return deleted;
}
