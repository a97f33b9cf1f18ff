import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { loadSecrets } from './lib/secrets';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** In-flight requests get this long to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(config: Config): Promise<void> {
  // Lock first: a second server on the same folder must stop before it touches the database.
  const unlock = lockDataDir(config.dataDir);
  const database = config.DATABASE_URL
    ? await openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolMax: config.DATABASE_POOL_MAX,
      })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });

  const app = await buildApp(
    {
      config: { ...config, WEB_DIST_DIR: config.WEB_DIST_DIR ?? defaultWebDist },
      database,
      secrets: loadSecrets(config, config.dataDir),
    },
    { forceCloseConnections: 'idle', return503OnClosing: true },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('requests still running after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      unlock();
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('exit', unlock);

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `AeroPool is ready on http://localhost:${(app.server.address() as { port: number }).port} (database: ${database.kind})`,
  );
}

try {
  await main(loadConfig());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
}
