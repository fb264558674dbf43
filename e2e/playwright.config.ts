import { defineConfig, devices } from '@playwright/test';
import { memberUrl } from './env';

/**
 * Files run side by side in E2E_WORKERS workers (2 by default; a file's tests stay in order, one
 * worker): each file makes its own people and data (uniqueId, createMember, its own fixture) or only
 * reads the shared fixtures, and scopes what it reads from the fakes to its own people.
 */
const workers = Number(process.env.E2E_WORKERS || 2);

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
