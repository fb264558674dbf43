import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import { searchList, signInStudent } from './helpers';

/**
 * Issue 22: the member site and the back-office run under a Content-Security-Policy, and browsing
 * them logs no violation (a script or style the policy would refuse shows up here first).
 */

/** Every CSP violation of the page, from the DOM event and from the console, across navigations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
        `${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

test.describe('Content-Security-Policy', () => {
  test('member pages carry a nonce policy and browse without a violation, in English and Arabic', async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto('/');
    const csp = res!.headers()['content-security-policy'];
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // Styles come only from the site's built stylesheets: no style tag may run.
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'self'");
    // The journeys' member server runs with NODE_ENV=production on plain http: no HSTS there (a
    // browser ignores it over http), nor for a client that only says it came over https (issue 31).
    expect(res!.headers()['strict-transport-security']).toBeUndefined();
    const spoofed = await page.request.get('/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(spoofed.headers()['strict-transport-security']).toBeUndefined();
    // Features the site never uses are off for it and anything it frames.
    expect(res!.headers()['permissions-policy']).toContain('camera=()');
    expect(res!.headers()['permissions-policy']).toContain('geolocation=()');
    // A fresh nonce per answer.
    const again = (await page.request.get('/')).headers()['content-security-policy'];
    expect(again).not.toContain(nonce!);
    // Remix's scripts run (the page is interactive): a client navigation works.
    await page.goto('/auth/join-us');
    await page.goto('/blogs');
    await page.goto('/competitions');
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    const session = (await page.context().cookies()).find((c) => c.name === '__session');
    expect(session).toMatchObject({ secure: true, httpOnly: true });
    await page.goto('/accounts');
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: page.url() }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/accounts');
    expect(violations).toEqual([]);
  });

  test('the back-office runs under its policy without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(`${apiUrl}/admin/`);
    expect(res!.headers()['content-security-policy']).toContain("script-src 'self';");
    await page.getByLabel(/email/i).fill(E2E.admin.email);
    await page.locator('input[type=password]').fill(E2E.admin.password);
    await page.locator('button[type=submit]').click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    // Other journeys add members before this one: find the demo student rather than expect page one.
    await searchList(page, E2E.student.nationalId);
    await expect(page.getByText(E2E.student.name)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Blogs' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page.locator('.ProseMirror').first()).toBeVisible();
    await page.getByRole('button', { name: 'Choose from library' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    // A reload keeps the session (the cookie) and finds the CSRF token again: a change still saves.
    await page.reload();
    await page.getByRole('menuitem', { name: 'Categories' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=name]').fill(`فئة ${Date.now()}`);
    await page.locator('input[name=name_en]').fill(`Category ${Date.now()}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(violations).toEqual([]);
  });
});

test.describe('HTTP hygiene (issue 31)', () => {
  test('the member site sends its built files as their own type only (nosniff), and a missing one too', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const files = [...new Set([...html.matchAll(/["'](\/assets\/[^"']+\.(?:js|css))["']/g)].map((m) => m[1]))];
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of [...files, '/assets/missing-0000.js', '/favicon.ico']) {
      const res = await request.get(file);
      expect([file, res.headers()['x-content-type-options']]).toEqual([file, 'nosniff']);
    }
  });

  test('the API’s personal answers are never stored, and the OpenAPI page runs under its policy', async ({ page }) => {
    const signedIn = await page.request.post(`${apiUrl}/api/adduser-steb`, {
      data: { national_id: E2E.student.nationalId, password: E2E.demoPassword, type: 0, loginType: 'signin' },
    });
    const token = signedIn.headers()['authorization'];
    for (const path of ['/api/accounts', '/api/home']) {
      const res = await page.request.get(`${apiUrl}${path}`, { headers: { Authorization: token } });
      expect([path, res.status(), res.headers()['cache-control']]).toEqual([path, 200, 'no-store']);
    }
    const violations = await watchViolations(page);
    const docs = await page.goto(`${apiUrl}/api/docs`);
    expect(docs!.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Competition and membership platform API/ })).toBeVisible();
    await expect(page.getByText('/api/adduser-steb').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
