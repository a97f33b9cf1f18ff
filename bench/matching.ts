/**
 * npm run bench:matching — p50/p95/p99 of GET /api/ride-request/potential-matches-and-requests
 * (in process, through Fastify inject) with 10,000 and 100,000 Active requests spread over
 * Bengaluru and one week, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on
 * PostgreSQL. Writes bench/results/matching.json. Targets: p95 < 20 ms at 100,000 on PostgreSQL,
 * and at most 2x from 10,000 to 100,000.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadSecrets } from '../apps/server/src/lib/secrets';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import { seedRides } from './lib/seed-rides';
import { summarise, writeResults } from './lib/stats';
import { benchConfig } from './lib/bench-config';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const WARMUP = 50;
const MEASURED = Number(process.env.BENCH_REQUESTS ?? 500);

async function run(kind: 'pglite' | 'postgres', n: number) {
  process.env.TEST_DB = kind;
  const { database, drop } = await openTestDatabase();
  try {
    const started = Date.now();
    await seedRides(database.db, n);
    const seedMs = Date.now() - started;
    const config = benchConfig();
    const app = await buildApp({ config, database, secrets: loadSecrets(config) });
    await app.ready();

    const sample = (await database.db.execute(sql`
      select r.id, r.rider_id from ride_requests r order by random() limit ${WARMUP + MEASURED}`)) as unknown as
      { rows: { id: string; rider_id: string }[] } | { id: string; rider_id: string }[];
    const rows = Array.isArray(sample) ? sample : sample.rows;
    const timings: number[] = [];
    let found = 0;
    for (const [index, row] of rows.entries()) {
      const token = await app.sessions.issue(row.rider_id);
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/ride-request/potential-matches-and-requests/${row.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(res.body);
      if (index >= WARMUP) {
        timings.push(ms);
        found += res.json().entities[0].potentialMatches.length;
      }
    }
    await app.close();
    const result = {
      database: kind,
      requests: n,
      seedMs,
      ...summarise(timings),
      meanPotentialMatches: Math.round(found / timings.length),
    };
    console.log(
      `${kind.padEnd(8)} ${String(n).padStart(7)} requests: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms (mean ${result.meanPotentialMatches} matches shown, seeded in ${seedMs} ms)`,
    );
    return result;
  } finally {
    await drop();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
const kinds: ('pglite' | 'postgres')[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresUrl)
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.');

const results: Awaited<ReturnType<typeof run>>[] = [];
for (const kind of kinds) for (const n of SIZES) results.push(await run(kind, n));

const growth = Object.fromEntries(
  kinds.map((kind) => {
    const small = results.find((r) => r.database === kind && r.requests === SIZES[0]);
    const large = results.find((r) => r.database === kind && r.requests === SIZES.at(-1));
    return [kind, small && large ? Math.round((large.p95 / small.p95) * 100) / 100 : null];
  }),
);
console.log('p95 growth from smallest to largest:', growth);
const file = writeResults('matching', {
  when: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
  },
  targets: { postgresP95At100kMs: 20, maxP95GrowthFactor: 2 },
  results,
  p95Growth: growth,
});
console.log(`written to ${file}`);
