import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import { axeViolations, signInStaff, signInStudent } from './helpers';

// WCAG 2.2 AA with axe-core on every member page and back-office screen, in English and in Arabic.
const adminUrl = `${apiUrl}/admin/`;

/** Runs axe on the page as it is and fails with a readable list of what is wrong and where. */
async function expectNoViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  // The screen as it settles: react-admin's spinner can still be turning after the network is idle.
  await expect(page.getByRole('progressbar'), `${what}: still loading`).toHaveCount(0);
  // The dashboard's placeholders too: on a loaded machine its second fetch can start after the first idle moment.
  await expect(page.locator('.MuiSkeleton-root'), `${what}: placeholders still shown`).toHaveCount(0);
  const violations = await axeViolations(page);
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`)
        .join('\n'),
  );
  // Soft: one run lists every screen's problems, the test still fails at its end.
  expect.soft(report, `${what}\n${report.join('\n')}`).toEqual([]);
}

const publicPages = [
  ['join us', '/auth/join-us/'],
  ['student sign-in', '/student/signin/'],
  ['coach sign-in', '/coach/signin/'],
  ['entity sign-in', '/entity/signin/'],
  ['student sign-up', '/student/signup/'],
  ['entity sign-up', '/entity/signup/'],
  ['forgotten password', '/forget-password'],
  ['contact', '/contact'],
  ['privacy', '/privacy'],
  ['terms', '/terms'],
  ['articles', '/blogs'],
  ['competitions', '/competitions'],
  ['an article', '/blogs/view/how-to-build-your-first-robot'],
  ['not found', '/404/not-found/'],
  ['guardian invitation, a wrong link', '/invitations/not-a-real-invitation-link'],
  ['unsubscribe, a wrong link', '/unsubscribe?token=not-a-real-token'],
] as const;

const memberPages = [
  ['home', '/'],
  ['account', '/accounts'],
  ['account: skills', '/accounts?tab=skills'],
  ['account: subscriptions', '/accounts?tab=subscriptions'],
  ['account: settings', '/accounts?tab=settings'],
  ['plans', '/subcription/package/'],
  ['judge application', '/judges/apply'],
] as const;

test('the check itself finds a planted problem', async ({ page }) => {
  await page.goto('/auth/join-us/');
  await page.waitForLoadState('networkidle'); // hydrated: React keeps the planted node
  const pixel = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==';
  await page.evaluate((src) => {
    const img = Object.assign(document.createElement('img'), { src, width: 40, height: 40 });
    document.querySelector('main')!.append(img);
  }, pixel);
  const violations = await axeViolations(page);
  expect(violations.map((v) => v.id)).toContain('image-alt');
});

for (const lang of ['en', 'ar'] as const) {
  test.describe(`accessibility of the member site (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    });

    test('public pages', async ({ page }) => {
      // Eighteen pages, axe on each: past the default minute on a loaded 2-core machine (a guard, not a measure).
      test.slow();
      for (const [what, path] of publicPages) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expectNoViolations(page, `${what} ${path} (${lang})`);
      }
    });

    test('pages of a signed-in member', async ({ page }) => {
      test.slow();
      await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
      for (const [what, path] of memberPages) {
        await page.goto(path);
        await expectNoViolations(page, `${what} ${path} (${lang})`);
      }
      await page.goto('/');
      const article = page.locator('main a[href^="/blogs/view/"]').first();
      if (await article.count()) {
        await article.click();
        await expectNoViolations(page, `an article from home (${lang})`);
      }
    });
  });

  test.describe(`accessibility of the back-office (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
    });

    test('sign-in screen', async ({ page }) => {
      await page.goto(adminUrl);
      await expect(page.locator('input[type=password]')).toBeVisible();
      await expectNoViolations(page, `back-office sign-in (${lang})`);
    });

    test('a screen still loading names its progress bar', async ({ page }) => {
      // The media library's answer is held until axe has looked: a fresh-clone run once caught its bar
      // without a name, on a loaded machine where the answer took more than a moment.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/gallery?**', async (route) => {
        await held;
        await route.continue();
      });
      await signInStaff(page, lang);
      await page.goto(`${adminUrl}#/media`);
      const bar = page.locator('#main-content').getByRole('progressbar');
      await expect(bar).toHaveAccessibleName(lang === 'ar' ? 'جارٍ التحميل' : 'Loading');
      const violations = await axeViolations(page);
      expect(violations.map((v) => v.id)).toEqual([]);
      release();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
    });

    test('every list and form', async ({ page }) => {
      // About fifty screens with axe on each: a guard against a hang on a loaded machine, not a measure.
      test.setTimeout(600_000);
      await signInStaff(page, lang);
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, `dashboard (${lang})`);
      const resources = [
        'users',
        'corrections',
        'admins',
        'judges',
        'plans',
        'events',
        'announcements',
        'categories',
        'blogs',
        'seasons',
        'competitions',
        'registrations',
        'teams',
        'event-days',
        'transections',
        'contactus',
        'partners',
        'broadcasts',
        'audit',
        'messages',
      ];
      for (const name of resources) {
        await page.goto(`${adminUrl}#/${name}`);
        await expect(page.locator('.RaList-main, .RaList-content, .RaEmpty-message').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, `${name} list (${lang})`);
      }
      // The same lists on a 390 px phone: SimpleLists, toolbar buttons as icons with names.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const name of [...resources, 'media']) {
        await page.goto(`${adminUrl}#/${name}`);
        await expect(page.locator('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, `${name} list at 390 px (${lang})`);
      }
      await page.setViewportSize({ width: 1280, height: 720 });
      for (const name of [
        'users',
        'admins',
        'plans',
        'events',
        'announcements',
        'blogs',
        'partners',
        'registrations',
        'event-days',
      ]) {
        await page.goto(`${adminUrl}#/${name}/create`);
        await expect(page.locator('form').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, `${name} create form (${lang})`);
      }
      await page.goto(`${adminUrl}#/settings`);
      await expect(page.locator('form').first()).toBeVisible();
      await expectNoViolations(page, `settings (${lang})`);
    });
  });
}
