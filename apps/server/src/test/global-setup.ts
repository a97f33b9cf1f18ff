import { ensurePgliteTestTemplate, TEST_TEMPLATE_ENV } from './pglite-test-template';

/** Vitest's global setup for the API tests on PGlite: their databases' template, made once. */
export default async function setup(): Promise<void> {
  process.env[TEST_TEMPLATE_ENV] = await ensurePgliteTestTemplate();
}
