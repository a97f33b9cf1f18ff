import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../database';

/**
 * An empty, migrated database cluster the build leaves beside the compiled server (issue 7). A new
 * data folder starts as a copy of it instead of running PGlite's initdb (seconds, and hundreds of
 * megabytes of WebAssembly heap never given back) or loading a dump (which unpacks it inside the
 * WebAssembly heap). Absent when run from the TypeScript sources.
 */
export const PGLITE_TEMPLATE_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'pglite-template',
);

/**
 * Leaves the template with the one database the app uses. A new data folder is copied from it at
 * its first start, on the database's thread while the server builds its app; the cluster's
 * template databases (template0 and template1, half its files) serve only CREATE DATABASE, which
 * the app never runs (issue 7: the copy took ~1 s of a fresh start on a busy machine).
 */
export async function trimTemplate(database: Database): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await database.pool.query(`alter database ${name} is_template false`);
    await database.pool.query(`drop database ${name}`);
  }
  await database.pool.query('checkpoint');
}
