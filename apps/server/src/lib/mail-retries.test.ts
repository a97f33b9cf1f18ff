import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../cluster/http-rider';
import { startMailCapture, type MailCapture } from '../test/mail-capture';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { openTestDatabase } from '../test/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';

// Real server processes one after the other on one database: the data folder on PGlite, a
// database of its own on PostgreSQL.
describe('a notice mail waiting for its next attempt (decision 017)', () => {
  let mail: MailCapture;
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    mail = await startMailCapture();
    let where: Record<string, string>;
    if (onPostgres) {
      const db = await openTestDatabase();
      where = { DATABASE_URL: db.url! };
      cleanUp = db.drop;
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-mail-'));
      where = { DATA_DIR: dataDir };
      cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    env = {
      ...where,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CHAT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SMTP_URL: mail.url,
      WEB_DIST_DIR: '/nonexistent',
      // Long enough for the first process to stop before the mail is due.
      MAIL_RETRY_SECONDS: '6',
    };
  });

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await cleanUp?.();
    await mail.close();
  });

  const start = async () => {
    const server = startServerProcess(env);
    servers.push(server);
    return { server, client: httpClient(`http://127.0.0.1:${await server.port()}`, mail) };
  };
  type Started = Awaited<ReturnType<typeof start>>;
  const retriesLogged = (server: ServerProcess) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('support mail not sent; trying again')).length;

  const ticket = (client: Started['client'], token: string, subject: string) =>
    client.ok('POST', '/api/support', {
      body: { subject, category: 'General Inquiry', description: 'In the cab' },
      token,
    });
  const ticketMails = (subject: string) =>
    mail.messages.filter((m) => m.raw.includes(subject)).length;

  it('is sent by the next process when the one that queued it has stopped', async () => {
    const first = await start();
    const rider = await first.client.signUp();
    mail.refuse(421);
    try {
      await ticket(first.client, rider.token, 'Lost bag');
      // The ticket's two mails, to the desk and to the rider, each refused once.
      await expect.poll(() => retriesLogged(first.server), { timeout: 15_000 }).toBe(2);
    } finally {
      mail.refuse();
    }
    first.server.child.kill('SIGTERM');
    expect(await first.server.exited).toBe(0);
    expect(first.server.output()).not.toContain('the app closed before it was sent');
    expect(ticketMails('Lost bag')).toBe(0);

    const second = await start();
    const confirmation = await mail.waitFor(rider.email, (m) => m.subject.includes('AP-'), 30_000);
    expect(confirmation.raw).toContain('Lost bag');
    await expect.poll(() => ticketMails('Lost bag'), { timeout: 10_000 }).toBe(2);
    expect(second.server.output()).not.toContain('support mail not sent');
    second.server.child.kill('SIGTERM');
    await second.server.exited;
  }, 90_000);

  it('is queued when its first attempt fails while the server stops, and sent after', async () => {
    const first = await start();
    const rider = await first.client.signUp();
    mail.hold();
    try {
      await ticket(first.client, rider.token, 'Lost phone');
      // Both mails are with the mail server, unanswered, when the server is told to stop.
      await expect.poll(() => mail.held(), { timeout: 10_000 }).toBe(2);
      first.server.child.kill('SIGTERM');
      // Answered once the job runner's workers have stopped: pg-boss must still take the mails.
      await expect
        .poll(() => first.server.output(), { timeout: 10_000 })
        .toContain('job workers stopped');
      mail.refuse(421);
    } finally {
      mail.release();
      mail.refuse();
    }
    expect(await first.server.exited).toBe(0);
    expect(retriesLogged(first.server)).toBe(2);
    expect(first.server.output()).not.toContain('the app closed before it was sent');
    expect(ticketMails('Lost phone')).toBe(0);

    const second = await start();
    await expect.poll(() => ticketMails('Lost phone'), { timeout: 30_000 }).toBe(2);
    expect(second.server.output()).not.toContain('support mail not sent');
  }, 90_000);
});
