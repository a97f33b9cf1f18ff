// The server's entry. It loads only what it needs to validate the configuration, lock the data
// folder and start the embedded database's thread; the rest of the server (Fastify, socket.io,
// every route) loads while that thread opens the database on the other core (issue 7: cold start).
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { closeWithin, startPgliteWorker, type PgliteLink } from './db/pglite/worker-link';
import { PGLITE_TEMPLATE_DIR } from './db/pglite/template';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { explainDataDirError, STOP_SIGNALS, StartupError } from './startup-error';

/** The embedded database's thread, closed cleanly on every way out of the start. */
let pglite: PgliteLink | undefined;
let unlock: (() => void) | undefined;
/** A stop asked for while starting: it closes the database and ends the process, nothing else. */
let stopping: Promise<never> | undefined;

const stopWhileStarting = (signal: NodeJS.Signals) => {
  stopping ??= closeWithin(pglite).then(() => {
    unlock?.();
    return process.exit(128 + os.constants.signals[signal]);
  });
};

async function main(): Promise<void> {
  // A signal while the server starts (a first start, migrations) still closes the database
  // cleanly: killed mid-write, an embedded data folder may not open again. Set before the lock,
  // so no moment of the start is left to the default of dying at once.
  for (const signal of STOP_SIGNALS) process.on(signal, stopWhileStarting);
  // serve() takes the signals over before it listens; a stop already under way goes on instead.
  const releaseStartSignals = () => {
    for (const signal of STOP_SIGNALS) process.off(signal, stopWhileStarting);
    return stopping;
  };

  const config = loadConfig();
  // Lock first: a second server on the same folder must stop before it touches the database.
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (error) {
    throw error instanceof DataDirLockedError ? error : explainDataDirError(error, config.dataDir);
  }
  pglite = config.DATABASE_URL
    ? undefined
    : startPgliteWorker({
        dataDir: path.join(config.dataDir, 'pglite'),
        template: PGLITE_TEMPLATE_DIR,
      });
  const { serve } = await import('./serve');
  await serve({ config, unlock, pglite, releaseStartSignals });
}

try {
  await main();
} catch (error) {
  // Stopped while starting: what failed is the closing database; the stop ends the process.
  if (stopping) await stopping;
  await closeWithin(pglite);
  unlock?.();
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
