import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run covers pure units, the server's build, the API on PGlite, the API again on PostgreSQL
 * when TEST_DATABASE_URL is set, and the web app's component tests.
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env,
    globalSetup: env.TEST_DB === 'pglite' ? ['apps/server/src/test/global-setup.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects = [
  {
    test: {
      name: 'contract',
      include: ['packages/contract/src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'server-build',
      include: ['apps/server/build/**/*.test.ts'],
      environment: 'node',
    },
  },
  serverProject('server-pglite', { TEST_DB: 'pglite' }),
  ...(process.env.TEST_DATABASE_URL
    ? [serverProject('server-postgres', { TEST_DB: 'postgres' })]
    : []),
  {
    test: {
      name: 'web',
      include: ['apps/web/src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['apps/web/src/test-setup.ts'],
    },
  },
];

export default defineConfig({
  test: {
    projects,
    // Vitest's default leaves one core free, which on a 2-core machine runs the files one by one;
    // the API files mostly wait on PostgreSQL or PGlite's own thread, so two at once is faster.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: ['default'],
  },
});
