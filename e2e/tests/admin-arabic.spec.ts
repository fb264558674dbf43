import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import { arabicDigits, signUpMember } from './helpers';
import { noViolations, shot } from './journey';

/**
 * The back-office as Arabic-speaking staff use it every day (issue 37): the sign-in page in the
 * browser's language, then every list and form the issue touched, at a phone's 390 px and a desk's
 * 1280 px. On each: what staff read (Arabic words, right to left, nothing wider than the screen, no
 * path or JSON name), and axe at 0 violations. With E2E_SCREENSHOTS=<folder> each is saved as a PNG
 * (admin-ar-<screen>-<width>.png) to be looked at.
 */
const adminUrl = `${apiUrl}/admin/`;
const WIDTHS = [1280, 390] as const;

/** Nothing wider than the window (a clipped label or a table pushing the page sideways). */
async function fitsTheWidth(page: Page, what: string) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `${what}: the page is ${scroll}px wide in a ${width}px window`).toBeLessThanOrEqual(width + 1);
}

/** The page's text shows no path, resource name or JSON field name in Latin letters. */
async function noTechnicalWords(page: Page, what: string) {
  const text = await page.locator('main').innerText();
  expect(text, what).not.toMatch(/\b(competitions|transections|registrations|event-days)\/|\b[a-z]+_[a-z_]+\b/);
}

/**
 * Phones, e-mail addresses and money shown inside Arabic are each isolated (<bdi> or an element
 * with its own direction), so a '+' or 'ر.س' cannot move to the wrong end of the run.
 */
async function mixedRunsIsolated(page: Page, what: string) {
  const loose = await page.evaluate(() => {
    const out: string[] = [];
    const root = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      if (!/\+\d{6,}|\S+@\S+\.[A-Za-z]{2,}|ر\.س|SAR/.test(text)) continue;
      if (n.parentElement?.closest('bdi, [dir="ltr"], [dir="auto"], input, textarea')) continue;
      out.push(`${n.parentElement?.outerHTML.slice(0, 200)}`);
    }
    return out;
  });
  expect(loose, what).toEqual([]);
}

type Screen = { name: string; path: string; ready: (page: Page) => Promise<void> };

test.describe('the back-office in Arabic, every screen of issue 37 at 390 and 1280 px', () => {
  // A field that is not there fails in seconds, not at the test's end.
  test.use({ locale: 'ar-SA', actionTimeout: 20_000 });

  test('sign-in from the browser’s language, users found by a phone in Arabic digits, finance, audit, media, results import, events, plans and fees: Arabic, right to left, axe clean', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const member = await signUpMember(page);
    // The member's mobile as an Arabic keyboard types it, in the local form: ٠٥٠…
    const localPhone = arabicDigits(`0${member.phone.slice(4)}`);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(adminUrl);
      await expect(page.getByRole('heading', { name: 'تسجيل الدخول إلى لوحة الإدارة' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await fitsTheWidth(page, `sign-in ${width}`);
      await noViolations(page, `sign-in ${width}`);
      await shot(page, `admin-ar-signin-${width}`);
    }
    await page.getByLabel('البريد الإلكتروني').fill(E2E.admin.email);
    await page.locator('input[type=password]').fill(E2E.admin.password);
    await page.locator('button[type=submit]').click();
    // Signing in hashes the password: slow on a busy machine.
    await expect(page).toHaveURL(/#\/$/, { timeout: 60_000 });

    const screens: Screen[] = [
      {
        name: 'users',
        path: `users?filter=${encodeURIComponent(JSON.stringify({ q: localPhone }))}`,
        ready: async (p) => {
          // Found by the phone typed in Arabic-Indic digits, the search box keeping what was typed.
          await expect(p.getByPlaceholder('بحث')).toHaveValue(localPhone);
          await expect(p.locator('main').getByText(member.id).first()).toBeVisible();
        },
      },
      {
        name: 'finance',
        path: 'transections',
        ready: async (p) => {
          await expect(p.getByRole('button', { name: 'التصدير المالي' })).toBeVisible();
        },
      },
      {
        name: 'audit',
        path: 'audit',
        ready: async (p) => {
          await expect(p.locator('header').getByText('سجل التدقيق')).toBeVisible();
          await expect(p.locator('main').getByText('تسجيل دخول').first()).toBeVisible();
        },
      },
      {
        name: 'media',
        path: 'media',
        ready: async (p) => {
          await expect(p.getByRole('heading', { name: 'مكتبة الملفات' }).first()).toBeVisible();
        },
      },
      {
        name: 'results-import',
        path: 'teams',
        ready: async (p) => {
          await p.getByRole('button', { name: 'استيراد النتائج' }).click();
          const dialog = p.getByRole('dialog');
          await expect(dialog.getByText('اختر الموسم والمسابقة أولًا.')).toBeVisible();
          await expect(dialog.getByRole('button', { name: 'تنزيل القالب' })).toBeVisible();
        },
      },
      {
        name: 'events-form',
        path: 'events/create',
        ready: async (p) => {
          await expect(p.getByRole('switch', { name: 'العرض في الرئيسية' })).toBeVisible();
          await expect(p.getByRole('switch', { name: 'العد التنازلي' })).toBeVisible();
          await expect(p.getByLabel('المكان', { exact: true })).toBeVisible();
        },
      },
      {
        name: 'plans-form',
        path: 'plans/create',
        ready: async (p) => {
          // A price and a duration typed in Arabic-Indic digits stay in the field (no silent empty).
          await expect(p.getByText('السعر', { exact: false }).first()).toBeVisible();
          const price = p.locator('input[name="orignal_pirce"]');
          await price.fill('٣٥٠');
          await expect(price).toHaveValue('٣٥٠');
          const duration = p.locator('input[name="duration"]');
          await duration.fill('١٢');
          await expect(duration).toHaveValue('١٢');
        },
      },
      {
        name: 'fees-form',
        path: 'registrations/create',
        ready: async (p) => {
          const fee = p.locator('input[name="fee"]');
          await fee.fill('١٥٠٫٥٠');
          await expect(fee).toHaveValue('١٥٠٫٥٠');
          const age = p.locator('input[name="max_age"]');
          await age.fill('١٥');
          await expect(age).toHaveValue('١٥');
        },
      },
    ];

    for (const screen of screens) {
      for (const width of WIDTHS) {
        const what = `${screen.name} at ${width}px`;
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${adminUrl}#/${screen.path}`);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await screen.ready(page);
        await noTechnicalWords(page, what);
        await mixedRunsIsolated(page, what);
        if (!screen.name.endsWith('import')) await fitsTheWidth(page, what);
        await noViolations(page, what);
        await shot(page, `admin-ar-${screen.name}-${width}`);
        await page.keyboard.press('Escape');
      }
    }
  });
});
