/**
 * npm run admin -- grant <email> | revoke <email> | list
 * Opens the same database the server uses (DATABASE_URL, else PGlite under DATA_DIR). PGlite
 * allows one process: stop the server first; it picks the change up when started again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { DataDirLockedError, lockDataDir } from '../../lib/data-dir-lock';
import { listOperators, setOperator } from './operator-role';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (
    !command ||
    !['grant', 'revoke', 'list'].includes(command) ||
    (command !== 'list' && !email)
  ) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const embeddedDir = path.join(config.dataDir, 'pglite');
  if (!config.DATABASE_URL && !fs.existsSync(path.join(embeddedDir, 'PG_VERSION'))) {
    // A shell without the server's environment would otherwise make an empty database here and
    // answer that nobody has an account.
    console.error(
      `No AeroPool database in ${embeddedDir}. Run this with the server's DATA_DIR, or with its DATABASE_URL when it runs on PostgreSQL.`,
    );
    return 66;
  }
  // Said first, so an operator sees which database an answer comes from.
  console.error(`Database: ${describeDatabase(config.DATABASE_URL, embeddedDir)}`);
  let unlock = () => {};
  if (!config.DATABASE_URL) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(
          `${error.message}\nThe embedded database allows one process: stop the server, run this again, then start it.`,
        );
        return 75;
      }
      throw error;
    }
  }
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolMax: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: embeddedDir });
  try {
    if (command === 'list') {
      const operators = await listOperators(database.db);
      console.log(operators.length > 0 ? operators.join('\n') : 'No operators yet.');
      return 0;
    }
    const outcome = await setOperator(database.db, email!, command === 'grant');
    if (outcome === 'no-such-rider') {
      console.error(`No account uses ${email}. The rider signs up first, then you grant the role.`);
      return 1;
    }
    console.log(
      command === 'grant'
        ? `${email} is now an operator: /admin opens for them at their next page load.`
        : `${email} is no longer an operator.`,
    );
    return 0;
  } finally {
    await database.close();
    unlock();
  }
}

/** Where the tool writes, without the password. */
function describeDatabase(url: string | undefined, embeddedDir: string): string {
  if (!url) return `embedded, in ${embeddedDir}`;
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL ${pathname.slice(1) || '(default)'} on ${hostname}${port ? `:${port}` : ''}`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
