import { chromium } from '@playwright/test';
import { scratchDatabase, startApi, startMember } from './lib.mjs';
const db = await scratchDatabase('h4files');
const api = await startApi(db.url, 4710);
const member = await startMember(api.base, 4711);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
try {
  for (const lang of ['en', 'ar']) {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'lang', value: lang, url: member.site }]);
  const page = await ctx.newPage();
  const errors = []; page.on('pageerror', (e) => errors.push(e.message)); page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const rows = [];
  page.on('requestfinished', async (r) => { if (!['script','stylesheet'].includes(r.resourceType())) return; const s = await r.sizes(); rows.push([s.responseBodySize, s.responseHeadersSize, r.url().replace(member.site,'')]); });
  await page.goto(member.site + '/'); await page.waitForLoadState('networkidle');
  console.log(lang, page.url(), await page.locator('html').getAttribute('dir'), 'errors:', errors);
  rows.sort((a,b)=>b[0]-a[0]); let t=0, h=0; for (const [b,hh,u] of rows){t+=b; h+=hh; if (process.env.V) console.log(b,hh,u);} console.log(rows.length, 'files body', t, 'headers', h, 'total', t+h);
  await ctx.close();
  }
} finally { await browser.close(); await member.stop(); await api.stop(); await db.drop(); }
