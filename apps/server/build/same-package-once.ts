import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * One copy of a package that npm installed in several places at the same version: ajv 8 sits
 * under three Fastify packages (eslint's ajv 6 holds the top level), each with its own fast-uri,
 * which the bundle held three times over (~0.5 MB of the 4 MB the server compiles at start).
 * Copies of other versions are left as they are.
 */
export const samePackageOnce: Plugin = {
  name: 'same-package-once',
  setup(builder) {
    /** `name@version` → the folder of the copy bundled. */
    const bundled = new Map<string, string>();
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === samePackageOnce) return undefined;
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: samePackageOnce,
      });
      if (resolved.errors.length > 0 || resolved.external) return resolved;
      const folder = packageFolder(resolved.path);
      if (!folder) return resolved;
      const { name, version } = JSON.parse(
        fs.readFileSync(path.join(folder, 'package.json'), 'utf8'),
      ) as { name: string; version: string };
      const first = bundled.get(`${name}@${version}`);
      if (!first) bundled.set(`${name}@${version}`, folder);
      return first ? { ...resolved, path: first + resolved.path.slice(folder.length) } : resolved;
    });
  },
};

/** The package folder a file in node_modules belongs to (the innermost one). */
function packageFolder(file: string): string | undefined {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file);
  return match?.[1];
}
