import fs from 'node:fs/promises';
import path from 'node:path';

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
