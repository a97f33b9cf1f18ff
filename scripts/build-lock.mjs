// One build at a time per checkout. Several instances started together from one checkout after
// a `git pull` would each rebuild, one deleting what another is writing; the second now waits for
// the first, then finds nothing stale.
import fs from 'node:fs';

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `work` holding `lockFile` (created exclusively, holding this pid); waits while a live
 * process holds it, and takes it over from a dead one. Released however `work` ends.
 */
export function withBuildLock(lockFile, work) {
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // Empty for a moment while its holder writes it: that holder is alive.
      const holder = Number(fs.readFileSync(lockFile, { encoding: 'utf8', flag: 'r' }) || 0);
      if (holder > 0 && !isAlive(holder)) fs.rmSync(lockFile, { force: true });
      else sleep(200);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
