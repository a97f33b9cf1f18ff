import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { users } from '../../db/schema';
import { lockDataDir } from '../../lib/data-dir-lock';
import { openTestDatabase } from '../../test/test-database';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, 'admin-cli.ts');
const onPostgres = process.env.TEST_DB === 'postgres';

/** `npm run admin -- …` as an operator types it, against the database the server would open. */
const admin = async (env: Record<string, string>, ...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
};

let dataDir: string;
let env: Record<string, string>;
let drop: () => Promise<void> = async () => undefined;
/** Opens the CLI's database for a moment: PGlite on disk allows one process at a time. */
let withDb: <T>(work: (database: Database) => Promise<T>) => Promise<T>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-admin-'));
  if (onPostgres) {
    const test = await openTestDatabase();
    drop = test.drop;
    env = { DATA_DIR: dataDir, DATABASE_URL: test.url! };
    withDb = (work) => work(test.database);
  } else {
    env = { DATA_DIR: dataDir };
    withDb = async (work) => {
      const database = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(dataDir, 'pglite'),
      });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    };
  }
  await withDb((database) =>
    database.db
      .insert(users)
      .values({ firstName: 'Ops', lastName: 'Person', email: 'ops@example.com' }),
  );
});
afterAll(async () => {
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('grants and revokes the operator role by e-mail, and lists operators', async () => {
    const granted = await admin(env, 'grant', 'OPS@example.com');
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.out).toContain('OPS@example.com is now an operator');
    const isOperator = () =>
      withDb(async (database) => {
        const [row] = await database.db
          .select({ isOperator: users.isOperator })
          .from(users)
          .where(eq(users.email, 'ops@example.com'));
        return row!.isOperator;
      });
    expect(await isOperator()).toBe(true);
    const listed = await admin(env, 'list');
    expect(listed.out).toContain('ops@example.com');
    // Which database the answer came from, without its password.
    expect(listed.out).toMatch(
      onPostgres ? /Database: PostgreSQL \S+ on 127\.0\.0\.1/ : `Database: embedded, in ${dataDir}`,
    );

    expect((await admin(env, 'revoke', 'ops@example.com')).code).toBe(0);
    expect(await isOperator()).toBe(false);
    expect((await admin(env, 'list')).out).toContain('No operators yet.');
  }, 60_000);

  it('says what is wrong: an unknown e-mail, a missing argument', async () => {
    const unknown = await admin(env, 'grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account uses nobody@example.com');
    const usage = await admin(env, 'grant');
    expect(usage.code).toBe(64);
    expect(usage.out).toContain('Usage: npm run admin -- grant <email>');
  }, 60_000);

  it('refuses a data folder without a database instead of making an empty one', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-admin-none-'));
    try {
      const none = await admin({ DATA_DIR: elsewhere }, 'grant', 'ops@example.com');
      expect(none.code).toBe(66);
      expect(none.out).toContain(`No AeroPool database in ${path.join(elsewhere, 'pglite')}`);
      expect(fs.readdirSync(elsewhere)).toEqual([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(onPostgres)(
    'on PGlite, refuses while a server holds the data folder',
    async () => {
      const unlock = lockDataDir(dataDir);
      try {
        const locked = await admin(env, 'list');
        expect(locked.code).toBe(75);
        expect(locked.out).toContain('stop the server, run this again');
      } finally {
        unlock();
      }
    },
    60_000,
  );
});
