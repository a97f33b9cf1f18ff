import { spawn, type ChildProcess } from 'node:child_process';
import { startServerProcess, type ServerProcess } from './test/server-process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStartTime } from './lib/data-dir-lock';

const children: ChildProcess[] = [];

/**
 * A test that starts three servers from their TypeScript sources, one after another: each start
 * compiles with tsx, which took 9 s on the shared machine on a busy morning (bench:start).
 */
const PROCESS_TEST_MS = 120_000;

function startServer(dataDir: string): ServerProcess {
  const started = startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  children.push(started.child);
  return started;
}

const waitForPort = (started: ServerProcess) => started.port();

const post = (port: number, url: string, body: object) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Data folders of this file's servers (tens of MB each), removed once they have stopped. */
const folders: string[] = [];
const tempFolder = (name: string) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `aeropool-${name}-`));
  folders.push(folder);
  return folder;
};

afterAll(async () => {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))),
  );
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

// These start real server processes on the embedded database; PostgreSQL has its own locking.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process on PGlite', () => {
  // Made when the tests run: a skipped describe's body still runs, its hooks do not.
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempFolder('proc');
  });

  it(
    'locks DATA_DIR: a second server stops at once with a clear message and the first keeps serving',
    async () => {
      const first = startServer(dataDir);
      const port = await waitForPort(first);
      const second = startServer(dataDir);
      expect(await second.exited).toBe(78);
      expect(second.output()).toContain(
        `The data folder ${dataDir} is in use by another AeroPool server`,
      );
      expect(second.output()).not.toContain('ready on');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      // Its port, taken: another server (its own folder) says which variable to change.
      const samePort = startServerProcess({ PORT: String(port) });
      children.push(samePort.child);
      expect(await samePort.exited).toBe(78);
      expect(samePort.output()).toContain(
        `127.0.0.1:${port} is in use by another program (EADDRINUSE). Start AeroPool with another PORT`,
      );
      // No SMTP_URL here: the server says where mail goes instead.
      expect(first.output()).toContain('SMTP_URL is not set: e-mails, one-time codes included');
      expect(first.output()).toContain('SMS_PROVIDER is outbox: phone verification codes');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, 'aeropool.lock'))).toBe(false);
    },
    PROCESS_TEST_MS,
  );

  it(
    'keeps what was committed across a kill, and takes over the dead process lock',
    async () => {
      const first = startServer(dataDir);
      const port = await waitForPort(first);
      const email = `persist.${Date.now()}@example.com`;
      expect((await post(port, '/api/otp/generate', { email, purpose: 'signup' })).status).toBe(
        201,
      );
      first.child.kill('SIGKILL');
      await first.exited;

      const restarted = startServer(dataDir);
      const port2 = await waitForPort(restarted);
      // The code stored before the kill is still there: a new one is refused within 30 s.
      expect((await post(port2, '/api/otp/generate', { email, purpose: 'signup' })).status).toBe(
        429,
      );
      // And without SMTP_URL the mail went to the outbox.
      expect(fs.readdirSync(path.join(dataDir, 'outbox')).length).toBe(1);
      // The terminal that ran it closed: a clean stop, as for SIGTERM, not a death mid-write.
      restarted.child.kill('SIGHUP');
      expect(await restarted.exited).toBe(0);
      expect(restarted.output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, 'aeropool.lock'))).toBe(false);
    },
    PROCESS_TEST_MS,
  );

  it('stops with a message naming the variable when the configuration is bad', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(output).toContain('PORT');
  });

  it('closes the database before it exits when stopped while it starts, and opens it again', async () => {
    const folder = tempFolder('early');
    const starting = startServer(folder);
    // The lock is taken in the same turn as the start's signal handlers are set.
    while (!fs.existsSync(path.join(folder, 'aeropool.lock')) && starting.child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 10));
    starting.child.kill('SIGTERM');
    expect(await starting.exited).toBe(143);
    expect(starting.output()).not.toContain('ready on');

    const again = startServer(folder);
    const port = await waitForPort(again);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 60_000);

  it('exits within the grace period after SIGTERM even when its log reader has gone away', async () => {
    const started = startServer(tempFolder('pipe'));
    await waitForPort(started);
    // The harness that read the log is gone: every write to stdout now fails with EPIPE.
    started.child.stdout!.destroy();
    started.child.stderr!.destroy();
    const began = Date.now();
    started.child.kill('SIGTERM');
    const code = await Promise.race([
      started.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);
    expect(code).not.toBe('still running');
    expect(Date.now() - began).toBeLessThan(15_000);
  }, 60_000);

  it('takes over a lock whose pid now belongs to another process', async () => {
    const reused = tempFolder('reused');
    // This test runner is alive, but it is not the process that wrote the lock: its start time differs.
    fs.writeFileSync(
      path.join(reused, 'aeropool.lock'),
      JSON.stringify({ pid: process.pid, startTime: '1' }),
    );
    const started = startServer(reused);
    const port = await waitForPort(started);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const lock = JSON.parse(fs.readFileSync(path.join(reused, 'aeropool.lock'), 'utf8'));
    expect(lock.pid).toBe(started.child.pid);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('refuses a lock held by a live process that is really the one that wrote it', async () => {
    const held = tempFolder('held');
    const startTime = processStartTime(process.pid);
    fs.writeFileSync(
      path.join(held, 'aeropool.lock'),
      JSON.stringify({ pid: process.pid, startTime }),
    );
    const started = startServer(held);
    expect(await started.exited).toBe(78);
    expect(started.output()).toContain(`in use by another AeroPool server (pid ${process.pid})`);
  });

  const unusableDataDirs: [string, () => string, RegExp][] = [
    [
      'a path under a file',
      () => {
        const file = path.join(tempFolder('file'), 'plain');
        fs.writeFileSync(file, '');
        return path.join(file, 'data');
      },
      /is not a folder \(ENOTDIR\)/,
    ],
    [
      'a folder whose database entry is a file',
      () => {
        const folder = tempFolder('entry');
        fs.writeFileSync(path.join(folder, 'pglite'), '');
        return folder;
      },
      /pglite is not a folder \(ENOTDIR\)/,
    ],
    // sysfs refuses new entries, even to root: a folder nobody may write.
    ['a folder nobody may write', () => '/sys/aeropool-data', /is not writable by this user/],
  ];
  it.each(unusableDataDirs)(
    'stops with one line, no stack, when DATA_DIR is %s',
    async (_name, makeDir, problem) => {
      const dataDir = makeDir();
      const started = startServer(dataDir);
      expect(await started.exited).toBe(78);
      const output = started.output().trim();
      expect(output).toMatch(problem);
      expect(output).toContain(`The data folder ${dataDir}`);
      expect(output.split('\n')).toHaveLength(1);
      expect(output).not.toMatch(/\n\s+at /);
    },
  );
});
