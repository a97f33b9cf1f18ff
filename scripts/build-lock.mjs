// One build at a time per checkout. Several instances started together from one checkout after
// a `git pull` would each rebuild, one deleting what another is writing; the second now waits for
// the first, then finds nothing stale.
import fs from 'node:fs';

/** No build takes this long: a lock older than this was left by a machine that went down. */
const STALE_AFTER_MS = 10 * 60_000;
/** A holder writes its pid as it creates the file: empty for longer, it died in between. */
const EMPTY_FOR_MS = 10_000;

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock's holder and age, or null when it is gone (released meanwhile). */
function readLock(lockFile) {
  try {
    const ageMs = Date.now() - fs.statSync(lockFile).mtimeMs;
    return { pid: Number(fs.readFileSync(lockFile, 'utf8')) || 0, ageMs };
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Runs `work` holding `lockFile` (created exclusively, holding this pid); waits while a live
 * process holds it, and takes it over from a dead one, a holder that never wrote its pid, or one
 * older than any build (its pid since reused after a reboot). Taking over renames the file
 * first: of two waiters only one can. Released however `work` ends.
 */
export function withBuildLock(lockFile, work) {
  let toldWaiting = false;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const lock = readLock(lockFile);
    if (!lock) continue;
    const isLeftOver =
      lock.ageMs > STALE_AFTER_MS ||
      (lock.pid === 0 ? lock.ageMs > EMPTY_FOR_MS : !isAlive(lock.pid));
    if (isLeftOver) {
      try {
        fs.renameSync(lockFile, `${lockFile}.${process.pid}.stale`);
        fs.rmSync(`${lockFile}.${process.pid}.stale`, { force: true });
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
      continue;
    }
    if (!toldWaiting) {
      console.log(`Waiting for another build of this checkout (pid ${lock.pid || 'starting'})…`);
      toldWaiting = true;
    }
    sleep(200);
  }
  try {
    return work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
