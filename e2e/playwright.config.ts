import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { memberUrl } from './env';

/**
 * Two workers by default (`E2E_WORKERS=1` for one). Files are written to run side by side: each makes
 * its own people and data (uniqueId, createMember, its own fixture) or only reads the shared fixtures,
 * and scopes what it reads from the fakes to its own people. On a quiet 2-core machine, without
 * traces, two workers took 528 s where one with traces took 873 s (2026-11-26; docs/testing.md).
 */
const workers = Number(process.env.E2E_WORKERS || 2);

/**
 * Debian's Chromium; Playwright never downloads a browser here. A headless run uses Debian's
 * `chromium-headless-shell` where it is installed: the same Chromium built as the headless shell
 * Playwright itself runs headless, without the full browser's window machinery. The whole journeys
 * suite took 318 s and 505 s of CPU in it against 403 s and 708 s in the full browser (same machine, one
 * after the other, 2026-11-26; docs/testing.md). A headed or debugging run opens the full browser.
 */
const headed = !!process.env.PWDEBUG || process.argv.some((a) => ['--headed', '--debug', '--ui'].includes(a));
const shell = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH || (!headed && existsSync(shell) ? shell : '/usr/bin/chromium');

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
    // No trace by default: recording one (a screencast and DOM snapshots of every step) cost about a
    // third of the journeys' CPU, for every passing test, and CI keeps no trace to read. Chasing a
    // failure: `npm test -w e2e -- --trace retain-on-failure tests/x.spec.ts`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
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
