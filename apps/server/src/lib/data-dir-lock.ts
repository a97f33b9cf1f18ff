import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

type LockRecord = { pid: number; startTime?: string };

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * When a process started, as the kernel counts it (field 22 of /proc/<pid>/stat), or undefined
 * where /proc is not available. A pid is reused by a later process; its start time is not.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

const readRecord = (file: string): LockRecord | undefined => {
  const text = fs.readFileSync(file, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as LockRecord;
    if (Number.isInteger(parsed.pid)) return parsed;
  } catch {
    // Locks written by older versions hold the bare pid.
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 ? { pid } : undefined;
};

/** The lock's holder is still running: same pid and, where we can tell, same start time. */
const isHeld = (record: LockRecord): boolean => {
  if (record.pid === process.pid || !isAlive(record.pid)) return false;
  if (!record.startTime) return true;
  const current = processStartTime(record.pid);
  return current === undefined || current === record.startTime;
};

/**
 * PGlite has no lock of its own, so two processes on one folder would corrupt it. The lock is a
 * file created exclusively that holds our pid and start time; a lock left by a process that is
 * gone (or whose pid now belongs to another process) is taken over, so a crash never needs
 * manual clean-up. See docs/decisions/002.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'aeropool.lock');
  const mine = JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readRecord(file);
      if (holder && isHeld(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another AeroPool server (pid ${holder.pid}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
