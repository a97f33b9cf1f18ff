import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite has no lock of its own, so two processes on one folder would corrupt it. The lock is a
 * file created exclusively that holds our pid; a lock left by a killed process (pid no longer
 * alive) is taken over, so a crash never needs manual clean-up. See docs/decisions/002.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'aeropool.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another AeroPool server (pid ${holder}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
