import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db as JobsDb, PgBoss, QueueOptions } from 'pg-boss';
import { TIME_ZONE } from '@aeropool/contract/product';
import type { Database } from '../db/database';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;
export type JobDefinition = {
  name: string;
  handle: JobHandler;
  /** A cron line: pg-boss starts one job per tick across every instance. */
  cron?: string;
  /** Its queue's retry, expiry and deletion, where pg-boss's defaults do not fit. */
  queue?: QueueOptions;
};

export type Jobs = {
  /**
   * Queues a job (in the background); it runs on whichever instance picks it up first. No-op with
   * the runner off.
   */
  send(name: string, data?: Record<string, unknown>): Promise<void>;
  /**
   * Queues a job to run once `afterSeconds` have passed, on any instance, and resolves once it is
   * stored; rejects when it could not be (the runner is off or has stopped, the database refused).
   */
  sendAfter(name: string, data: Record<string, unknown>, afterSeconds: number): Promise<void>;
};

const POLLING_SECONDS = 1;
const START_ATTEMPTS = 10;
const START_AFTER_LISTEN_MS = 2000;
/** A runner that did not start is tried again after this, doubling up to the most below. */
const RESTART_FIRST_MS = 30_000;
const RESTART_MAX_MS = 10 * 60_000;
/** How long a closing app waits for the jobs running on it to finish (serve.ts allows 10 s). */
const WORKERS_STOP_MS = 2000;
/**
 * How often each queue's finished jobs are deleted: pg-boss's default is once a day, and a queued
 * notice mail (decision 017) holds a rider's address and the notice, gone once sent.
 */
const MAINTENANCE_SECONDS = 600;

/**
 * pg-boss on the embedded database shares the app's one connection (its statements queue with the
 * app's, as on PGlite's own lock before). A failed statement ends its connection and the next
 * starts by rolling back what it left open (WorkerConnection), so pg-boss's multi-statement
 * blocks cannot leave the session in an aborted transaction.
 */
const onEmbedded = (database: Database): JobsDb => ({
  executeSql: (text, values) => database.pool.query(text, values),
  listen: async (channel, onNotification, onReconnect) => {
    const unlisten = await database.listen(channel, { onMessage: onNotification });
    onReconnect();
    return { close: unlisten };
  },
});

/**
 * pg-boss (with its schedulers' date libraries, a fifth of the server's code) is a chunk of its
 * own, imported when the job runner is registered (see there) or, for the build's template, here.
 */
async function createBoss(
  database: Database,
  options: { supervise?: boolean } = {},
): Promise<PgBoss> {
  const { PgBoss } = await import('pg-boss');
  const shared = { maintenanceIntervalSeconds: MAINTENANCE_SECONDS };
  return database.kind === 'postgres'
    ? new PgBoss({ connectionString: database.postgresUrl!, max: 3, ...shared, ...options })
    : new PgBoss({ db: onEmbedded(database), backend: 'pglite', ...shared, ...options });
}

/**
 * Installs pg-boss's tables. The build runs it into the PGlite template a new data folder starts
 * from: on PGlite the install takes seconds, during which the one connection serves nobody else.
 */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = await createBoss(database, { supervise: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/**
 * Background jobs on pg-boss (decision 012): on PostgreSQL every instance works the same queues
 * and a scheduled job runs once per tick across them; on PGlite pg-boss runs on the embedded
 * database through its own adapter, so jobs survive restarts there too.
 */
export default fp(async function jobsPlugin(
  app: FastifyInstance,
  options: {
    database: Database;
    jobs: () => JobDefinition[];
    /**
     * Runs as the app closes, once no job runs any more and before pg-boss stops: what the app
     * still has in flight may queue a job then (a notice mail that fails, decision 017).
     */
    beforeStop?: () => Promise<void>;
    /** The first wait before a runner that did not start is tried again (tests shorten it). */
    restartAfterMs?: number;
  },
) {
  if (!app.config.JOB_RUNNER) {
    app.decorate('jobs', {
      send: async () => undefined,
      sendAfter: () => Promise.reject(new Error('The job runner is off.')),
    } satisfies Jobs);
    return;
  }
  // Loaded while the server starts, not awaited: its thread has time for it while the database
  // opens (no slower start, measured), whereas loading it once the server listened stalled the
  // first requests for 100–180 ms (bench:chat). Started once the server listens, below.
  import('pg-boss').catch(() => undefined);
  const { database } = options;
  let boss: PgBoss | undefined;
  let started: Promise<void> | undefined;
  let closed = false;
  /** Set as the app closes: a runner started now only sends (a mail's next attempt). */
  let closing = false;
  const run = async () => {
    boss = await createBoss(database);
    boss.on('error', (error) => app.log.error({ err: error }, 'job runner'));
    // A database that is briefly unreachable at boot must not leave the jobs dead for good.
    await boss.start({ attempts: START_ATTEMPTS });
    for (const job of options.jobs()) {
      await boss.createQueue(job.name, job.queue);
      if (closing) continue;
      await boss.work(job.name, { pollingIntervalSeconds: POLLING_SECONDS }, async (batch) => {
        for (const item of batch) await job.handle((item.data ?? {}) as Record<string, unknown>);
      });
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: TIME_ZONE });
    }
  };
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  /**
   * A runner that did not start (the database away longer than pg-boss's own attempts, a queue
   * that could not be made) is stopped and tried again later, and by the next job sent: otherwise
   * the reminders and every scheduled job would stay off for the life of the process.
   */
  const onFailedStart = async (attempt: Promise<void>, error: unknown) => {
    failures += 1;
    const first = options.restartAfterMs ?? RESTART_FIRST_MS;
    const delayMs = Math.min(RESTART_MAX_MS, first * 2 ** (failures - 1));
    app.log.error({ err: error, retryInSeconds: delayMs / 1000 }, 'job runner did not start');
    const failed = boss;
    boss = undefined;
    await failed
      ?.stop({ graceful: false, close: database.kind === 'postgres' })
      .catch(() => undefined);
    if (started === attempt) started = undefined;
    if (closing) return;
    restartTimer = setTimeout(() => {
      if (!closing) start().catch(() => undefined);
    }, delayMs).unref();
  };
  // Two seconds after the server listens (below), or at the first job sent before that (tests that
  // never listen).
  const start = (): Promise<void> => {
    // Nothing starts once the app closes (a listen or a job sent while it shuts down).
    if (closed && !started) return Promise.reject(new Error('The job runner has stopped.'));
    if (!started) {
      clearTimeout(restartTimer);
      const attempt = run();
      started = attempt;
      attempt.then(
        () => void (failures = 0),
        (error: unknown) => onFailedStart(attempt, error),
      );
    }
    return started;
  };
  // A moment after the server listens: the runner's start (~100 ms of statements on the embedded
  // database's one connection, and its schedules' code) would otherwise queue ahead of the first
  // requests answered, the health check that tells a load balancer the instance is up included.
  let afterListen: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    afterListen = setTimeout(() => {
      if (!closed) void start();
    }, START_AFTER_LISTEN_MS).unref();
  });
  const jobs: Jobs = {
    // Not awaited by the caller's answer: the job is queued once the runner has started.
    send: async (name, data = {}) => {
      void start()
        .then(() => boss!.send(name, data))
        .catch((error: unknown) => app.log.error({ err: error, job: name }, 'job not queued'));
    },
    sendAfter: async (name, data, afterSeconds) => {
      await start();
      await boss!.send(name, data, { startAfter: Math.ceil(afterSeconds) });
    },
  };
  app.decorate('jobs', jobs);
  // After the server has finished its requests (onClose): a ride saved during shutdown still
  // gets its job queued.
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(afterListen);
    clearTimeout(restartTimer);
    await started?.catch(() => undefined);
    // No new job starts; the running ones (a reminder sending its mails) finish, within a bound.
    if (boss) {
      const running = boss;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(options.jobs().map((job) => running.offWork(job.name))),
        new Promise((resolve) => (waited = setTimeout(resolve, WORKERS_STOP_MS))),
      ]);
      clearTimeout(waited);
    }
    app.log.info('job workers stopped');
    // A mail failing now may still start the runner (to send only) and queue its next attempt.
    await options.beforeStop?.();
    closed = true;
    await started?.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: 2000, close: database.kind === 'postgres' });
  });
});
