import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type PoolLimits } from '../db/database';
import { TEST_TEMPLATE_ENV } from './pglite-test-template';

/**
 * Each test file gets a clean database: a fresh PGlite, or (TEST_DB=postgres) a new database on
 * the TEST_DATABASE_URL server, dropped at the end. An unreachable PostgreSQL fails the run rather
 * than skipping it. Under Vitest a PGlite database is a temporary folder copied from the run's
 * migrated template (test/global-setup.ts); elsewhere (the benchmarks) it is in memory.
 */
export async function openTestDatabase(options: PoolLimits = {}): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  if (process.env.TEST_DB !== 'postgres') return openPgliteTestDatabase(options);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `aeropool_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolMax: 5,
    ...options,
  });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function openPgliteTestDatabase(
  options: PoolLimits,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const template = process.env[TEST_TEMPLATE_ENV];
  if (!template) {
    const database = await openDatabase({ kind: 'pglite', ...options });
    return { database, drop: () => database.close() };
  }
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-test-db-'));
  const remove = () => fs.rmSync(parent, { recursive: true, force: true });
  try {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(parent, 'pglite'),
      template,
      ...options,
    });
    return {
      database,
      async drop() {
        await database.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
