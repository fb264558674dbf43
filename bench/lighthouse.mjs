// Lighthouse (npm `lighthouse`, in Debian's Chromium: CHROME_PATH or /usr/bin/chromium, never a
// downloaded browser) on the member site's public pages and the back-office dashboard, in English
// and Arabic, with Lighthouse's mobile profile (simulated slow 4G and a slower CPU). Issue 36's goals:
// SEO 100 on the public pages, Performance ≥ 90 on the dashboard, no layout shift on /accounts.
// Run after `npm run build`; figures and their history in bench/README.md.
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ADMIN, report, scratchDatabase, startApi, startMember } from './lib.mjs';

const apiPort = Number(process.env.BENCH_PORT || 4990);
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'seo', 'accessibility', 'best-practices'];
// BENCH_LIGHTHOUSE_PAGES=admin runs only the back-office dashboard; BENCH_LIGHTHOUSE_RUNS=n runs it n
// times in each language (Performance moves with the machine's load: the median says more than one run).
const only = process.env.BENCH_LIGHTHOUSE_PAGES;
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 1);

const db = await scratchDatabase('lighthouse');
const api = await startApi(db.url, apiPort);
const member = await startMember(api.base, apiPort + 1);
const browser = await puppeteer.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-quic'],
});

/** One Lighthouse run on the page as it is (its cookies and storage kept: a signed-in page stays signed in). */
async function audit(page, url) {
  const result = await lighthouse(
    url,
    { disableStorageReset: true, onlyCategories: CATEGORIES, logLevel: 'error' },
    undefined,
    page,
  );
  const { categories, audits } = result.lhr;
  const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
  const failedSeo = categories.seo.auditRefs
    .filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 1)
    .map((r) => r.id);
  return {
    performance: score('performance'),
    seo: score('seo'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpS: Math.round(audits['first-contentful-paint'].numericValue / 100) / 10,
    lcpS: Math.round(audits['largest-contentful-paint'].numericValue / 100) / 10,
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    scriptKB: Math.round(
      (audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024,
    ),
    seoFailing: failedSeo.join(' ') || '-',
    // Where the dashboard's time goes: the main thread's work by kind, and what blocks the first paint.
    mainThreadS: Math.round((audits['mainthread-work-breakdown']?.numericValue ?? 0) / 100) / 10,
    bootupS: Math.round((audits['bootup-time']?.numericValue ?? 0) / 100) / 10,
    renderBlocking: audits['render-blocking-resources']?.details?.items?.length ?? 0,
    unusedJsKB: Math.round((audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024),
    load: loadavg()[0].toFixed(1),
  };
}

const rows = [];
try {
  const publicPages = ['/auth/join-us/', '/blogs', '/competitions', '/contact', '/student/signup/'];
  for (const lang of only === 'admin' ? [] : ['en', 'ar']) {
    for (const path of publicPages) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      rows.push({ page: `member ${path}?lang=${lang}`, ...(await audit(page, `${member.site}${path}?lang=${lang}`)) });
      await context.close();
    }
    // The account page, signed in (its layout shift).
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${member.site}/student/signin/?lang=${lang}`);
    await page.type('#national_id', '1000000001');
    await page.type('#password', 'Demo-pass-2026');
    await Promise.all([page.waitForNavigation(), page.click('main button[type=submit]')]);
    rows.push({ page: `member /accounts (${lang}, signed in)`, ...(await audit(page, `${member.site}/accounts`)) });
    await context.close();
  }
  for (const lang of Array.from({ length: runs }, () => ['en', 'ar']).flat()) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${api.base}/admin/`);
    await page.evaluate((l) => globalThis.localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
    await page.goto(`${api.base}/admin/`);
    await page.waitForSelector('input[type=password]');
    await page.type('input[name=username], input[type=email]', ADMIN.email);
    await page.type('input[type=password]', ADMIN.password);
    await page.click('button[type=submit]');
    await page.waitForSelector('[role=menuitem]');
    // Signed in (its session cookie kept), but the scripts fetched again, as on a first visit.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    rows.push({ page: `back-office dashboard (${lang}, mobile)`, ...(await audit(page, `${api.base}/admin/#/`)) });
    await context.close();
  }
  report('lighthouse', rows, [
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile profile (simulated throttling), ${chromePath}`,
    'seoFailing: the SEO audits that did not pass',
  ]);
} finally {
  await browser.close();
  await member.stop();
  await api.stop();
  await db.drop();
}
