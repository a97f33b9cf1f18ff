import type { Plugin } from 'esbuild';

/** Fastify's schema compilers, which it loads only when the app gives it none (app.ts does). */
const UNUSED_COMPILERS = /^@fastify\/(ajv-compiler|fast-json-stringify-compiler)$/;

/**
 * Leaves Fastify's own schema compilers out of the server's bundle: ajv, its formats and
 * fast-json-stringify, ~1 MB of the code the server compiles at every start (issue 7: cold start).
 * The app validates and serializes with the contract's zod schemas and gives Fastify those
 * compilers (app.ts), so these are never loaded; if something did load one, it fails loudly.
 */
export const zodOnly: Plugin = {
  name: 'zod-only',
  setup(builder) {
    builder.onResolve({ filter: UNUSED_COMPILERS }, (args) => ({
      path: args.path,
      namespace: 'zod-only',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'zod-only' }, (args) => ({
      contents: `module.exports = () => { throw new Error(${JSON.stringify(`${args.path} is left out of the server's build (build/zod-only.ts): give Fastify the zod compilers`)}); };`,
      loader: 'js',
    }));
  },
};
