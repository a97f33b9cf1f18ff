import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * An empty, migrated database cluster the build leaves beside the compiled server (issue 7). A new
 * data folder starts as a copy of it instead of running PGlite's initdb (seconds, and hundreds of
 * megabytes of WebAssembly heap never given back) or loading a dump (which unpacks it inside the
 * WebAssembly heap). Absent when run from the TypeScript sources.
 */
export const PGLITE_TEMPLATE_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'pglite-template',
);
