import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from './data-dir-lock';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A data folder whose lock was left by a server that is gone. */
function folderWithStaleLock() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-lock-'));
  folders.push(folder);
  const dead = spawnSync('true').pid;
  const stale = JSON.stringify({ pid: dead, startTime: '1' });
  fs.writeFileSync(path.join(folder, 'aeropool.lock'), stale);
  return { folder, stale, dead };
}

describe('taking over a stale lock', () => {
  it('leaves it to another server taking it over at the same moment', () => {
    const { folder, stale } = folderWithStaleLock();
    // A live process (the one that started these tests) is taking it over.
    const taker = { pid: process.ppid, startTime: processStartTime(process.ppid) };
    fs.writeFileSync(path.join(folder, 'aeropool.lock.takeover'), JSON.stringify(taker));
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    expect(fs.readFileSync(path.join(folder, 'aeropool.lock'), 'utf8')).toBe(stale);
  });

  it('takes it when the takeover was left by a process that died, and tidies up', () => {
    const { folder, dead } = folderWithStaleLock();
    fs.writeFileSync(
      path.join(folder, 'aeropool.lock.takeover'),
      JSON.stringify({ pid: dead, startTime: '1' }),
    );
    const release = lockDataDir(folder);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'aeropool.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    expect(fs.existsSync(path.join(folder, 'aeropool.lock.takeover'))).toBe(false);
    release();
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});
