// `npm run bench:http` (issue 7), 50 connections for 10 s each (autocannon), all in the same run:
// - GET /api/health on the server as `npm start` runs it on PGlite, beside a bare Fastify and a
//   bare Fastify answering from PGlite `select 1`;
// - an authenticated GET potential-matches-and-requests with 10k open requests on PGlite and, when
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, 100k on PostgreSQL; each also as a browser
//   asks it (Accept-Encoding), since the answer a rider's browser receives is compressed.
// Prints req/s and latency; writes bench/results/http.json.
import { spawn, type ChildProcess } from 'node:child_process';
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
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Target = {
  path: string;
  headers?: Record<string, string>;
  /** Writing requests sent beside the load (each drops the potential-matches cache, issue 7). */
  writesPerSecond?: number;
};

async function measure(
  name: string,
  args: string[],
  env: Record<string, string> = {},
  target: Target = { path: '/api/health' },
) {
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
    const result = {
      name,
      requestsPerSecond: Math.round(run.requests.average),
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
      ...(target.writesPerSecond ? { writes } : {}),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
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
try {
  const server = npmStartArgs();
  const results = [
    await measure('bare Fastify', [bare]),
    await measure('bare Fastify + PGlite select 1', [bare], { WITH_PGLITE: '1' }),
    await measure('AeroPool on PGlite (npm start)', server, { DATA_DIR: dataDir }),
  ];

  const seeded = await openDatabase({ kind: 'pglite', dataDir: path.join(matchesDir, 'pglite') });
  const pgliteTarget = await potentialMatchesTarget(seeded, 10_000);
  await seeded.close();
  results.push(
    await measure(
      'potential-matches-and-requests, PGlite, 10k open requests',
      server,
      { DATA_DIR: matchesDir, JWT_SECRET },
      pgliteTarget,
    ),
    await measure(
      "the same, with a rider's write 10 times a second beside it (each drops every answer)",
      server,
      { DATA_DIR: matchesDir, JWT_SECRET },
      { ...pgliteTarget, writesPerSecond: 10 },
    ),
    await measure(
      AS_A_BROWSER,
      server,
      { DATA_DIR: matchesDir, JWT_SECRET },
      asABrowser(pgliteTarget),
    ),
  );

  if (postgresUrl) {
    process.env.TEST_DB = 'postgres';
    process.env.TEST_DATABASE_URL = postgresUrl;
    const { database, url, drop } = await openTestDatabase();
    try {
      const target = await potentialMatchesTarget(database, 100_000);
      results.push(
        await measure(
          'potential-matches-and-requests, PostgreSQL, 100k open requests',
          server,
          { DATABASE_URL: url!, DATA_DIR: dataDir, JWT_SECRET },
          target,
        ),
        await measure(
          "the same, with a rider's write 10 times a second beside it (each drops every answer)",
          server,
          { DATABASE_URL: url!, DATA_DIR: dataDir, JWT_SECRET },
          { ...target, writesPerSecond: 10 },
        ),
        await measure(
          AS_A_BROWSER,
          server,
          { DATABASE_URL: url!, DATA_DIR: dataDir, JWT_SECRET },
          asABrowser(target),
        ),
      );
    } finally {
      await drop();
    }
  } else {
    console.log('PostgreSQL run skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  }

  const file = writeResults('http', {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} CPUs`,
    connections: 50,
    seconds: DURATION_S,
    targets: {
      healthOnPglite: '>= 8,000 req/s',
      potentialMatchesPostgres100k: '>= 2,000 req/s, p99 <= 50 ms',
      potentialMatchesPglite10k: '>= 1,000 req/s, p99 <= 100 ms',
    },
    results,
  });
  console.log(`written ${path.relative(root, file)}`);
} finally {
  fs.rmSync(bare);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(matchesDir, { recursive: true, force: true });
}
