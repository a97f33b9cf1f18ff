import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { keepOutboxPruned, pruneOutbox } from './outbox-prune';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('deletes outbox mails and texts written before the cut-off, in the SMS folder too', async () => {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-outbox-'));
  dirs.push(outbox);
  fs.mkdirSync(path.join(outbox, 'sms'));
  const write = (name: string, hoursAgo: number) => {
    const file = path.join(outbox, name);
    fs.writeFileSync(file, 'Your code is 123456');
    const when = new Date(Date.now() - hoursAgo * 3_600_000);
    fs.utimesSync(file, when, when);
    return file;
  };
  const oldMail = write('old.eml', 30);
  const oldText = write('sms/old.txt', 30);
  const newMail = write('new.eml', 2);

  expect(await pruneOutbox(outbox, new Date(Date.now() - 24 * 3_600_000))).toBe(2);
  expect([oldMail, oldText, newMail].map((file) => fs.existsSync(file))).toEqual([
    false,
    false,
    true,
  ]);
  // No outbox (mail sent for real): nothing to do.
  expect(await pruneOutbox(path.join(outbox, 'missing'), new Date())).toBe(0);
});

it('is run by every instance on its own folder, from its start', async () => {
  // Two instances, two data folders: the daily job of the cluster runs on one of them only.
  const apps = [Fastify(), Fastify()];
  const olds = apps.map((app) => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-outbox-'));
    dirs.push(outbox);
    fs.mkdirSync(path.join(outbox, 'sms'));
    const old = path.join(outbox, 'sms', 'old.txt');
    fs.writeFileSync(old, 'Your code is 123456');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(old, twoDaysAgo, twoDaysAgo);
    keepOutboxPruned(app, outbox);
    return old;
  });
  try {
    await Promise.all(apps.map((app) => app.ready()));
    await vi.waitFor(() => expect(olds.map((file) => fs.existsSync(file))).toEqual([false, false]));
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }
});
