import { defineConfig } from 'vitest/config';

/**
 * One run covers pure units, the API on PGlite, the API again on PostgreSQL when
 * TEST_DATABASE_URL is set, and the web app's component tests.
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env,
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
    reporters: ['default'],
  },
});
