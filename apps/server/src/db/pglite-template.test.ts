import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { trimTemplate } from './pglite/template';
import { appSecrets } from './schema';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(onPostgres)('a new PGlite data folder from the build template', () => {
  // Made here, not at the file's top: a skipped describe runs neither hook.
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-template-test-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('starts from the template (migrated, with its rows), and an existing folder ignores it', async () => {
    const template = path.join(root, 'template');
    const made = await openDatabase({ kind: 'pglite', dataDir: template });
    await made.db.insert(appSecrets).values({ name: 'marker', value: 'from-template' });
    await trimTemplate(made);
    await made.close();

    const fresh = path.join(root, 'fresh');
    const opened = await openDatabase({ kind: 'pglite', dataDir: fresh, template });
    const marker = await opened.db.select().from(appSecrets).where(eq(appSecrets.name, 'marker'));
    expect(marker).toEqual([{ name: 'marker', value: 'from-template' }]);
    // Sized for one process, not Postgres' shared-server defaults (memory, issue 7), and no
    // zero-filled WAL segments (a write stall).
    const settings = await opened.db.execute(
      sql`select current_setting('shared_buffers') as buffers, current_setting('wal_init_zero') as zero`,
    );
    expect((settings as unknown as { rows: unknown[] }).rows).toEqual([
      { buffers: '32MB', zero: 'off' },
    ]);
    // Copied without the cluster's template databases, which the app never uses.
    const databases = await opened.db.execute(sql`select datname from pg_database`);
    expect((databases as unknown as { rows: unknown[] }).rows).toEqual([{ datname: 'postgres' }]);
    await opened.db.delete(appSecrets);
    await opened.close();
    expect(fs.existsSync(path.join(fresh, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(`${fresh}.from-template`)).toBe(false);

    // The folder now holds its own cluster: the template is not loaded over it again.
    const reopened = await openDatabase({ kind: 'pglite', dataDir: fresh, template });
    expect(await reopened.db.select().from(appSecrets)).toEqual([]);
    await reopened.close();

    // The template itself is untouched by the copies made from it.
    const again = await openDatabase({ kind: 'pglite', dataDir: template });
    expect(await again.db.select().from(appSecrets)).toHaveLength(1);
    await again.close();

    // An empty folder (made by hand) starts from the template too.
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    const fromEmpty = await openDatabase({ kind: 'pglite', dataDir: empty, template });
    expect(await fromEmpty.db.select().from(appSecrets)).toHaveLength(1);
    await fromEmpty.close();

    // Without a template a new folder is created as before.
    const plain = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(root, 'plain'),
      template: path.join(root, 'missing'),
    });
    expect(await plain.db.select().from(appSecrets)).toEqual([]);
    await plain.close();
    // Two clusters made and migrated from nothing: 18 s alone, over 60 s on a loaded machine.
  }, 180_000);
});
