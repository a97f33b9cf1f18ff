// Compiles the server once into dist/ (issue 7: `npm start` no longer recompiles TypeScript at
// every start), with the packages it uses bundled in: Node reads one file instead of resolving and
// loading hundreds (the server's modules loaded in ~0.85 s instead of ~1.45 s). Migrations are
// copied beside the bundle, where db/database.ts looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { openDatabase } from '../src/db/database';
import { installJobSchema } from '../src/plugins/jobs';
import { trimTemplate } from '../src/db/pglite/template';
import { pgOnNode } from './pg-on-node';
import { samePackageOnce } from './same-package-once';
import { zodOnly } from './zod-only';

const serverRoot = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(serverRoot, 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');

/**
 * Packages loaded from node_modules as they are: native addons and WebAssembly (argon2, PGlite),
 * and those that find files beside their own code at run time through __dirname, which a bundle
 * moves (Swagger's page and package.json, socket.io's client files, ioredis's and pino's workers);
 * socket.io's adapters stay beside socket.io so there is one copy of its adapter classes.
 */
const KEPT_EXTERNAL = [
  /^node:/,
  /^@electric-sql\/pglite/,
  /^@node-rs\//,
  /^@fastify\/swagger/,
  /^socket\.io/,
  /^@socket\.io\//,
  /^ioredis/,
  /^pino/,
  /^thread-stream/,
  /^pg-native$/,
];

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      KEPT_EXTERNAL.some((pattern) => pattern.test(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * Builds beside dist/ and then puts the result in its place: a build stopped half-way (a full
 * disk, Ctrl+C) leaves the previous server whole, never a new server.js, newer than its sources,
 * without its migrations or database template, which `npm start` would take as built.
 */
export async function buildServer(): Promise<void> {
  const building = `${SERVER_DIST}.building`;
  const previous = `${SERVER_DIST}.previous`;
  for (const dir of [building, previous]) fs.rmSync(dir, { recursive: true, force: true });
  await buildInto(building);
  if (fs.existsSync(SERVER_DIST)) fs.renameSync(SERVER_DIST, previous);
  fs.renameSync(building, SERVER_DIST);
  fs.rmSync(previous, { recursive: true, force: true });
}

async function buildInto(outdir: string): Promise<void> {
  await build({
    // The embedded database's thread is an entry of its own, beside the server (worker-link).
    entryPoints: {
      server: path.join(serverRoot, 'src/server.ts'),
      'pglite-worker': path.join(serverRoot, 'src/db/pglite/pglite-worker.ts'),
    },
    outdir,
    // The entry's `import('./serve')` stays a chunk of its own, loaded while the database opens.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces name the original files and lines; the texts stay in those files instead of a
    // map Node would hold in memory whole (14 MB with the packages bundled).
    sourcesContent: false,
    plugins: [externalPackages, zodOnly, samePackageOnce, pgOnNode],
    // Bundled CommonJS packages require() Node's own modules, which an ES module has no require for.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  fs.cpSync(path.join(serverRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
  await writePgliteTemplate(path.join(outdir, 'pglite-template'));
}

/** The migrated, empty cluster a new data folder starts from (see PGLITE_TEMPLATE_DIR). */
async function writePgliteTemplate(dir: string): Promise<void> {
  const migrated = await openDatabase({ kind: 'pglite', dataDir: dir });
  await installJobSchema(migrated);
  await trimTemplate(migrated);
  await migrated.close();
}

if (process.argv[1] === import.meta.filename) {
  await buildServer();
  console.log(`Server compiled to ${path.relative(process.cwd(), SERVER_ENTRY)}`);
}
