import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions } from './app';
import type { Config } from './config';
import { openDatabase, openPgliteEarly } from './db/database';
import { closeWithin, type PgliteLink } from './db/pglite/worker-link';
import { createLogStream } from './lib/log-stream';
import { resolveStoreKind } from './lib/rate-limit/create-store';
import { guardSingleInstance, SecondInstanceError } from './lib/rate-limit/single-instance-guard';
import { loadSecrets, loadSharedSecrets } from './lib/secrets';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/**
 * In-flight requests get this long to finish after SIGTERM; then the process closes the embedded
 * database (up to 5 s more) and exits anyway.
 */
const SHUTDOWN_GRACE_MS = 10_000;
const LOG_FLUSH_MS = 1000;

import {
  explainDataDirError,
  explainListenError,
  STOP_SIGNALS,
  StartupError,
} from './startup-error';

export type Started = {
  config: Config;
  /** Releases the data folder's lock, taken before anything touched the database. */
  unlock: () => void;
  /**
   * The embedded database's thread, started before this module loaded (server.ts) whenever no
   * DATABASE_URL is set.
   */
  pglite?: PgliteLink;
  /**
   * Removes the entry's signal handlers for the start, once these take over; gives the stop
   * already under way, if one is.
   */
  releaseStartSignals?: () => Promise<never> | undefined;
};

/** Opens the database, builds the app and serves it until a signal ends it. */
export async function serve({
  config,
  unlock,
  pglite,
  releaseStartSignals,
}: Started): Promise<void> {
  let secrets;
  try {
    secrets = loadSecrets(config, config.dataDir);
  } catch (error) {
    throw explainDataDirError(error, config.dataDir);
  }
  // The embedded database goes on opening (and migrating) on its thread while this one builds
  // the app (issue 7: cold start); PostgreSQL is open and migrated before anything else.
  const { database, opened } = config.DATABASE_URL
    ? {
        database: await openDatabase({
          kind: 'postgres',
          url: config.DATABASE_URL,
          poolMax: config.DATABASE_POOL_MAX,
          poolWaitMs: config.DATABASE_POOL_WAIT_MS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        }),
        opened: Promise.resolve(),
      }
    : openPgliteEarly(pglite!, { poolWaitMs: config.DATABASE_POOL_WAIT_MS });

  // On PostgreSQL every instance shares the database's secrets (see lib/secrets).
  if (database.kind === 'postgres') {
    secrets = await loadSharedSecrets(config, database, config.dataDir);
  }

  let releaseGuard = async () => undefined as void;
  if (config.DATABASE_URL && resolveStoreKind(config) === 'memory') {
    releaseGuard = await guardSingleInstance(config.DATABASE_URL).catch(async (error: unknown) => {
      await database.close();
      throw error instanceof SecondInstanceError ? new StartupError(error.message) : error;
    });
  }

  const log = createLogStream();
  const building = buildApp(
    {
      config: { ...config, WEB_DIST_DIR: config.WEB_DIST_DIR ?? defaultWebDist },
      database,
      secrets,
    },
    {
      forceCloseConnections: 'idle',
      return503OnClosing: true,
      logger: { ...(loggerOptions(config.LOG_LEVEL) as object), stream: log.stream },
    },
  );
  // A data folder that does not open is the error to explain, whatever the build then hit (the
  // database is closed by then; the process ends without serving).
  building.catch(() => undefined);
  await opened.catch((error: unknown) => {
    throw explainDataDirError(error, path.join(config.dataDir, 'pglite'));
  });
  const app = await building;

  let closing = false;
  const exit = async (code: number) => {
    await log.flush(LOG_FLUSH_MS);
    // The folder's lock goes last, once the database's thread has closed or died.
    unlock();
    process.exit(code);
  };
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The deadline holds whatever the close or the log does: nothing here may keep us running.
    setTimeout(() => {
      app.log.error('requests still running after the grace period; exiting');
      // The embedded database still closes cleanly: its close waits for the statement running,
      // not for the requests.
      void closeWithin(pglite).then(() => exit(1));
    }, SHUTDOWN_GRACE_MS).unref();
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    try {
      await app.close();
      await releaseGuard();
      await database.close();
      app.log.info('stopped');
      await exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      await exit(1);
    }
  };
  // The embedded database's thread cannot be restarted under requests in flight: a supervisor
  // restarts the whole server instead.
  database.onFailure((error) => {
    app.log.fatal({ err: error }, 'the database stopped; exiting');
    void exit(1);
  });
  const stopping = releaseStartSignals?.();
  if (stopping) return stopping;
  for (const signal of STOP_SIGNALS) process.on(signal, () => void shutdown(signal));
  process.on('exit', () => unlock());

  await app.listen({ port: config.PORT, host: config.HOST }).catch(async (error: unknown) => {
    // The jobs and listeners it started stop; the caller closes the embedded database.
    await app.close();
    throw explainListenError(error, config.HOST, config.PORT);
  });
  app.log.info(
    `AeroPool is ready on http://localhost:${(app.server.address() as { port: number }).port} (database: ${database.kind})`,
  );
  // Right for a first try on one's own machine; on a server, riders' codes would sit in the log.
  if (!config.SMTP_URL)
    app.log.warn(
      'SMTP_URL is not set: e-mails, one-time codes included, are written to this log and to DATA_DIR/outbox instead of being sent. Set SMTP_URL before anyone else signs up.',
    );
  if (config.SMS_PROVIDER === 'outbox')
    app.log.warn(
      'SMS_PROVIDER is outbox: phone verification codes are written to this log and to DATA_DIR/outbox/sms instead of being texted. Set SMS_PROVIDER before riders verify their phones.',
    );
}
