import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { samePackageOnce } from './same-package-once';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-same-package-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A package in `folder` whose code is `source`. */
function writePackage(folder: string, name: string, version: string, source: string) {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name, version }));
  fs.writeFileSync(path.join(folder, 'index.js'), source);
}

// Three packages that each import their own nested `shared`: two copies of 1.0.0, one of 2.0.0.
for (const [user, version] of [
  ['a', '1.0.0'],
  ['b', '1.0.0'],
  ['c', '2.0.0'],
] as const) {
  const folder = path.join(root, 'node_modules', user);
  writePackage(folder, user, '1.0.0', `export { marker } from 'shared';`);
  writePackage(
    path.join(folder, 'node_modules', 'shared'),
    'shared',
    version,
    `export const marker = 'SHARED_${version.replaceAll('.', '_')}';`,
  );
}
fs.writeFileSync(
  path.join(root, 'entry.js'),
  `export { marker as a } from 'a'; export { marker as b } from 'b'; export { marker as c } from 'c';`,
);

const bundle = async (plugins: (typeof samePackageOnce)[]) => {
  const result = await build({
    entryPoints: [path.join(root, 'entry.js')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    plugins,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
};
const count = (text: string, marker: string) => text.split(marker).length - 1;

describe('samePackageOnce (the server bundle)', () => {
  it('bundles one copy of a package installed in several places at the same version', async () => {
    // Without it, the same code twice: the case it exists for.
    expect(count(await bundle([]), 'SHARED_1_0_0')).toBe(2);
    const text = await bundle([samePackageOnce]);
    expect(count(text, 'SHARED_1_0_0')).toBe(1);
    expect(count(text, 'SHARED_2_0_0')).toBe(1);
  });
});
