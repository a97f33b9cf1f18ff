// `npm run bench:http` (issue 7): GET /api/health with 50 connections for 10 s (autocannon) against
// the server as `npm start` runs it on PGlite, beside a bare Fastify and a bare Fastify answering
// from PGlite `select 1`, all in the same run. Prints req/s and latency; writes
// bench/results/http.json.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer, SERVER_ENTRY } from '../apps/server/build/build-server';
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

async function measure(name: string, args: string[], env: Record<string, string> = {}) {
  const child = await serve(args, env);
  try {
    const url = `http://127.0.0.1:${port}/api/health`;
    await autocannon({ url, connections: 50, duration: 2 }); // warm-up
    const run = await autocannon({ url, connections: 50, duration: DURATION_S });
    const result = {
      name,
      requestsPerSecond: Math.round(run.requests.average),
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

await buildServer();
const bare = path.join(root, 'apps/server/dist/bare-http.mjs');
fs.writeFileSync(bare, BARE);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-http-'));
try {
  const results = [
    await measure('bare Fastify', [bare]),
    await measure('bare Fastify + PGlite select 1', [bare], { WITH_PGLITE: '1' }),
    await measure('AeroPool on PGlite (npm start)', ['--enable-source-maps', SERVER_ENTRY], {
      DATA_DIR: dataDir,
    }),
  ];
  const file = writeResults('http', {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} CPUs`,
    connections: 50,
    seconds: DURATION_S,
    results,
  });
  console.log(`written ${path.relative(root, file)}`);
} finally {
  fs.rmSync(bare);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
