// `npm start`: build what is not built or older than its sources (the web app, the server), then
// run the one compiled server process (API + SPA) in this same process, so signals reach it
// directly. Compiled once, not at every start (issue 7).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withBuildLock } from './build-lock.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const serverEntry = path.join(root, 'apps/server/dist/server.js');

/** Builds a workspace; the exit status of a build that failed (0 when it built). */
const run = (workspace, message) => {
  console.log(message);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  return build.status ?? 1;
};

/**
 * Newest modification time among the files a build is made from (the lock file included: a
 * dependency updated is a source changed). Tests are not sources of a build.
 */
function newestSource(paths) {
  let newest = fs.statSync(path.join(root, 'package-lock.json')).mtimeMs;
  const visit = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (!stat.isDirectory()) {
      if (!/\.test\.[jt]sx?$/.test(file)) newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
  };
  for (const source of paths) visit(path.join(root, source));
  return newest;
}

/** Built before, or since, its sources last changed (a `git pull` brings newer sources). */
const isStale = (built, sources) =>
  !fs.existsSync(built) || fs.statSync(built).mtimeMs < newestSource(sources);

const CONTRACT = 'packages/contract/src';
const buildWhatIsStale = () => {
  if (
    isStale(webIndex, [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      CONTRACT,
    ])
  ) {
    const status = run('@aeropool/web', 'Building the web app…');
    if (status !== 0) return status;
  }
  if (isStale(serverEntry, ['apps/server/src', 'apps/server/build', CONTRACT])) {
    return run('@aeropool/server', 'Compiling the server…');
  }
  return 0;
};
const status = withBuildLock(path.join(root, '.build.lock'), buildWhatIsStale);
if (status !== 0) process.exit(status);
// `npm run cluster` builds once here, before its instances start (each would build at once).
if (process.argv.includes('--build-only')) process.exit(0);

process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
