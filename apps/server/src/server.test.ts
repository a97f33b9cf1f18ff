import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForPort(started: Started, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /ready on http:\/\/localhost:(\d+)/.exec(started.output());
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${started.output()}`);
}

const post = (port: number, url: string, body: object) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

// These start real server processes on the embedded database; PostgreSQL has its own locking.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process on PGlite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-proc-'));

  it('locks DATA_DIR: a second server stops at once with a clear message and the first keeps serving', async () => {
    const first = startServer(dataDir);
    const port = await waitForPort(first);
    const second = startServer(dataDir);
    expect(await second.exited).toBe(78);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another AeroPool server`,
    );
    expect(second.output()).not.toContain('ready on');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'aeropool.lock'))).toBe(false);
  });

  it('keeps what was committed across a kill, and takes over the dead process lock', async () => {
    const first = startServer(dataDir);
    const port = await waitForPort(first);
    const email = `persist.${Date.now()}@example.com`;
    expect((await post(port, '/api/otp/generate', { email, purpose: 'signup' })).status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;

    const restarted = startServer(dataDir);
    const port2 = await waitForPort(restarted);
    // The code stored before the kill is still there: a new one is refused within 30 s.
    expect((await post(port2, '/api/otp/generate', { email, purpose: 'signup' })).status).toBe(429);
    // And without SMTP_URL the mail went to the outbox.
    expect(fs.readdirSync(path.join(dataDir, 'outbox')).length).toBe(1);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('stops with a message naming the variable when the configuration is bad', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(output).toContain('PORT');
  });
});
