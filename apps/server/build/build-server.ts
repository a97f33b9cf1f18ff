// Compiles the server once into dist/ (issue 7: `npm start` no longer recompiles TypeScript at
// every start). Node packages stay external; our own workspace packages (TypeScript sources) are
// bundled in. Migrations are copied beside the bundle, where db/database.ts looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { openDatabase } from '../src/db/database';
import { installJobSchema } from '../src/plugins/jobs';

const serverRoot = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(serverRoot, 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');

/** Bare imports are node_modules, except `@aeropool/*`, which are sources to compile. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@aeropool/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(): Promise<void> {
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    // The embedded database's thread is an entry of its own, beside the server (worker-link).
    entryPoints: {
      server: path.join(serverRoot, 'src/server.ts'),
      'pglite-worker': path.join(serverRoot, 'src/db/pglite/pglite-worker.ts'),
    },
    outdir: SERVER_DIST,
    // The entry's `import('./serve')` stays a chunk of its own, loaded while the database opens.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  fs.cpSync(path.join(serverRoot, 'src/db/migrations'), path.join(SERVER_DIST, 'migrations'), {
    recursive: true,
  });
  await writePgliteTemplate(path.join(SERVER_DIST, 'pglite-template'));
}

/** The migrated, empty cluster a new data folder starts from (see PGLITE_TEMPLATE_DIR). */
async function writePgliteTemplate(dir: string): Promise<void> {
  const migrated = await openDatabase({ kind: 'pglite', dataDir: dir });
  await installJobSchema(migrated);
  await migrated.close();
}

if (process.argv[1] === import.meta.filename) {
  await buildServer();
  console.log(`Server compiled to ${path.relative(process.cwd(), SERVER_ENTRY)}`);
}
