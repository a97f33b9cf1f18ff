import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
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
   * dataDir undefined means in memory (tests). A new data folder starts from `template` (a
   * PGlite data-dir dump) when the file exists.
   */
  | { kind: 'pglite'; dataDir?: string; template?: string };

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, 'migrations');
/**
 * An empty, migrated database cluster the build dumps beside the compiled server (issue 7). A new
 * data folder starts from it instead of running PGlite's initdb, which takes seconds and leaves
 * hundreds of megabytes of WebAssembly heap behind. Absent when run from the TypeScript sources.
 */
export const PGLITE_TEMPLATE = path.join(here, 'pglite-template.tar.gz');

/** Writes a PGlite data folder as a gzipped dump, the form `template` above reads. */
export async function dumpPgliteDataDir(dataDir: string, file: string): Promise<void> {
  const client = new PGlite(dataDir);
  // dumpDataDir before the client is ready never settles.
  await client.waitReady;
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/** Serialises migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_720_451;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolMax ?? 10);
  return openPglite(options.dataDir, options.template);
}

const isNewCluster = (dataDir: string) => !fs.existsSync(path.join(dataDir, 'PG_VERSION'));

async function openPglite(
  dataDir: string | undefined,
  templateFile: string | undefined,
): Promise<Database> {
  const template =
    dataDir && templateFile && isNewCluster(dataDir) && fs.existsSync(templateFile)
      ? new Blob([fs.readFileSync(templateFile)])
      : undefined;
  const client = dataDir
    ? new PGlite(dataDir, template ? { loadDataDir: template } : {})
    : new PGlite();
  await client.waitReady;
  const { forDrizzle, withOriginalParsers } = shareDrizzleParsers(client);
  const db = drizzlePglite(forDrizzle, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(forDrizzle), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    pglite: withOriginalParsers,
    ping: async () => {
      await db.execute(sql`select 1`);
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
      await db.execute(sql`select 1`);
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
