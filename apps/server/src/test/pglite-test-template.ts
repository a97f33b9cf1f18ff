import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/database';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../..');
const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/** The environment variable through which the test run hands the template to its workers. */
export const TEST_TEMPLATE_ENV = 'AEROPOOL_TEST_PGLITE_TEMPLATE';

/** What the template is made of: every migration file and the PGlite release running them. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update(fs.readFileSync(full));
  }
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(fs.readFileSync(path.join(path.dirname(pgliteEntry), '../package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite cluster for the API tests, made once and kept under node_modules/.cache
 * until a migration or PGlite changes. Each test file's database starts as a copy of it, as a new
 * data folder starts from the build's template: about 1 s instead of 5 s of initdb and migrations
 * in memory, for every one of the suite's ~60 databases on PGlite.
 */
export async function ensurePgliteTestTemplate(): Promise<string> {
  const cacheDir = path.resolve(serverRoot, '../../node_modules/.cache/aeropool');
  const dir = path.join(cacheDir, `pglite-test-template-${templateKey()}`);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  fs.mkdirSync(cacheDir, { recursive: true });
  // Made under a name of its own and renamed into place: another run making it at the same time,
  // or one cut off half way, never leaves a half cluster under the final name.
  const staging = fs.mkdtempSync(`${dir}.staging-`);
  const migrated = await openDatabase({ kind: 'pglite', dataDir: staging });
  await migrated.close();
  try {
    fs.renameSync(staging, dir);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
