import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { request } from '@playwright/test';
import { startMailCapture } from '../apps/server/src/test/mail-capture';
import { createRider } from './fixtures/accounts';
import {
  E2E_BASE_URL,
  E2E_OPERATOR,
  E2E_PORT,
  E2E_SMTP_PORT,
  E2E_SUPPORT_EMAIL,
  E2E_TMP,
  MAIL_DIR,
  REPO_ROOT,
} from './fixtures/env';

async function waitForHealth(timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${E2E_BASE_URL}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the e2e server did not become healthy:\n${output()}`);
}

type Server = { stop(): Promise<void> };

/**
 * The app as `npm start` runs it (its script: the compiled server, built when stale), without the
 * node flags it adds to save memory; resolves once healthy.
 */
async function startServer(dataDir: string, smtpUrl: string): Promise<Server> {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
      // As in production: mails carry links to the site (and their unsubscribe links).
      PUBLIC_URL: E2E_BASE_URL,
      // Many riders sign up from one address in a few minutes here.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      // Lets *.clock.spec.ts move the server's clock past a trip's time (never in production).
      NODE_ENV: 'test',
      ENABLE_TEST_CLOCK: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  server.on('exit', () => fs.appendFileSync(path.join(E2E_TMP, 'server.log'), output));
  await waitForHealth(60_000, () => output);
  return {
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}

/**
 * The moderation desk's operator: signs up like any rider, then gets the role the only way there
 * is, `npm run admin -- grant`, which on the embedded database runs while the server is stopped.
 */
async function createOperator(dataDir: string, smtpUrl: string): Promise<Server> {
  const first = await startServer(dataDir, smtpUrl);
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  await createRider(api, { ...E2E_OPERATOR, firstName: 'Olivia', lastName: 'Operator' });
  await api.dispose();
  await first.stop();
  const granted = spawnSync('npm', ['run', 'admin', '--', 'grant', E2E_OPERATOR.email], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (granted.status !== 0)
    throw new Error(`npm run admin failed:\n${granted.stdout}${granted.stderr}`);
  return startServer(dataDir, smtpUrl);
}

/**
 * Starts a real SMTP capture and the app exactly as `npm start` runs it, on a fresh data folder
 * with the embedded database; mails land as files the tests read.
 */
export default async function globalSetup() {
  fs.rmSync(E2E_TMP, { recursive: true, force: true });
  fs.mkdirSync(E2E_TMP, { recursive: true });
  const dataDir = path.join(E2E_TMP, 'data');
  const mail = await startMailCapture({ port: E2E_SMTP_PORT, dir: MAIL_DIR });
  const server = await createOperator(dataDir, mail.url);

  return async () => {
    await server.stop();
    await mail.close();
  };
}
