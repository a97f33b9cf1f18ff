import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { listenPostgres } from './listen-postgres';
import { startPgliteWorker, type PgliteLink } from './pglite/worker-link';
import { WorkerConnection } from './pglite/worker-connection';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string on PostgreSQL (the socket.io adapter opens its own pool). */
  postgresUrl?: string;
  /** The connection pool drizzle uses (on PGlite one connection; the job runner shares it). */
  pool: pg.Pool;
  ping(): Promise<void>;
  /**
   * Runs `onMessage` for every NOTIFY on `channel` (delivered after the sender's commit, to every
   * instance). `onState(false)` says notifications may be missed until `onState(true)`.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Ends the pool (and the embedded database); a second call waits for the first. */
  close(): Promise<void>;
  /**
   * Called if the database fails for good while serving: the embedded database's thread ended
   * (PostgreSQL's pool reconnects by itself and never calls it).
   */
  onFailure(listener: (error: Error) => void): void;
};

export type ListenHandlers = {
  onMessage(payload: string): void;
  onState?(isListening: boolean): void;
};

export type PoolLimits = {
  /** How long a statement waits for a free connection (the pool's `connectionTimeoutMillis`). */
  poolWaitMs?: number;
  /**
   * PostgreSQL's `statement_timeout` for the app's connections. PGlite has one session (no lock
   * waits between sessions) and does not run the timer.
   */
  statementTimeoutMs?: number;
};

export type DatabaseOptions = PoolLimits &
  (
    | { kind: 'postgres'; url: string; poolMax?: number }
    /**
     * dataDir undefined means in memory (tests). A new data folder starts as a copy of
     * `template` (a closed PGlite data folder) when it exists.
     */
    | { kind: 'pglite'; dataDir?: string; template?: string }
  );

export const DEFAULT_POOL_WAIT_MS = 5000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/**
 * A transaction left open and idle this long (an instance frozen or cut off mid-transaction) is
 * ended by PostgreSQL, which frees the rows it locked.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, 'migrations');
/** Serialises migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_720_451;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const poolWaitMs = options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS;
  if (options.kind === 'postgres') {
    return openPostgres(options.url, {
      poolMax: options.poolMax ?? 10,
      poolWaitMs,
      statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    });
  }
  return openPglite(startPgliteWorker(options), poolWaitMs);
}

/**
 * The embedded database runs on its own thread (pglite/pglite-worker, issue 7) and is reached
 * through node-postgres, as PostgreSQL is: one driver, the same prepared statements. It has one
 * Postgres session, so the pool holds one connection: a transaction has it to itself while other
 * statements wait, as they waited for PGlite's own transaction lock before.
 */
async function openPglite(link: PgliteLink, poolWaitMs: number): Promise<Database> {
  const { database, opened } = openPgliteEarly(link, { poolWaitMs });
  await opened;
  return database;
}

/**
 * The embedded database at once, while its thread still opens the data folder and the migrations
 * run: the server builds its app meanwhile (issue 7: cold start), and every statement waits for
 * `opened`, which rejects with what failed (the database is closed then).
 */
export function openPgliteEarly(
  link: PgliteLink,
  { poolWaitMs = DEFAULT_POOL_WAIT_MS }: Pick<PoolLimits, 'poolWaitMs'> = {},
): { database: Database; opened: Promise<void> } {
  // One session: what it has prepared is known to every connection made to it.
  const parsedStatements: Record<string, string> = {};
  const clientAfter = (gate: () => Promise<unknown>) =>
    class WorkerClient extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({
          ...config,
          connection: new WorkerConnection(link, parsedStatements, gate()),
        } as pg.ClientConfig);
      }
    };
  const MigrationClient = clientAfter(() => link.ready);
  const pool = new pg.Pool({
    // Its first client is made by the first statement, after `migrated` below is set.
    Client: clientAfter(() => migrated),
    max: 1,
    idleTimeoutMillis: 0,
  });
  pool.on('error', () => undefined);
  const listeners = new Map<string, Set<(payload: string) => void>>();
  /** Each channel's LISTEN, issued once: answered after the migrations, in the pool's order. */
  const listening = new Map<string, Promise<unknown>>();
  // The session's LISTENs outlive a connection the pool replaces; each new one relays them.
  pool.on('connect', (client) =>
    client.on('notification', ({ channel, payload }) => {
      for (const onMessage of listeners.get(channel) ?? []) onMessage(payload ?? '');
    }),
  );
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await pool.end();
      await link.close();
    })());
  const migrated = (async () => {
    const migrator = new MigrationClient();
    try {
      await migrator.connect();
      await migratePg(drizzlePg(migrator), { migrationsFolder });
    } finally {
      await migrator.end().catch(() => undefined);
    }
  })();
  // Statements waiting for the migrations fail with them first, so the pool can end.
  const opened = migrated.then(
    () => {
      // While the folder opens (a fresh one can take seconds) every statement waits for it; once
      // open, a wait for the one connection is bounded like PostgreSQL's (pg-pool reads the
      // option at each checkout).
      pool.options.connectionTimeoutMillis = poolWaitMs;
    },
    async (error: unknown) => {
      await close();
      throw error;
    },
  );
  // Whoever opened the database early hears of a failure through `opened`, not as unhandled.
  opened.catch(() => undefined);

  const database: Database = {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'pglite',
    pool,
    ping: () => link.ping(),
    // Not waiting for the LISTEN: a cache built while the database opens must not hold up the
    // start; it serves nothing from memory until onState(true) (it has no requests before then).
    listen: async (channel, { onMessage, onState }) => {
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        listening.set(channel, pool.query(`listen ${pg.escapeIdentifier(channel)}`));
      }
      channelListeners.add(onMessage);
      listening.get(channel)!.then(
        () => onState?.(listeners.get(channel)?.has(onMessage) === true),
        () => onState?.(false),
      );
      return async () => {
        channelListeners.delete(onMessage);
        if (channelListeners.size > 0 || listeners.get(channel) !== channelListeners) return;
        listeners.delete(channel);
        listening.delete(channel);
        // A database already closed has no listener left to remove.
        await pool.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    close,
    onFailure: (listener) => link.onFailure(listener),
  };
  return { database, opened };
}

async function openPostgres(
  url: string,
  {
    poolMax,
    poolWaitMs,
    statementTimeoutMs,
  }: { poolMax: number; poolWaitMs: number; statementTimeoutMs: number },
): Promise<Database> {
  const migrationClient = new pg.Client({ connectionString: url });
  await migrationClient.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(migrationClient), { migrationsFolder });
  } finally {
    await migrationClient.end();
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: poolWaitMs,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // A server gone without a word (a network cut) is found by the kernel, not never.
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    pool,
    postgresUrl: url,
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => (closing ??= pool.end()),
    onFailure: () => undefined,
  };
}
