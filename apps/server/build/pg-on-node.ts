import fs from 'node:fs';
import type { Plugin } from 'esbuild';

const CHECK = 'function isCloudflareRuntime() {';

/**
 * pg asks at load whether it runs in a Cloudflare Worker. On Node 20, which has no `navigator`,
 * it finds out by constructing a `Response`, which loads Node's whole fetch implementation
 * (undici): 50–100 ms of the server's thread at every start, for a global the server never uses
 * (issue 7: cold start). The server runs on Node only, so the bundle's copy answers "no" at once.
 */
export const pgOnNode: Plugin = {
  name: 'pg-on-node',
  setup(builder) {
    builder.onLoad(
      { filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ },
      async (args) => ({
        contents: pgStreamOnNode(await fs.promises.readFile(args.path, 'utf8')),
        loader: 'js',
      }),
    );
  },
};

/** pg's lib/stream.js, its runtime check answering "not a Cloudflare Worker". */
export function pgStreamOnNode(source: string): string {
  // A pg whose check moved fails the build rather than quietly paying the cost again.
  if (!source.includes(CHECK)) {
    throw new Error(`pg/lib/stream.js has no "${CHECK}": review build/pg-on-node.ts for this pg`);
  }
  return source.replace(CHECK, `${CHECK}\n  return false;`);
}
