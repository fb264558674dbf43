import { defineConfig, devices } from '@playwright/test';
import { memberUrl } from './env';

/**
 * One worker by default (`E2E_WORKERS=2` runs files side by side). Files are written to run side by
 * side: each makes its own people and data (uniqueId, createMember, its own fixture) or only reads
 * the shared fixtures, and scopes what it reads from the fakes to its own people. On a quiet
 * 2-core machine two workers took 821 s, one 913 s (2026-11-26); a fresh-clone run in two workers
 * failed twice where one worker has not (both fixed: an edit read before its save, member-server's
 * proxy closing kept connections): two become the default once they pass repeatedly (docs/testing.md).
 */
const workers = Number(process.env.E2E_WORKERS || 1);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  retries: 0,
  // Guards against a hang, never a measure: two workers share two cores, so each test has about half
  // the machine it had alone (twice the limits of one worker).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: require.resolve('./global-setup'),
  use: {
    baseURL: memberUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
