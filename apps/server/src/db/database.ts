import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { shareDrizzleParsers } from './pglite-parsers';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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
  /** The embedded database's client (the job runner talks to it directly). */
  pglite?: PGlite;
  ping(): Promise<void>;
  /**
   * Runs `onMessage` for every NOTIFY on `channel` (delivered after the sender's commit, to every
   * instance). `onState(false)` says notifications may be missed until `onState(true)`.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type ListenHandlers = {
  onMessage(payload: string): void;
  onState?(isListening: boolean): void;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  /**
   * dataDir undefined means in memory (tests). A new data folder starts as a copy of `template`
   * (a closed PGlite data folder) when it exists.
   */
  | { kind: 'pglite'; dataDir?: string; template?: string };

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, 'migrations');
/**
 * An empty, migrated database cluster the build leaves beside the compiled server (issue 7). A new
 * data folder starts as a copy of it instead of running PGlite's initdb (seconds, and hundreds of
 * megabytes of WebAssembly heap never given back) or loading a dump (which unpacks it inside the
 * WebAssembly heap). Absent when run from the TypeScript sources.
 */
export const PGLITE_TEMPLATE = path.join(here, 'pglite-template');

/**
 * Postgres' own defaults inside PGlite size its shared memory for a shared server (160 MB of
 * buffers), and WebAssembly never gives memory back: the default alone left ~335 MB resident on
 * opening a data folder, against ~200 MB with these (issue 7, docs/performance.md). One process
 * is the only client, so a few connection slots and a 32 MB buffer cache are enough; the
 * operating system's page cache still holds the files beneath it.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=32MB', '-c', 'wal_buffers=1MB', '-c', 'max_connections=5'],
];

/** Serialises migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_720_451;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolMax ?? 10);
  return openPglite(options.dataDir, options.template);
}

const isNewCluster = (dataDir: string) => !fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Copies the template beside the data folder and renames it into place, so a start cut off while
 * copying leaves no half cluster behind. Only an absent or empty folder is replaced: a folder
 * holding anything else is left to PGlite, never deleted.
 */
function startFromTemplate(dataDir: string, templateDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return;
  const staging = `${dataDir}.from-template`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(templateDir, staging, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(staging, dataDir);
}

async function openPglite(
  dataDir: string | undefined,
  templateDir: string | undefined,
): Promise<Database> {
  if (dataDir && templateDir && isNewCluster(dataDir) && fs.existsSync(templateDir)) {
    startFromTemplate(dataDir, templateDir);
  }
  const client = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
  await client.waitReady;
  const { forDrizzle, withOriginalParsers } = shareDrizzleParsers(client);
  const db = drizzlePglite(forDrizzle, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(forDrizzle), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    pglite: withOriginalParsers,
    // The simple protocol, straight to the engine: a quarter of drizzle's prepared round trip,
    // which was most of a health check's cost (issue 7).
    ping: async () => {
      await client.exec('select 1');
    },
    listen: async (channel, { onMessage, onState }) => {
      const unlisten = await client.listen(channel, onMessage);
      onState?.(true);
      // A database already closed has no listener left to remove.
      return async () => {
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const migrationClient = new pg.Client({ connectionString: url });
  await migrationClient.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(migrationClient), { migrationsFolder });
  } finally {
    await migrationClient.end();
  }

  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    postgresUrl: url,
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

const LISTEN_RETRY_MS = 1000;

/** A dedicated connection for LISTEN that reconnects after a failure, reporting its state. */
async function listenPostgres(
  url: string,
  channel: string,
  { onMessage, onState }: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const fail = () => {
      if (client !== next) return;
      client = undefined;
      onState?.(false);
      void next.end().catch(() => undefined);
      if (!stopped)
        retry = setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS);
    };
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client === next && !stopped) onState?.(true);
    } catch (error) {
      fail();
      throw error;
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}
