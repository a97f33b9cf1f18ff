import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRide } from '../test/ride-factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migration = fs.readFileSync(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    'migrations/0018_strip_bidi_controls.sql',
  ),
  'utf8',
);
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

it('migration 0018 drops bidi controls from the names, places and notices stored before it', async () => {
  const reversed = await t.signUp();
  const blank = await t.signUp();
  const ride = await createRide(t, reversed, { minutesAhead: 300 });
  const db = t.database.db;
  await db.execute(sql`update users set first_name = ${'\u202Enimda'}, last_name = ${'\u2068Rao\u2069'}
    where id = ${reversed.id}`);
  await db.execute(sql`update users set first_name = ${'\u202E\u202C'}, last_name = ${'Iyer'}
    where id = ${blank.id}`);
  await db.execute(
    sql`update ride_requests set place_name = ${'\u202DHSR\u202C Layout'} where id = ${ride._id}`,
  );
  await db.execute(sql`insert into notifications (user_id, kind, title, body, link, dedupe_key)
    values (${blank.id}, 'match-request', ${'New request'}, ${'\u202Enimda Rao asked to share'}, '/dashboard', 'k')`);

  for (const statement of migration.split('--> statement-breakpoint'))
    await db.execute(sql.raw(statement));

  const users = rowsOf(
    await db.execute(
      sql`select id, first_name, last_name from users where id in (${reversed.id}, ${blank.id})`,
    ),
  );
  expect(users).toEqual(
    expect.arrayContaining([
      { id: reversed.id, first_name: 'nimda', last_name: 'Rao' },
      { id: blank.id, first_name: ' ', last_name: 'Iyer' },
    ]),
  );
  const places = rowsOf(
    await db.execute(sql`select place_name from ride_requests where id = ${ride._id}`),
  );
  expect(places).toEqual([{ place_name: 'HSR Layout' }]);
  const notices = rowsOf(
    await db.execute(sql`select body from notifications where user_id = ${blank.id}`),
  );
  expect(notices).toEqual([{ body: 'nimda Rao asked to share' }]);
});
