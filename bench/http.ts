// `npm run bench:http` (issue 7), 50 connections for 10 s each (autocannon), all in the same run:
// - GET /api/health on the server as `npm start` runs it on PGlite, beside a bare Fastify and a
//   bare Fastify answering from PGlite `select 1` (the two baselines);
// - an authenticated GET potential-matches-and-requests with 10k open requests on PGlite and, when
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, 100k on PostgreSQL; each also as a browser
//   asks it (Accept-Encoding), since the answer a rider's browser receives is compressed.
// Every row runs BENCH_ROUNDS times (3 unless told), the rows alternating within each round, so
// the machine's noise falls on all of them alike; prints and writes the medians, each run's
// figures and the ratios to the baselines to bench/results/http.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild, waitForHealthy } from './lib/child';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import { seedRides } from './lib/seed-rides';
import { buildServer } from '../apps/server/build/build-server';
import { npmStartArgs } from './lib/npm-start';
import { writeResults } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
let port = 4900 + Math.floor(Math.random() * 300);

const BARE = `import Fastify from 'fastify';
const app = Fastify();
const db = process.env.WITH_PGLITE ? new (await import('@electric-sql/pglite')).PGlite() : null;
app.get('/api/health', async () => {
  if (db) await db.query('select 1');
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

async function serve(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  port += 1;
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitForHealthy(child, `http://127.0.0.1:${port}/api/health`);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return child;
}

type Target = {
  path: string;
  headers?: Record<string, string>;
  /** Writing requests sent beside the load (each drops the potential-matches cache, issue 7). */
  writesPerSecond?: number;
};

type Row = { name: string; args: string[]; env?: Record<string, string>; target?: Target };
type Run = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  writes?: { ok: number; failed: number };
};

async function measure({ name, args, env = {}, target = { path: '/api/health' } }: Row) {
  const child = await serve(args, env);
  try {
    const options = {
      url: `http://127.0.0.1:${port}${target.path}`,
      headers: target.headers,
      connections: 50,
    };
    await autocannon({ ...options, duration: 2 }); // warm-up
    // A rider's write (marking notifications read) drops every cached answer, as any would.
    const writes = { ok: 0, failed: 0 };
    const writer = target.writesPerSecond
      ? setInterval(() => {
          fetch(`http://127.0.0.1:${port}/api/notifications/read`, {
            method: 'POST',
            headers: { ...target.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ all: true }),
          }).then(
            (response) => (response.ok ? (writes.ok += 1) : (writes.failed += 1)),
            () => (writes.failed += 1),
          );
        }, 1000 / target.writesPerSecond)
      : undefined;
    let run: autocannon.Result;
    try {
      run = await autocannon({ ...options, duration: DURATION_S });
    } finally {
      clearInterval(writer);
    }
    const result: Run = {
      requestsPerSecond: Math.round(run.requests.average),
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
      // As counted now: writes still in flight are not the run's.
      ...(target.writesPerSecond ? { writes: { ...writes } } : {}),
    };
    console.log(JSON.stringify({ name, ...result }));
    return result;
  } finally {
    await stopChild(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

/** Each row ROUNDS times, in turn; the medians of its runs, and the runs themselves. */
async function measureInRounds(rows: Row[]) {
  const runs: Run[][] = rows.map(() => []);
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`round ${round} of ${ROUNDS}`);
    for (const [i, row] of rows.entries()) runs[i]!.push(await measure(row));
  }
  return rows.map((row, i) => {
    const own = runs[i]!;
    return {
      name: row.name,
      requestsPerSecond: median(own.map((run) => run.requestsPerSecond)),
      latencyP50Ms: median(own.map((run) => run.latencyP50Ms)),
      latencyP99Ms: median(own.map((run) => run.latencyP99Ms)),
      non2xx: own.reduce((sum, run) => sum + run.non2xx, 0),
      errors: own.reduce((sum, run) => sum + run.errors, 0),
      runs: own,
    };
  });
}

const JWT_SECRET = randomBytes(32).toString('hex');

/**
 * Seeds `n` open requests and answers the potential-matches request of a rider near the middle of
 * the seeded area (where candidates are densest), with a token for a session of theirs.
 */
async function potentialMatchesTarget(database: Database, n: number): Promise<Target> {
  await seedRides(database.db, n);
  const picked = await database.db.execute(sql`
    select id, rider_id from ride_requests where status = 'Active' and time_of_travel > now() + interval '1 hour'
    order by abs(place_latitude - 12.9) + abs(place_longitude - 77.6) limit 1`);
  const [ride] = (picked as unknown as { rows: { id: string; rider_id: string }[] }).rows;
  const session = await database.db.execute(sql`
    insert into sessions (user_id, expires_at) values (${ride!.rider_id}, now() + interval '1 day')
    returning id`);
  const [{ id: sid }] = (session as unknown as { rows: { id: string }[] }).rows as [{ id: string }];
  const token = await new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(ride!.rider_id)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET));
  return {
    path: `/api/ride-request/potential-matches-and-requests/${ride!.id}`,
    headers: { authorization: `Bearer ${token}` },
  };
}

const BARE_FASTIFY = 'bare Fastify';
const BARE_WITH_PGLITE = 'bare Fastify + PGlite select 1';

/** Browsers ask for compressed answers; the rows above measure the bare request of the issue. */
const AS_A_BROWSER = 'the same, asking for a compressed answer as browsers do (Accept-Encoding)';
const asABrowser = (target: Target): Target => ({
  ...target,
  headers: { ...target.headers, 'accept-encoding': 'gzip, deflate, br' },
});

await buildServer();
const bare = path.join(root, 'apps/server/dist/bare-http.mjs');
fs.writeFileSync(bare, BARE);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-http-'));
const matchesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-http-matches-'));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let dropPostgres = async () => {};
try {
  const server = npmStartArgs();
  const rows: Row[] = [
    { name: BARE_FASTIFY, args: [bare] },
    { name: BARE_WITH_PGLITE, args: [bare], env: { WITH_PGLITE: '1' } },
    { name: 'AeroPool on PGlite (npm start)', args: server, env: { DATA_DIR: dataDir } },
  ];
  const potentialMatchesRows = (name: string, env: Record<string, string>, target: Target) => [
    { name, args: server, env, target },
    {
      name: "the same, with a rider's write 10 times a second beside it (each drops every answer)",
      args: server,
      env,
      target: { ...target, writesPerSecond: 10 },
    },
    { name: AS_A_BROWSER, args: server, env, target: asABrowser(target) },
  ];

  const seeded = await openDatabase({ kind: 'pglite', dataDir: path.join(matchesDir, 'pglite') });
  const pgliteTarget = await potentialMatchesTarget(seeded, 10_000);
  await seeded.close();
  rows.push(
    ...potentialMatchesRows(
      'potential-matches-and-requests, PGlite, 10k open requests',
      { DATA_DIR: matchesDir, JWT_SECRET },
      pgliteTarget,
    ),
  );

  if (postgresUrl) {
    process.env.TEST_DB = 'postgres';
    process.env.TEST_DATABASE_URL = postgresUrl;
    const { database, url, drop } = await openTestDatabase();
    dropPostgres = drop;
    const target = await potentialMatchesTarget(database, 100_000);
    rows.push(
      ...potentialMatchesRows(
        'potential-matches-and-requests, PostgreSQL, 100k open requests',
        { DATABASE_URL: url!, DATA_DIR: dataDir, JWT_SECRET },
        target,
      ),
    );
  } else {
    console.log('PostgreSQL run skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  }

  const results = await measureInRounds(rows);
  const rps = (name: string) => results.find((row) => row.name === name)!.requestsPerSecond;
  const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 100) / 100;
  const health = rps('AeroPool on PGlite (npm start)');
  for (const row of results)
    console.log(
      `${row.name}: median ${row.requestsPerSecond} req/s, p99 ${row.latencyP99Ms} ms (${row.runs.map((run) => run.requestsPerSecond).join(', ')})`,
    );
  const file = writeResults('http', {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} CPUs`,
    connections: 50,
    seconds: DURATION_S,
    rounds: ROUNDS,
    targets: {
      healthOnPglite: '>= 8,000 req/s',
      potentialMatchesPostgres100k: '>= 2,000 req/s, p99 <= 50 ms',
      potentialMatchesPglite10k: '>= 1,000 req/s, p99 <= 100 ms',
    },
    // The health check's median against the baselines' medians of the same rounds.
    healthRatios: {
      toBareFastify: ratio(health, rps(BARE_FASTIFY)),
      toBareFastifyWithPglite: ratio(health, rps(BARE_WITH_PGLITE)),
    },
    results,
  });
  console.log(`written ${path.relative(root, file)}`);
} finally {
  await dropPostgres();
  fs.rmSync(bare, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(matchesDir, { recursive: true, force: true });
}
