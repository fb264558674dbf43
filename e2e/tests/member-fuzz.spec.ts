import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { test } from './fixtures';
import fc from 'fast-check';
import { en } from '../../member/app/i18n/en';
import { ar } from '../../member/app/i18n/ar';
import { memberUrl } from '../env';
import { createMember, signInStudent } from './helpers';

/**
 * Every action of the member site, found from its route files, posted malformed and cross-site
 * bodies, anonymously and signed in: never a 5xx; a cross-site post is refused with 403 and a body
 * that is not a form with 400, each with its message in the member's language.
 */
const RUNS = Number(process.env.MEMBER_FUZZ_RUNS || 12);
const routesDir = resolve(__dirname, '../../member/app/routes');

/** A URL for a flat-routes file name: `a.$id.b` → `/a/<id>/b`, `x_` → `x`, `($id)` → optional. */
function pathOf(file: string, param: string): string {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((s) => s !== '_index')
    .map((s) => {
      if (s === '$') return `any/${param}`;
      if (/^\(?\$/.test(s)) return param;
      return s.replace(/_$/, '').replace(/^\((.*)\)$/, '$1');
    });
  return `/${segments.join('/')}`;
}

/**
 * Route modules with an action, named as their route (`accounts.tsx` for the folder
 * `accounts/route.tsx`, whose other files are not routes).
 */
const actionFiles = readdirSync(routesDir, { withFileTypes: true })
  .map((entry) =>
    entry.isDirectory() ? [`${entry.name}.tsx`, join(entry.name, 'route.tsx')] : [entry.name, entry.name],
  )
  // The catch-all answers every post with 404; it is checked on its own below.
  .filter(([name]) => name !== '$.tsx')
  .filter(([, file]) => {
    const path = join(routesDir, file);
    return existsSync(path) && /export (async function|const) action\b/.test(readFileSync(path, 'utf8'));
  })
  .map(([name]) => name);

const FIELDS = [
  'intent',
  'lang',
  'redirectTo',
  'national_id',
  'password',
  'cpassword',
  'email',
  'code',
  'phone_number',
  'name',
  'title',
  'desc',
  'skill',
  'message',
  'file',
];
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', 'None', '٠١٢٣٤٥٦٧٨٩', '\u0000', '/%09/evil.example', '__proto__', 'a'.repeat(5000)),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

type Body =
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'multipart'; fields: [string, string][]; file: boolean }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; value: string }
  | { kind: 'broken-multipart'; value: string }
  | { kind: 'none' };

const fieldList = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), text), {
  maxLength: 6,
});
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.record({ kind: fc.constant('form' as const), fields: fieldList }),
  fc.record({ kind: fc.constant('multipart' as const), fields: fieldList, file: fc.boolean() }),
  fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ kind: fc.constant('text' as const), value: fc.string({ maxLength: 100 }) }),
  fc.record({ kind: fc.constant('broken-multipart' as const), value: fc.string({ maxLength: 100 }) }),
  fc.record({ kind: fc.constant('none' as const) }),
);
const origin = fc.constantFrom('same', 'cross', 'absent', 'null');
// `.` and `..` are not parameters: every client resolves them away, to another route.
const param = fc.oneof(
  fc.uuid(),
  fc
    .string({ minLength: 1, maxLength: 12 })
    .map(encodeURIComponent)
    .filter((s) => s !== '.' && s !== '..'),
);

/** The Cookie header of a call: the language chosen for it, and the session cookie when there is one. */
const cookieOf = (lang: 'en' | 'ar', session?: { value: string }) =>
  [`lang=${lang}`, ...(session ? [`__session=${session.value}`] : [])].join('; ');

async function post(request: APIRequestContext, path: string, b: Body, from: string, lang: 'en' | 'ar') {
  // The language is chosen per call; the session cookie (signed in or not) goes along as it is.
  const { cookies } = await request.storageState();
  const session = cookies.find((c) => c.name === '__session');
  const headers: Record<string, string> = { Accept: 'text/html', Cookie: cookieOf(lang, session) };
  if (from === 'same') headers.Origin = memberUrl;
  if (from === 'cross') headers.Origin = 'https://evil.example';
  if (from === 'null') headers.Origin = 'null';
  const options = { headers, maxRedirects: 0, failOnStatusCode: false, timeout: 30_000 };
  switch (b.kind) {
    case 'form':
      return request.post(path, { ...options, form: Object.fromEntries(b.fields) });
    case 'multipart': {
      const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = Object.fromEntries(
        b.fields,
      );
      if (b.file) multipart.file = { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not a png') };
      return request.post(path, { ...options, multipart });
    }
    case 'json':
      return request.post(path, {
        ...options,
        data: JSON.stringify(b.value),
        headers: { ...headers, 'Content-Type': 'application/json' },
      });
    case 'text':
      return request.post(path, { ...options, data: b.value, headers: { ...headers, 'Content-Type': 'text/plain' } });
    case 'broken-multipart':
      return request.post(path, {
        ...options,
        data: `--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${b.value}`,
        headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=abc' },
      });
    case 'none':
      return request.post(path, options);
  }
}

async function expectRefusal(res: APIResponse, status: number, message: string) {
  expect(res.status()).toBe(status);
  expect(await res.text()).toContain(message);
}

async function fuzz(request: APIRequestContext, skip: (file: string) => boolean = () => false) {
  for (const file of actionFiles.filter((f) => !skip(f))) {
    await fc.assert(
      fc.asyncProperty(param, body, origin, fc.constantFrom('en' as const, 'ar' as const), async (p, b, from, lang) => {
        const path = pathOf(file, p);
        const res = await post(request, path, b, from, lang);
        const m = lang === 'ar' ? ar : en;
        expect(res.status(), `${path} ${b.kind} ${from}`).toBeLessThan(500);
        if (from === 'cross' || from === 'null') await expectRefusal(res, 403, m.error.cross_site);
        // No page's path holds a backslash (a parameter may bring one): the not-found page.
        else if (/%5C/i.test(path)) await expectRefusal(res, 404, m.notfound.text);
        else if (
          !['form', 'multipart'].includes(b.kind) &&
          !file.startsWith('logout') &&
          !file.startsWith('subcription')
        )
          await expectRefusal(res, 400, m.error.bad_form);
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }
}

test.describe('member site actions under malformed and cross-site posts', () => {
  test('the route files name the actions we fuzz', () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(14);
    expect(pathOf('forget-password_.verify.rs-pass.$userId.tsx', 'X')).toBe('/forget-password/verify/rs-pass/X');
    expect(pathOf('subcription.package.($id).tsx', 'X')).toBe('/subcription/package/X');
    expect(pathOf('embeded.login.$.tsx', 'X')).toBe('/embeded/login/any/X');
  });

  test('the findings of the penetration test', async ({ request, page }) => {
    // POST /set-lang with no body, JSON to a form route: 400 with a message, not 500.
    await expectRefusal(await post(request, '/set-lang', { kind: 'none' }, 'same', 'en'), 400, en.error.bad_form);
    await expectRefusal(
      await post(request, '/contact', { kind: 'json', value: { name: 'x' } }, 'same', 'ar'),
      400,
      ar.error.bad_form,
    );
    // A post to a path no route owns: 404, like a visit, in the member's language.
    const unknown = await post(request, '/no/such/page', { kind: 'form', fields: [['a', 'b']] }, 'same', 'ar');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain(ar.notfound.text);
    // A path with an encoded backslash, which React Router read as another host's address and failed to
    // render (a 500 found by the fuzz), or with a broken escape: the not-found page, visited or posted to.
    for (const path of ['/%5C%20', '/%5C%20/%5C%20', '/%5C%20/x/y', '/blogs/view/%5C', '/%C0']) {
      const visit = await request.get(path, { headers: { Cookie: 'lang=ar' }, failOnStatusCode: false });
      expect(visit.status(), path).toBe(404);
      expect(await visit.text()).toContain(ar.notfound.text);
      const posted = await post(request, path, { kind: 'text', value: '' }, 'same', 'en');
      expect(posted.status(), path).toBe(404);
      expect(await posted.text()).toContain(en.notfound.text);
    }
    // A cross-site post: 403, whether or not the member is signed in.
    await expectRefusal(
      await post(request, '/logout', { kind: 'form', fields: [] }, 'cross', 'en'),
      403,
      en.error.cross_site,
    );
    const res = await request.post('/set-lang', {
      form: { lang: 'ar', redirectTo: '/accounts' },
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    expect(res.status()).toBe(403);

    // Open redirect: a tab (or a backslash) that a browser would drop is refused, the member goes home.
    for (const to of [
      '/\t/evil.example',
      '/\\evil.example',
      '//evil.example',
      '/\n/evil.example',
      'https://evil.example',
    ]) {
      const r = await request.post('/set-lang', {
        form: { lang: 'en', redirectTo: to },
        headers: { Origin: memberUrl },
        maxRedirects: 0,
      });
      expect(r.status(), JSON.stringify(to)).toBe(302);
      expect(r.headers().location).toBe('/');
    }
    const kept = await request.post('/set-lang', {
      form: { lang: 'en', redirectTo: '/blogs?page=2#top' },
      headers: { Origin: memberUrl },
      maxRedirects: 0,
    });
    expect(kept.headers().location).toBe('/blogs?page=2#top');

    // Junk multipart to /accounts, signed in: 400 and the member stays signed in.
    const member = await createMember(page);
    await signInStudent(page, member.id, member.password);
    await expectRefusal(
      await post(page.request, '/accounts', { kind: 'broken-multipart', value: 'junk' }, 'same', 'en'),
      400,
      en.error.bad_form,
    );
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/accounts/);
  });

  test('every action, anonymously', async ({ request }) => {
    test.setTimeout(240_000);
    await fuzz(request);
  });

  test('every action, signed in as a student', async ({ page }) => {
    test.setTimeout(240_000);
    const member = await createMember(page);
    await signInStudent(page, member.id, member.password);
    // Signing out would end the round early: it is fuzzed anonymously above.
    await fuzz(page.request, (f) => f.startsWith('logout'));
    // Still signed in after everything: no action broke the session.
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/accounts/);
  });
});

/** A segment of a page's path: a word of the site's routes, or anything a scanner might send. */
const routeWords = [
  ...new Set(
    readdirSync(routesDir)
      .flatMap((name) => name.replace(/\.tsx$/, '').split('.'))
      .filter((s) => /^[a-z-]+_?$/.test(s))
      .map((s) => s.replace(/_$/, '')),
  ),
];
const segment = fc.oneof(
  fc.constantFrom(...routeWords),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 6 }).map(encodeURIComponent),
  fc.constantFrom('%5C', '%5C%20', '%25', '%00', '%0A', '%E2%80%A9', '%2F', '%C0', '%E0%A4', '', '~', '%3A%2F%2F'),
);
const oddPath = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/${s.join('/')}`);

test.describe('member site pages under odd paths', () => {
  test('visited anonymously and signed in, in both languages: never a 5xx', async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await createMember(page);
    await signInStudent(page, member.id, member.password);
    const session = (await page.context().cookies()).find((c) => c.name === '__session');
    expect(session).toBeTruthy();
    await fc.assert(
      fc.asyncProperty(oddPath, fc.boolean(), fc.constantFrom('en', 'ar'), async (path, signedIn, lang) => {
        // Whole, so a path starting with // stays a path.
        const res = await request.get(`${memberUrl}${path}`, {
          headers: { Accept: 'text/html', Cookie: cookieOf(lang, signedIn ? session : undefined) },
          maxRedirects: 0,
          failOnStatusCode: false,
        });
        expect(res.status(), path).toBeLessThan(500);
      }),
      { numRuns: RUNS * 20, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  });
});
