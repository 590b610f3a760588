import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

/**
 * End-to-end tests drive the built app (apps/web/dist served by apps/server/dist) in Debian's Chromium.
 * Each worker starts its own server on a free port with a fresh in-memory database (see fixtures.ts), so a
 * test that flips a site flag (registration OTP, terminated) cannot disturb a test in another worker.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    viewport: { width: 360, height: 800 },
    trace: 'retain-on-failure',
    // The member app's service worker precaches the whole shell (about 90 files) in every new context and sits
    // in front of every request; the suites of other features do not pay for it. tests/app.spec.ts, which
    // tests the installable app, allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
});
