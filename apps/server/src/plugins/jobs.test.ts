import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import jobsPlugin from './jobs';
import type { NotificationList } from '@aeropool/contract/notifications';
import { createRide, matchedPair, PLACES } from '../test/ride-factory';
import { createTestApp, type SignedUpUser, type TestApp } from '../test/test-app';
import { JOB_NAMES } from '../modules/notifications/job-names';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_RUNNER: 'true' });
});
afterAll(async () => {
  await t.close();
});

const kindsOf = async (user: SignedUpUser) => {
  const res = await t.request({ method: 'GET', url: '/api/notifications', token: user.token });
  return (res.json().entities[0] as NotificationList).notifications.map((n) => n.kind);
};
const eventually = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the job runner (pg-boss on this database)', () => {
  it('queues a new-match alert when a ride is posted and runs it in the background', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    await createRide(t, a, { minutesAhead: 600 });
    await createRide(t, b, { minutesAhead: 600, place: PLACES.indiranagar });
    await eventually(async () => (await kindsOf(a)).includes('new-match'));
  });

  it('runs the reminders job on this database (queued as the moved test clock does, or by its minute schedule)', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    await matchedPair(t, a, b, { minutesAhead: 3000 });
    t.clock.advance((3000 - 100) * 60_000);
    await t.app.jobs.send(JOB_NAMES.reminders);
    await eventually(async () => (await kindsOf(b)).includes('trip-reminder'));
    await eventually(async () => (await kindsOf(a)).includes('trip-reminder'));
    expect((await kindsOf(a)).filter((kind) => kind === 'trip-reminder')).toHaveLength(1);
  });

  it('starts a moment after the server listens, not while the app is built nor ahead of its first answers (its minute schedule appears then)', async () => {
    const other = await createTestApp({ JOB_RUNNER: 'true' });
    try {
      const scheduled = async (): Promise<string[]> => {
        const { pool } = other.database;
        // pg-boss makes its schema when it starts; a database it has not started on has none.
        const installed = await pool.query(`select to_regclass('pgboss.schedule') as t`);
        if (!installed.rows[0].t) return [];
        const { rows } = await pool.query<{ name: string }>('select name from pgboss.schedule');
        return rows.map((row) => row.name);
      };
      // Long enough for a runner started with the app to have scheduled its jobs.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await scheduled()).toEqual([]);
      await other.listen();
      const health = await other.request({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      // Time enough for a runner started at the listen to schedule its jobs (~0.2 s here).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await scheduled()).toEqual([]);
      await eventually(async () => (await scheduled()).includes(JOB_NAMES.reminders));
    } finally {
      await other.close();
    }
  }, 60_000);

  it('tries a runner that did not start again, so the scheduled jobs do not stay off', async () => {
    const app = Fastify();
    app.decorate('config', { JOB_RUNNER: true } as Config);
    let calls = 0;
    const ran: unknown[] = [];
    await app.register(jobsPlugin, {
      database: t.database,
      restartAfterMs: 100,
      jobs: () => {
        calls += 1;
        if (calls === 1) throw new Error('The queue could not be made.');
        return [{ name: 'restart-check', handle: async (data) => void ran.push(data.n) }];
      },
    });
    await app.ready();
    try {
      await expect(app.jobs.sendAfter('restart-check', { n: 1 }, 0)).rejects.toThrow(
        'The queue could not be made.',
      );
      // Tried again on its own a moment later; then it queues and works as any runner does.
      await eventually(async () => calls >= 2);
      await app.jobs.sendAfter('restart-check', { n: 2 }, 0);
      await eventually(async () => ran.includes(2));
    } finally {
      await app.close();
    }
  }, 60_000);
});
