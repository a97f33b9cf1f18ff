// `npm run bench:web` (issue 7): Lighthouse 12, mobile preset, Debian's Chromium, three runs each
// on /, /login and /support of the app served by `npm start`, beside a Vite React hello-world
// built and served gzipped in the same run. Prints medians; writes bench/results/web.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { compressDir } from '../apps/web/build/compress-assets';
import { stopGroup, waitForHealthy } from './lib/child';
import { writeResults } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 3;
const REACT_PLUGIN = path.join(root, 'apps/web/node_modules/@vitejs/plugin-react/dist/index.js');
const APP_PORT = 3000 + Math.floor(Math.random() * 1000) + 4000;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type RunFigures = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  resourceBytes: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A Vite React hello-world, generated and built in a temp folder (nothing of it is committed). */
async function buildHelloWorld(): Promise<string> {
  // Inside apps/web so it resolves vite, its React plugin and React from the web app's modules.
  const dir = fs.mkdtempSync(path.join(root, 'apps', 'web', '.bench-hello-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Hello</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'src', 'main.jsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\nfunction App() { return <h1>Hello, world</h1>; }\ncreateRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);\n",
  );
  fs.writeFileSync(
    path.join(dir, 'vite.config.mjs'),
    // By path: the config is bundled under the root's node_modules, which lacks the plugin.
    `import react from ${JSON.stringify(pathToFileURL(REACT_PLUGIN).href)};\nexport default { plugins: [react()] };\n`,
  );
  const built = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('hello-world build failed');
  const dist = path.join(dir, 'dist');
  await compressDir(dist);
  return dist;
}

/** Serves a static folder, sending the .gz copy to clients that accept gzip. */
function serveGzipped(dist: string): Promise<http.Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  };
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    let file = path.join(dist, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dist) || !fs.existsSync(file)) file = path.join(dist, 'index.html');
    const headers: Record<string, string> = {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      vary: 'Accept-Encoding',
    };
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (acceptsGzip && fs.existsSync(`${file}.gz`)) {
      headers['content-encoding'] = 'gzip';
      file = `${file}.gz`;
    }
    response.writeHead(200, headers);
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The JavaScript a page's HTML asks for before anything else (its entry script and the modules
 * it preloads), gzipped: the issue's "initial JS". Read from the built HTML, not a browser.
 */
function initialJsGzipKiB(dist: string, htmlFile: string): number {
  const html = fs.readFileSync(path.join(dist, htmlFile), 'utf8');
  const files = new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
      ),
    ].map((match) => match[1]!),
  );
  let bytes = 0;
  for (const file of files) {
    // The build's own .gz copy where it wrote one (what the server sends), else gzip it here.
    const copy = path.join(dist, `${file}.gz`);
    bytes += fs.existsSync(copy)
      ? fs.statSync(copy).size
      : gzipSync(fs.readFileSync(path.join(dist, file))).length;
  }
  return Number((bytes / 1024).toFixed(1));
}

async function lighthouseRun(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    const requests =
      (
        lhr.audits['network-requests']?.details as {
          items?: { transferSize?: number; resourceSize?: number }[];
        }
      )?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      transferBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      resourceBytes: requests.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    };
  } finally {
    chrome.kill();
  }
}

async function measure(label: string, url: string, initialJsKiB: number) {
  const runs: RunFigures[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(url));
  const pick = (key: keyof RunFigures) => median(runs.map((figures) => figures[key]));
  const summary = {
    label,
    url,
    score: pick('score'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    sentKiB: Number((pick('transferBytes') / 1024).toFixed(1)),
    uncompressedKiB: Number((pick('resourceBytes') / 1024).toFixed(1)),
    initialJsGzipKiB: initialJsKiB,
    runs,
  };
  console.log(
    `${label.padEnd(22)} score ${summary.score}  LCP ${summary.lcpMs} ms  TBT ${summary.tbtMs} ms  CLS ${summary.cls}  sent ${summary.sentKiB} KiB (uncompressed ${summary.uncompressedKiB} KiB)  initial JS ${initialJsKiB} KiB gzip`,
  );
  return summary;
}

async function main(): Promise<void> {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');

  const helloDist = await buildHelloWorld();
  const hello = await serveGzipped(helloDist);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-bench-web-'));
  const app = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(APP_PORT), LOG_LEVEL: 'warn' },
    stdio: 'inherit',
    detached: true,
  });
  const base = `http://127.0.0.1:${APP_PORT}`;
  try {
    await waitForHealthy(app, `${base}/api/health`, 180_000);
    const address = hello.address() as { port: number };
    const results = [];
    const appDist = path.join(root, 'apps', 'web', 'dist');
    for (const [page, html] of [
      ['/', 'pages/index.html'],
      ['/login', 'pages/login.html'],
      ['/support', 'pages/support.html'],
    ] as const)
      results.push(await measure(page, base + page, initialJsGzipKiB(appDist, html)));
    const baseline = await measure(
      'hello-world (gzip)',
      `http://127.0.0.1:${address.port}/`,
      initialJsGzipKiB(helloDist, 'index.html'),
    );
    const file = writeResults('web', {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} CPUs`,
      runsPerPage: RUNS,
      pages: results,
      baseline,
    });
    console.log(`wrote ${file}`);
  } finally {
    hello.close();
    // Stopped, not only signalled, before its data folder goes.
    await stopGroup(app);
    fs.rmSync(path.dirname(helloDist), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
