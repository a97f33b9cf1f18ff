import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { openTestDatabase } from '../../test/test-database';

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'rate limits kept in memory on PostgreSQL',
  () => {
    const started: ServerProcess[] = [];
    afterAll(async () => {
      for (const server of started) server.child.kill('SIGKILL');
    });

    it('a second instance refuses to start and says why; a shared store lets it run', async () => {
      const { url, drop } = await openTestDatabase();
      const start = (env: Record<string, string>) => {
        const server = startServerProcess({
          DATABASE_URL: url!,
          WEB_DIST_DIR: '/nonexistent',
          ...env,
        });
        started.push(server);
        return server;
      };
      const first = start({ RATE_LIMIT_STORE: 'memory' });
      await first.port();
      const second = start({ RATE_LIMIT_STORE: 'memory' });
      expect(await second.exited).toBe(78);
      expect(second.output()).toContain(
        'Another AeroPool instance already runs on this database with rate limits kept in memory',
      );
      const shared = start({ RATE_LIMIT_STORE: 'postgres' });
      expect(await shared.port()).toBeGreaterThan(0);

      for (const server of [first, shared]) server.child.kill('SIGTERM');
      await Promise.all([first.exited, shared.exited]);
      await drop();
    }, 90_000);
  },
);
