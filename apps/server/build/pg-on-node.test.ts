import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { pgOnNode, pgStreamOnNode } from './pg-on-node';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-pg-on-node-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Bundles `pg` as the server's build does and loads it in a Node without `navigator` (as Node 20)
 * whose `Response` throws when touched.
 */
async function loadBundledPg(plugins: Plugin[]) {
  const file = path.join(dir, `pg-${plugins.length}.mjs`);
  await build({
    stdin: {
      contents: "import pg from 'pg'; console.log(typeof pg.Pool);",
      resolveDir: serverRoot,
    },
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    plugins,
    banner: {
      js: [
        'delete globalThis.navigator;',
        "Object.defineProperty(globalThis, 'Response', { get() { throw new Error('Response touched'); } });",
        "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      ].join('\n'),
    },
    logLevel: 'silent',
  });
  return spawnSync(process.execPath, [file], { encoding: 'utf8' });
}

describe('pg on Node', () => {
  it('loads the bundled pg without touching fetch’s Response (which pg’s own copy does)', async () => {
    const patched = await loadBundledPg([pgOnNode]);
    expect(patched.stderr).toBe('');
    expect(patched.stdout.trim()).toBe('function');

    const asPublished = await loadBundledPg([]);
    expect(asPublished.status).not.toBe(0);
    expect(asPublished.stderr).toContain('Response touched');
  });

  it('fails the build when pg no longer has the check it answers', () => {
    expect(() => pgStreamOnNode('module.exports = {}')).toThrow(/isCloudflareRuntime/);
  });
});
