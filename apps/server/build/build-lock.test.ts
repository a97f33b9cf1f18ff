import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../../scripts/build-lock.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-build-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const lockFile = path.join(dir, '.build.lock');
const journal = path.join(dir, 'journal');

/** A process that holds the lock while it "builds": it writes begin, waits, then end. */
const builder = (name: string) =>
  new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [
      '--input-type=module',
      '-e',
      `import fs from 'node:fs';
       import { withBuildLock } from ${JSON.stringify(script)};
       withBuildLock(${JSON.stringify(lockFile)}, () => {
         fs.appendFileSync(${JSON.stringify(journal)}, 'begin ${name}\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
         fs.appendFileSync(${JSON.stringify(journal)}, 'end ${name}\\n');
       });`,
    ]);
    child.on('exit', resolve);
  });

it('lets one build run at a time: a second waits for the first to end', async () => {
  expect(await Promise.all([builder('a'), builder('b')])).toEqual([0, 0]);
  const lines = fs.readFileSync(journal, 'utf8').trim().split('\n');
  expect(lines).toHaveLength(4);
  // Each begin is followed by its own end.
  expect(lines[1]).toBe(lines[0]!.replace('begin', 'end'));
  expect(lines[3]).toBe(lines[2]!.replace('begin', 'end'));
  expect(fs.existsSync(lockFile)).toBe(false);
});

it('takes over the lock of a build whose process died', async () => {
  fs.rmSync(journal, { force: true });
  // A pid no process has: above Linux's pid_max.
  fs.writeFileSync(lockFile, '4194305');
  expect(await builder('c')).toBe(0);
  expect(fs.readFileSync(journal, 'utf8')).toBe('begin c\nend c\n');
});

it('takes over a lock its holder never wrote its pid into, once that is long past', async () => {
  fs.rmSync(journal, { force: true });
  fs.writeFileSync(lockFile, '');
  const longAgo = new Date(Date.now() - 60_000);
  fs.utimesSync(lockFile, longAgo, longAgo);
  expect(await builder('d')).toBe(0);
  expect(fs.readFileSync(journal, 'utf8')).toBe('begin d\nend d\n');
});

it('takes over a lock older than any build, whatever pid it names (reused after a reboot)', async () => {
  fs.rmSync(journal, { force: true });
  // This test's own process: alive, but not a build.
  fs.writeFileSync(lockFile, String(process.pid));
  const longAgo = new Date(Date.now() - 11 * 60_000);
  fs.utimesSync(lockFile, longAgo, longAgo);
  expect(await builder('e')).toBe(0);
  expect(fs.readFileSync(journal, 'utf8')).toBe('begin e\nend e\n');
});
