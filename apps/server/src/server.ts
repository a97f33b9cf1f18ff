// The server's entry. It loads only what it needs to validate the configuration, lock the data
// folder and start the embedded database's thread; the rest of the server (Fastify, socket.io,
// every route) loads while that thread opens the database on the other core (issue 7: cold start).
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { startPgliteWorker } from './db/pglite/worker-link';
import { PGLITE_TEMPLATE_DIR } from './db/pglite/template';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { explainDataDirError, StartupError } from './startup-error';

async function main(): Promise<void> {
  const config = loadConfig();
  // Lock first: a second server on the same folder must stop before it touches the database.
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (error) {
    throw error instanceof DataDirLockedError ? error : explainDataDirError(error, config.dataDir);
  }
  const pglite = config.DATABASE_URL
    ? undefined
    : startPgliteWorker({
        dataDir: path.join(config.dataDir, 'pglite'),
        template: PGLITE_TEMPLATE_DIR,
      });
  const { serve } = await import('./serve');
  await serve({ config, unlock, pglite });
}

try {
  await main();
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof StartupError
  ) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
}
