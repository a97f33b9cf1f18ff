/**
 * npm run admin -- grant <email> | revoke <email> | list
 * Opens the same database the server uses (DATABASE_URL, else PGlite under DATA_DIR). PGlite
 * allows one process: stop the server first; it picks the change up when started again.
 */
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
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
