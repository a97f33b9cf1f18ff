import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY } from '../../apps/server/build/build-server';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The node arguments that run the compiled server as `npm start` runs it: the flags its script
 * gives node (read from package.json, so a bench measures what users run), source maps on as
 * scripts/start.mjs turns them on, and the compiled entry (built by the bench beforehand).
 */
export function npmStartArgs(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = scripts.start.split(/\s+/);
  const flags = words.slice(1, words.indexOf('scripts/start.mjs'));
  return [...flags, '--enable-source-maps', SERVER_ENTRY];
}
