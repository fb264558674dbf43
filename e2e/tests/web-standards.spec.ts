import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E } from '../env';
import { signInStudent } from './helpers';
import { SHOTS } from './journey';

/**
 * Issue 36, "the web as outside tools see it": the member site's pages as a crawler, a validator and
 * a browser's byte decoder see them, in English and Arabic, signed out and signed in.
 * - No control characters in the bytes (react-dom 18's Node streaming renderer wrote NUL bytes into
 *   Arabic pages: decision 024).
 * - Valid HTML by the W3C Nu validator (npm vnu-jar run by Debian's Java), 0 errors.
 */

const publicPages = [
  '/auth/join-us/',
  '/student/signin/',
  '/coach/signin/',
  '/entity/signin/',
  '/student/signup/',
  '/coach/signup/',
  '/entity/signup/',
  '/forget-password',
  '/contact',
  '/privacy',
  '/terms',
  '/blogs',
  '/blogs/view/how-to-build-your-first-robot',
  '/competitions',
  '/404/not-found/',
  '/invitations/not-a-real-invitation-link',
  '/unsubscribe?token=not-a-real-token',
];

const memberPages = [
  '/',
  '/accounts',
  '/accounts?tab=skills',
  '/accounts?tab=subscriptions',
  '/accounts?tab=settings',
  '/accounts?tab=teams',
  '/accounts?tab=research',
  '/subcription/package/',
  '/judges/apply',
];

type Fetched = { lang: 'en' | 'ar'; path: string; bytes: Buffer };

/** Each page's bytes as the server sends them, in the language the `lang` cookie names. */
async function fetchPages(page: Page, request: APIRequestContext, paths: readonly string[]): Promise<Fetched[]> {
  const out: Fetched[] = [];
  for (const lang of ['en', 'ar'] as const) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: page.url() }]);
    for (const path of paths) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect([200, 400, 404], `${path} (${lang}) answers ${res.status()}`).toContain(res.status());
      expect(res.headers()['content-type'], `${path} (${lang})`).toContain('text/html');
      out.push({ lang, path, bytes: await res.body() });
    }
  }
  return out;
}

/** C0 controls other than tab, line feed and carriage return, and DEL: never in a page's text. */
function controlCharacters(bytes: Buffer): string[] {
  const found: string[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) found.push(`0x${b.toString(16)} at ${i}`);
  }
  return found;
}

const vnuJar = resolve(__dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the Nu validator once on every page; answers each page's errors as readable lines. */
async function validate(pages: { name: string; html: Buffer | string }[]): Promise<Map<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = pages.map((p, i) => {
      const file = join(dir, `${i}.html`);
      writeFileSync(file, p.html);
      return file;
    });
    const result = await promisify(execFile)('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (r) => r,
      (e: { stdout: string; stderr: string; code?: number }) => {
        if (e.code !== 1) throw e; // 1: the validator ran and found errors
        return e;
      },
    );
    const { messages } = JSON.parse(result.stderr) as { messages: VnuMessage[] };
    const errors = new Map<string, string[]>();
    for (const m of messages) {
      if (m.type !== 'error' && m.subType !== 'fatal') continue;
      const index = Number(/(\d+)\.html$/.exec(m.url)?.[1]);
      const name = pages[index]?.name ?? m.url;
      const line = `line ${m.lastLine}: ${m.message} — ${(m.extract ?? '').replace(/\s+/g, ' ').trim()}`;
      errors.set(name, [...(errors.get(name) ?? []), line]);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const report = (errors: Map<string, string[]>) =>
  [...errors].map(([name, lines]) => `${name}\n  ${lines.join('\n  ')}`).join('\n');

test.describe('the member site as outside tools see it', () => {
  // One Java start validates every page; the validator takes some seconds on this machine.
  test.setTimeout(180_000);

  test('the validator reports a planted error (so a clean run means something)', async ({ page }) => {
    await page.goto('/auth/join-us/');
    const html = await (await page.request.get('/auth/join-us/')).text();
    const planted = html.replace('<main>', '<main><summary role="button" aria-expanded="false">x</summary><fieldset>');
    const errors = await validate([
      { name: 'planted', html: planted },
      { name: 'as served', html },
    ]);
    expect(errors.get('planted')?.join('\n')).toMatch(/summary/);
    expect(errors.get('as served')).toBeUndefined();
    // And the byte scan sees a NUL byte.
    expect(controlCharacters(Buffer.from('ab\u0000c'))).toEqual(['0x0 at 2']);
  });

  test('pages signed out and signed in: no control characters, valid HTML (en, ar)', async ({ page }) => {
    await page.goto('/auth/join-us/');
    const signedOut = await fetchPages(page, page.request, publicPages);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    const signedIn = await fetchPages(page, page.request, memberPages);
    const all = [...signedOut, ...signedIn];

    // Arabic pages are long enough to cross many of the renderer's 2 KiB views.
    expect(all.find((p) => p.lang === 'ar' && p.path === '/accounts')!.bytes.length).toBeGreaterThan(8 * 1024);
    const controls = all
      .map((p) => [`${p.path} (${p.lang})`, controlCharacters(p.bytes)] as const)
      .filter(([, found]) => found.length > 0);
    expect(controls, controls.map(([n, f]) => `${n}: ${f.slice(0, 5).join(', ')}`).join('\n')).toEqual([]);

    const errors = await validate(all.map((p) => ({ name: `${p.path} (${p.lang})`, html: p.bytes })));
    expect(errors.size, report(errors)).toBe(0);
  });

  test('found and shared in both languages: addresses per language, robots.txt, sitemap, share tags, icon', async ({
    page,
    request,
    baseURL,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    const robotsText = await robots.text();
    expect(robotsText).toContain('User-agent: *');
    expect(robotsText).toContain('Disallow: /accounts');
    // A team's public page may be found; registering a team may not.
    expect(robotsText).toContain('Disallow: /teams/register');
    expect(robotsText).not.toMatch(/^Disallow: \/teams\/$/m);
    // A signed-in page says so itself too, and names no canonical address to index.
    await page.goto('/auth/join-us/?lang=en');
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    const privateHtml = await (await page.request.get('/accounts?lang=ar')).text();
    expect(privateHtml).toContain('<meta name="robots" content="noindex"/>');
    expect(privateHtml).not.toContain('rel="canonical"');
    expect(privateHtml).not.toContain('hrefLang');
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(locs).toContain(`${baseURL}/auth/join-us/?lang=ar`);
    expect(locs).toContain(`${baseURL}/blogs/view/how-to-build-your-first-robot?lang=en`);
    expect(locs.some((l) => l.includes('/accounts'))).toBe(false);

    for (const path of [
      '/auth/join-us/',
      '/blogs',
      '/competitions',
      '/contact',
      '/blogs/view/how-to-build-your-first-robot',
    ]) {
      for (const lang of ['en', 'ar'] as const) {
        // No cookie: the address alone names the language (a crawler keeps none).
        const res = await request.get(`${path}?lang=${lang}`, { headers: { Cookie: '' } });
        expect(res.status()).toBe(200);
        const html = await res.text();
        const what = `${path} (${lang})`;
        expect(html, what).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
        const attr = (re: RegExp) => re.exec(html)?.[1];
        expect(attr(/<link rel="canonical" href="([^"]+)"/), what).toBe(`${baseURL}${path}?lang=${lang}`);
        // React writes the attribute as hrefLang; HTML attribute names are case-insensitive.
        const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/gi)].map(
          (m) => `${m[1]} ${m[2]}`,
        );
        expect(alternates, what).toEqual([
          `en ${baseURL}${path}?lang=en`,
          `ar ${baseURL}${path}?lang=ar`,
          `x-default ${baseURL}${path}`,
        ]);
        expect(attr(/<meta name="description" content="([^"]*\S[^"]*)"/), what).toBeTruthy();
        expect(attr(/<meta property="og:title" content="([^"]+)"/), what).toBeTruthy();
        expect(attr(/<meta property="og:image" content="([^"]+)"/), what).toMatch(/^http/);
        expect(attr(/<meta property="og:locale" content="([^"]+)"/), what).toBe(lang === 'ar' ? 'ar_SA' : 'en_US');
        expect(html, what).toContain('<link rel="icon" href="/favicon.svg"');
        // The visitor following the address stays in its language on the next pages.
        expect(res.headers()['set-cookie'], what).toContain(`lang=${lang}`);
      }
    }
    const share = await request.get('/share.png');
    expect(share.headers()['content-type']).toBe('image/png');
    expect(share.headers()['cache-control']).toContain('max-age=604800');
    expect((await request.get('/placeholder-post.svg')).headers()['cache-control']).toContain('max-age=604800');
    expect((await request.get('/favicon.svg')).status()).toBe(200);
  });

  test('what changed, as people see it (screenshots with E2E_SCREENSHOTS)', async ({ page }) => {
    test.skip(!SHOTS, 'E2E_SCREENSHOTS names no folder');
    for (const [width, height, device] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const lang of ['en', 'ar'] as const) {
        await page.goto(`/student/signup/?lang=${lang}`);
        await page.screenshot({ path: `${SHOTS}/web-signup-${lang}-${device}.png`, fullPage: true });
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/join-us/?lang=ar');
    await page.locator('summary[aria-label="القائمة"]').click();
    await page.screenshot({ path: `${SHOTS}/web-menu-ar-phone.png` });
    await page.goto('/auth/join-us/?lang=en');
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    for (const lang of ['en', 'ar'] as const) {
      await page.goto(`/accounts?lang=${lang}`);
      await page.screenshot({ path: `${SHOTS}/web-accounts-${lang}-phone.png`, fullPage: true });
    }
  });
});
