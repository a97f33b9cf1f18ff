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
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    // Removed meanwhile (its server stopped, or another took it over): nobody holds it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
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
 * Removes the stale lock `file` unless another process is removing it too: only the process that
 * creates the takeover file exclusively may unlink the lock, so two servers starting at once on
 * a folder a dead server left cannot each remove the lock the other has just taken. Returns
 * false when another process is taking over (the caller looks again).
 */
function removeStaleLock(file: string, stale: LockRecord | undefined, mine: string): boolean {
  const takeover = `${file}.takeover`;
  try {
    fs.writeFileSync(takeover, mine, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const taker = readRecord(takeover);
    // Left by a process that died while taking over: gone with it.
    if (!taker || !isHeld(taker)) fs.rmSync(takeover, { force: true });
    return false;
  }
  try {
    // Still the lock found stale, not one a faster server has written since.
    const now = readRecord(file);
    if (now?.pid === stale?.pid && now?.startTime === stale?.startTime)
      fs.rmSync(file, { force: true });
    return true;
  } finally {
    fs.rmSync(takeover, { force: true });
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

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
  for (let attempt = 0; attempt < 20; attempt += 1) {
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
      // Another server is taking the stale lock over: it will hold the folder in a moment.
      if (!removeStaleLock(file, holder, mine)) pause(50);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
