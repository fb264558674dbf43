// First-load scripts and styles as a browser receives them: Chromium (Playwright, Debian's
// /usr/bin/chromium) loads each first page through the real servers (the built API with the
// back-office, the member server) and the bytes transferred for every script and stylesheet are
// added up as they came over the wire (compressed where the server compressed them). Goals from
// issue 18: member `/` ≤ 120 kB; issue 36: back-office first screen ≤ 200 kB (was 400); the rich-text editor and the
// charts are loaded only where they are used. Run after `npm run build`.
import { chromium } from '@playwright/test';
import { ADMIN, report, scratchDatabase, startApi, startMember } from './lib.mjs';

const apiPort = Number(process.env.BENCH_PORT || 4980);
const kb = (n) => Math.round(n / 102.4) / 10;

/** Loads a page (or runs a journey) and sums what the browser received for scripts and styles. */
async function transferred(browser, journey, lang) {
  const context = await browser.newContext();
  if (lang) await context.addCookies([{ name: 'lang', value: lang, url: memberSite }]);
  const page = await context.newPage();
  const loaded = [];
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const response = await request.response();
    const sizes = await request.sizes();
    loaded.push({
      url: request.url(),
      type,
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      body: sizes.responseBodySize,
      encoding: response?.headers()['content-encoding'] ?? 'none',
    });
  });
  await journey(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return loaded;
}

const summary = (label, goalKB, loaded) => {
  const total = loaded.reduce((sum, r) => sum + r.bytes, 0);
  return {
    page: label,
    files: loaded.length,
    uncompressed: loaded.filter((r) => r.encoding === 'none' && r.body > 1024).length,
    wireKB: kb(total),
    goalKB,
    ratio: goalKB ? Math.round((kb(total) / goalKB) * 100) / 100 : null,
    ok: goalKB ? kb(total) <= goalKB : null,
  };
};

const db = await scratchDatabase('bundles');
const api = await startApi(db.url, apiPort);
const member = await startMember(api.base, apiPort + 1);
const memberSite = member.site;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const home = await transferred(browser, (page) => page.goto(`${member.site}/`), 'en');
  const homeAr = await transferred(browser, (page) => page.goto(`${member.site}/`), 'ar');
  const signedInHome = await transferred(
    browser,
    async (page) => {
      await page.goto(`${member.site}/student/signin/`);
      await page.getByLabel(/national id/i).fill('1000000001');
      await page.getByLabel(/password/i).fill('Demo-pass-2026');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL(`${member.site}/`);
    },
    'en',
  );
  const signInPage = await transferred(browser, (page) => page.goto(`${api.base}/admin/`));
  const signIn = async (page) => {
    await page.goto(`${api.base}/admin/`);
    await page.getByLabel(/email/i).fill(ADMIN.email);
    await page.getByLabel(/password/i).fill(ADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
  };
  const dashboard = await transferred(browser, signIn);
  const editor = await transferred(browser, async (page) => {
    await signIn(page);
    await page.getByRole('menuitem', { name: 'Blogs' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('.ProseMirror').first().waitFor();
  });
  const named = (loaded, pattern) => loaded.some((r) => pattern.test(r.url));
  const rows = [
    summary('member / (anonymous: the join-us page), English', 120, home),
    summary('member / (anonymous), Arabic', 120, homeAr),
    summary('member sign-in page, then / signed in (both pages)', null, signedInHome),
    summary('back-office sign-in', 200, signInPage),
    summary('back-office dashboard after sign-in', 200, dashboard),
    summary('back-office blog editor (lazy chunks included)', null, editor),
  ];
  report('bundles', rows, [
    `rich-text editor on the dashboard: ${named(dashboard, /RichText/) ? 'LOADED (should not be)' : 'not loaded'}; ` +
      `in the blog editor: ${named(editor, /RichText/) ? 'loaded' : 'MISSING'}`,
    'charts: the dashboard draws its bars with MUI boxes (admin/src/dashboard/BarChart.tsx), no chart library to load',
    'bytes are what Chromium received for scripts and styles (headers and compressed bodies); "uncompressed" counts',
    'files over 1 kB that came without a Content-Encoding',
  ]);
} finally {
  await browser.close();
  await member.stop();
  await api.stop();
  await db.drop();
}
