import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { zodOnly } from './zod-only';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-zod-only-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Bundles `source` with Fastify as the server's build does, runs it, and gives what it printed. */
async function run(name: string, source: string) {
  const file = path.join(dir, `${name}.mjs`);
  const result = await build({
    stdin: { contents: source, resolveDir: serverRoot, loader: 'ts' },
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    plugins: [zodOnly],
    metafile: true,
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  const bundled = Object.keys(result.metafile.inputs);
  return { bundled, ...spawnSync(process.execPath, [file], { encoding: 'utf8' }) };
}

describe("the server's build without Fastify's own schema compilers", () => {
  it('leaves ajv and fast-json-stringify out, and validates with the zod compilers given', async () => {
    const { bundled, stdout, stderr } = await run(
      'zod',
      `import Fastify from 'fastify';
       import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
       import { z } from 'zod';
       const app = Fastify({
         schemaController: {
           compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
         },
       });
       app.post('/', { schema: { body: z.object({ seats: z.number() }) } }, async () => ({ ok: true }));
       const bad = await app.inject({ method: 'POST', url: '/', payload: { seats: 'two' } });
       const good = await app.inject({ method: 'POST', url: '/', payload: { seats: 2 } });
       console.log(bad.statusCode, good.statusCode);`,
    );
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('400 200');
    expect(bundled.filter((file) => /node_modules[\\/](ajv|ajv-formats)[\\/]/.test(file))).toEqual(
      [],
    );
  });

  it('fails loudly where an app gives Fastify no compilers', async () => {
    const { status, stderr } = await run('default', `import Fastify from 'fastify'; Fastify();`);
    expect(status).not.toBe(0);
    expect(stderr).toContain("@fastify/ajv-compiler is left out of the server's build");
  });
});
