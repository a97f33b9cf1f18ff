// `npm run bench:start` (issue 7): cold start to a healthy /api/health and idle memory, for the
// server run through tsx (TypeScript compiled at start, as before) and compiled once (dist/, what
// `npm start` runs now), each on a fresh and on an existing data folder, beside a bare Fastify
// in the same run. Five runs each; prints medians; writes bench/results/start.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopChild, waitForHealthy } from './lib/child';
import { npmStartArgs } from './lib/npm-start';
import { writeResults } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;
let port = 4600 + Math.floor(Math.random() * 300);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rssMb = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};

/** Milliseconds from spawn to the first 200 from /api/health, and the RSS 2 s after that. */
async function startOnce(args: string[], env: Record<string, string>) {
  port += 1;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitForHealthy(child, `http://127.0.0.1:${port}/api/health`);
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { readyMs, rssMb: rssMb(child.pid!) };
  } finally {
    await stopChild(child);
  }
}

async function measure(name: string, args: string[], withData: boolean) {
  const fresh: { readyMs: number; rssMb: number }[] = [];
  const existing: { readyMs: number; rssMb: number }[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-start-'));
    try {
      fresh.push(await startOnce(args, { DATA_DIR: dataDir }));
      if (withData) existing.push(await startOnce(args, { DATA_DIR: dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const figures = (runs: typeof fresh) => ({
    readyMsMedian: Math.round(median(runs.map((r) => r.readyMs))),
    rssMbMedian: median(runs.map((r) => r.rssMb)),
    readyMs: runs.map((r) => Math.round(r.readyMs)),
  });
  const result = {
    name,
    fresh: figures(fresh),
    ...(withData ? { existing: figures(existing) } : {}),
  };
  console.log(JSON.stringify(result));
  return result;
}

const BARE = `import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

// The whole build, as `npm start` makes it: the server serves the web app's files too.
if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
  throw new Error('npm run build failed');
const bareFile = path.join(root, 'apps/server/dist/bare-fastify.mjs');
fs.writeFileSync(bareFile, BARE);
let results;
try {
  results = [
    await measure('bare Fastify', [bareFile], false),
    await measure(
      'server via tsx (before)',
      ['--import', 'tsx', 'apps/server/src/server.ts'],
      true,
    ),
    await measure('server compiled (npm start)', npmStartArgs(), true),
  ];
} finally {
  fs.rmSync(bareFile, { force: true });
}
const file = writeResults('start', {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} CPUs, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  runs: RUNS,
  results,
});
console.log(`written ${path.relative(root, file)}`);
