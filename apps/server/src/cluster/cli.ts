/**
 * npm run cluster: CLUSTER_INSTANCES (default 2) PostgreSQL-backed instances behind Debian's
 * nginx on CLUSTER_PORT (default 8080), for a try-out of the several-instances setup. Needs
 * DATABASE_URL; instance data folders go under data/cluster. Ctrl-C stops everything.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startCluster } from './start-cluster';
import { STOP_SIGNALS } from '../startup-error';

const root = path.resolve(import.meta.dirname, '../../../..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'npm run cluster needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/aeropool): the instances share one PostgreSQL.',
  );
  process.exit(78);
}
if (!fs.existsSync('/usr/sbin/nginx')) {
  console.error('npm run cluster needs nginx: apt-get install nginx');
  process.exit(78);
}
// Once, here, what is not built or is older than its sources: the instances would otherwise all
// build at the same time.
const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const workDir = path.join(root, 'data', 'cluster');
fs.mkdirSync(workDir, { recursive: true });
const cluster = await startCluster({
  instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
  listenPort: Number(process.env.CLUSTER_PORT ?? 8080),
  workDir,
  env: { DATABASE_URL: databaseUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  command: { cwd: root, args: ['scripts/start.mjs'] },
});
console.log(
  `AeroPool cluster: ${cluster.nodes.map((n) => `${n.name} on :${n.port}`).join(', ')}, behind nginx at ${cluster.url}`,
);
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
// SIGHUP too: a closed terminal would otherwise leave the nginx it started (which takes SIGHUP
// as "reload") running on the port.
for (const signal of STOP_SIGNALS) process.on(signal, () => void stop());
