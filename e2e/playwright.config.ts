import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './fixtures/env';

/** Debian's Chromium: Playwright cannot download its own browser here. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Several tests drive three browsers at once; a busy 2-core machine takes most of a minute for them.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: './.tmp/test-results',
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace; without the screencast, which kept every page's frames
    // encoding in the browser for every test, passed ones included.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
    // Every new context would install the service worker and precache the whole build; only the
    // PWA spec needs it (it allows it again).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /\.clock\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions,
      },
    },
    {
      // Specs that move the server's clock (PUT /api/test/clock) run alone, after the rest.
      name: 'clock',
      testMatch: /\.clock\.spec\.ts$/,
      dependencies: ['chromium'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
});
