/**
 * npm run bench:explain (issue 7, decision 010): EXPLAIN (ANALYZE, BUFFERS) of the match
 * candidate statement on PostgreSQL with 100,000 Active requests, for riders in the densest and
 * in sparse parts of the city, with the grid-cell index and (the baseline, in the same run) with
 * it dropped inside a rolled-back transaction. The statement is the app's own: captured from the
 * driver while the app answers a real request. Writes bench/results/explain-candidates.json.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { loadSecrets } from '../apps/server/src/lib/secrets';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import { seedRides } from './lib/seed-rides';
import { writeResults } from './lib/stats';

const N = Number(process.env.BENCH_SIZE ?? 100_000);
const SAMPLES = 20;
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('bench:explain needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  process.exit(78);
}
process.env.TEST_DATABASE_URL = url;
process.env.TEST_DB = 'postgres';

type Captured = { text: string; values: unknown[] };
type Plan = {
  'Execution Time': number;
  Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
};

const { database, drop, url: dbUrl } = await openTestDatabase();
try {
  await seedRides(database.db, N);
  await database.db.execute(sql`analyze ride_requests`);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
  const app = await buildApp({ config, database, secrets: loadSecrets(config) });
  await app.ready();

  // Riders by how many other Active requests lie within 2 km of their place: densest and sparsest.
  const result = await database.db.execute(sql`
    select id, rider_id, (select count(*) from ride_requests o where o.status = 'Active'
      and abs(o.place_latitude - r.place_latitude) < 0.02 and abs(o.place_longitude - r.place_longitude) < 0.02) as nearby
    from (select * from ride_requests where status = 'Active' and time_of_travel > now() order by random() limit 400) r
    order by nearby desc`);
  const riders = (result as unknown as { rows: { id: string; rider_id: string; nearby: string }[] })
    .rows;
  const groups = { dense: riders.slice(0, SAMPLES), sparse: riders.slice(-SAMPLES) };

  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const capture = async (row: { id: string; rider_id: string }): Promise<Captured> => {
    let captured: Captured | undefined;
    const original = client.query.bind(client);
    (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const q = config as { text?: string; values?: unknown[] };
      if (q.text?.includes('grid_cell')) {
        captured = { text: q.text, values: q.values ?? (rest[0] as unknown[] | undefined) ?? [] };
      }
      return (original as (...args: unknown[]) => unknown)(config, ...rest);
    };
    try {
      const token = await app.sessions.issue(row.rider_id);
      const res = await app.inject({
        method: 'GET',
        url: `/api/ride-request/potential-matches-and-requests/${row.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
    } finally {
      (client as { query: unknown }).query = original;
    }
    return captured!;
  };

  const explainer = new pg.Client({ connectionString: dbUrl });
  explainer.on('error', () => undefined); // dropped with the database at the end
  await explainer.connect();
  const explain = async (q: Captured, dropIndex: boolean) => {
    await explainer.query('begin');
    try {
      // The baseline is the index before decision 010 (since dropped: nothing else read it).
      if (dropIndex) {
        await explainer.query('drop index ride_requests_open_cell_time_idx');
        await explainer.query(`create index ride_requests_direction_time_baseline
          on ride_requests (direction, time_of_travel) where status in ('Active', 'Matched')`);
      }
      const res = await explainer.query(
        `explain (analyze, buffers, format json) ${q.text}`,
        q.values,
      );
      return (res.rows[0]['QUERY PLAN'] as Plan[])[0]!;
    } finally {
      await explainer.query('rollback');
    }
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const out: Record<string, unknown> = {};
  for (const [name, rows] of Object.entries(groups)) {
    const queries = [];
    for (const row of rows) queries.push(await capture(row));
    for (const dropIndex of [true, false]) {
      const plans = [];
      for (const q of queries) {
        await explain(q, dropIndex); // warm
        plans.push(await explain(q, dropIndex));
      }
      const figures = {
        nearbyMedian: median(rows.map((r) => Number(r.nearby))),
        executionMsMedian: Math.round(median(plans.map((p) => p['Execution Time'])) * 1000) / 1000,
        buffersMedian: median(
          plans.map((p) => p.Plan['Shared Hit Blocks'] + p.Plan['Shared Read Blocks']),
        ),
      };
      const label = `${name}, ${dropIndex ? '(direction, time) index only' : 'grid-cell index'}`;
      out[label] = figures;
      console.log(label.padEnd(48), JSON.stringify(figures));
    }
  }
  await explainer.end();
  await app.close();
  const file = writeResults('explain-candidates', {
    when: new Date().toISOString(),
    requests: N,
    results: out,
  });
  console.log(`written to ${file}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await drop();
}
