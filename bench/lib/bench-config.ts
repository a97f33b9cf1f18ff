import os from 'node:os';
import { loadConfig } from '../../apps/server/src/config';

/**
 * The app's test configuration for a bench, quiet, with any MATCH_* setting from the environment,
 * to compare the match search's settings in one run.
 */
export function benchConfig(env: Record<string, string> = {}) {
  const matchSettings = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name.startsWith('MATCH_')),
  );
  return loadConfig({
    ...matchSettings,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    ...env,
  });
}
