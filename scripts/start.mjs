// `npm start`: build what has not been built (the web app; the server when its sources are newer
// than its compiled copy), then run the one compiled server process (API + SPA) in this same
// process, so signals reach it directly. Compiled once, not at every start (issue 7).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const serverEntry = path.join(root, 'apps/server/dist/server.js');

const run = (workspace, message) => {
  console.log(message);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
};

/** Newest modification time among the files the compiled server is made from. */
function newestSource() {
  let newest = fs.statSync(path.join(root, 'package-lock.json')).mtimeMs;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  for (const dir of ['apps/server/src', 'apps/server/build', 'packages/contract/src']) {
    walk(path.join(root, dir));
  }
  return newest;
}

if (!fs.existsSync(webIndex)) run('@aeropool/web', 'Building the web app (first start only)…');
if (!fs.existsSync(serverEntry) || fs.statSync(serverEntry).mtimeMs < newestSource()) {
  run('@aeropool/server', 'Compiling the server…');
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
