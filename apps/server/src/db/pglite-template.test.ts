import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpPgliteDataDir, openDatabase } from './database';
import { appSecrets } from './schema';

const onPostgres = process.env.TEST_DB === 'postgres';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-template-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.skipIf(onPostgres)('a new PGlite data folder from the build template', () => {
  it('starts from the template (migrated, with its rows), and an existing folder ignores it', async () => {
    const source = path.join(root, 'source');
    const made = await openDatabase({ kind: 'pglite', dataDir: source });
    await made.db.insert(appSecrets).values({ name: 'marker', value: 'from-template' });
    await made.close();
    const template = path.join(root, 'template.tar.gz');
    await dumpPgliteDataDir(source, template);

    const fresh = path.join(root, 'fresh');
    const opened = await openDatabase({ kind: 'pglite', dataDir: fresh, template });
    const marker = await opened.db.select().from(appSecrets).where(eq(appSecrets.name, 'marker'));
    expect(marker).toEqual([{ name: 'marker', value: 'from-template' }]);
    await opened.db.delete(appSecrets);
    await opened.close();
    expect(fs.existsSync(path.join(fresh, 'PG_VERSION'))).toBe(true);

    // The folder now holds its own cluster: the template is not loaded over it again.
    const reopened = await openDatabase({ kind: 'pglite', dataDir: fresh, template });
    expect(await reopened.db.select().from(appSecrets)).toEqual([]);
    await reopened.close();

    // Without a template file a new folder is created as before.
    const plain = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(root, 'plain'),
      template: path.join(root, 'missing.tar.gz'),
    });
    expect(await plain.db.select().from(appSecrets)).toEqual([]);
    await plain.close();
  }, 60_000);
});
