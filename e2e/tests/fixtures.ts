import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, with what the browser said kept beside each test: its page errors, console
 * errors and warnings, failed requests and answers of 500 or more, each with the second it came.
 * A failing test prints them under its error (the journeys keep no trace by default: a failure seen
 * once in CI is explained by this or not at all). Every journey imports `test` from here.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    const started = Date.now();
    const lines: string[] = [];
    const note = (line: string) => {
      lines.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`);
      if (lines.length > 200) lines.shift();
    };
    context.on('page', (page) => page.on('pageerror', (error) => note(`page error: ${error.message}`)));
    context.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        note(`console ${message.type()}: ${message.text()}`);
    });
    context.on('requestfailed', (request) =>
      note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`),
    );
    context.on('response', (response) => {
      if (response.status() >= 500)
        note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
      await testInfo.attach('what the browser said', { body: lines.join('\n'), contentType: 'text/plain' });
    }
  },
});
