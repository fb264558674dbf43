import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import {
  axeViolations,
  createMember,
  outboxCode,
  saudiMobile,
  signInStaff,
  signInStudent,
  tickRequiredBoxes,
  typeCode,
  uniqueId,
} from './helpers';

/** With SHOTS_DIR set, the pages are kept as PNGs there to be looked at. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** WCAG 2.2 AA with axe-core on the page as it is (a11y.spec.ts does every page; these states are new). */
async function expectAccessible(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function staffHeaders(page: Page) {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.subAdmin.email, password: E2E.subAdmin.password, type: 5, loginType: 'signin' },
  });
  return { Authorization: login.headers()['authorization'] };
}

test.describe('date of birth and grade, set at sign-up (issue 29)', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`a student on a phone (${lang}) sees them locked and asks staff for a correction, which staff approve`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      const member = await createMember(page, 0);
      await signInStudent(page, member.id, member.password);
      await page.goto('/accounts?tab=profile');
      const ar = lang === 'ar';
      const dob = page.getByRole('textbox', { name: ar ? 'تاريخ الميلاد' : 'Date of birth' });
      await expect(dob).toBeDisabled();
      await expect(page.getByRole('textbox', { name: ar ? 'الصف' : 'Grade', exact: true })).toBeDisabled();
      await shot(page, `profile-${lang}-390`);

      await page
        .getByRole('link', { name: ar ? 'طلب تصحيح' : 'Request a correction' })
        .first()
        .click();
      await expect(page).toHaveURL(/correction=1/);
      await page.locator('#correction-dob').fill('2010-06-15');
      await page.locator('#correction-grade').selectOption('9');
      await page.locator('#correction-reason').fill('Birth certificate');
      await shot(page, `correction-form-${lang}-390`);
      await expectAccessible(page);
      await page.getByRole('button', { name: ar ? 'إرسال الطلب' : 'Send the request' }).click();
      await expect(
        page.getByText(ar ? 'تم إرسال طلب التصحيح.' : 'Your correction request was sent.', { exact: false }).first(),
      ).toBeVisible();
      await expect(
        page
          .getByRole('status')
          .getByText(
            ar ? 'طلب التصحيح الذي أرسلته بانتظار فريق المنصة.' : 'Your correction request is waiting for staff.',
          ),
      ).toBeVisible();
      await shot(page, `correction-pending-${lang}-390`);
      await expectAccessible(page);

      // Staff approve it (the back-office's call); the profile then shows the corrected values.
      const headers = await staffHeaders(page);
      const list = await page.request.get(`${apiUrl}/api/admin/corrections`, {
        headers,
        params: { filter: JSON.stringify({ user: member.userId, state: 'open' }) },
      });
      const [request] = (await list.json()) as { id: string }[];
      expect((await page.request.post(`${apiUrl}/api/admin/corrections/${request.id}/approve`, { headers })).ok()).toBe(
        true,
      );
      await page.reload();
      await expect(page.getByRole('textbox', { name: ar ? 'الصف' : 'Grade', exact: true })).toHaveValue('9');
      await expect(page.getByRole('status')).toHaveCount(0);
    });
  }

  for (const lang of ['en', 'ar'] as const) {
    test(`a public school signs up on a phone (${lang}) without a VAT or commercial-register number`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      const ar = lang === 'ar';
      const suffix = uniqueId();
      const phone = saudiMobile(suffix);
      await page.goto('/entity/signup/');
      await page.locator('#name').fill(ar ? 'مدرسة النور الحكومية' : 'Al Noor Public School');
      await page.locator('#email').fill(`office${suffix}@alnoor-school.example`);
      await page.locator('#phone_number').fill(phone);
      await page.locator('select[name=entityType]').selectOption('School');
      await page.locator('select[name=entityKind]').selectOption('public_school');
      await expect(page.locator('#tax_id')).not.toHaveAttribute('required', '');
      await page.locator('select[name=region]').selectOption({ index: 1 });
      await page.locator('#password').fill('Entity-pass-1');
      await page.locator('#cpassword').fill('Entity-pass-1');
      await shot(page, `entity-signup-${lang}-390`);
      await expectAccessible(page);
      // A company needs both numbers: the browser asks for them.
      await page.locator('select[name=entityKind]').selectOption('company');
      await expect(page.locator('#tax_id')).toHaveAttribute('required', '');
      await page.locator('select[name=entityKind]').selectOption('public_school');
      await page.getByRole('button', { name: ar ? 'التالي' : 'Next' }).click();
      await page.locator('#supervisor_name').fill('Huda');
      await page.locator('#supervisor_id').fill('1234567890');
      await page.locator('#supervisor_email').fill('huda@alnoor-school.example');
      await page.locator('#supervisor_phone').fill('0501234567');
      await tickRequiredBoxes(page);
      await page.getByRole('button', { name: ar ? 'إنشاء الحساب' : 'Create account' }).click();
      await expect(page.getByText(ar ? 'تم التسجيل بنجاح' : 'Registered successfully!').first()).toBeVisible();
      await typeCode(page, await outboxCode(page, phone));
      await expect(page).toHaveURL(`${baseURL}/`);
    });
  }

  for (const lang of ['en', 'ar'] as const) {
    test(`a sub-admin decides requests in the back-office (${lang}), on a phone and a desktop`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
      const ar = lang === 'ar';
      // Two members ask: one request is approved, the other declined.
      const asked: string[] = [];
      for (const grade of ['10', '11']) {
        const member = await createMember(page, 0);
        const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
          data: { national_id: member.id, password: member.password, type: 0, loginType: 'signin' },
        });
        const headers = { Authorization: signin.headers()['authorization'] };
        const res = await page.request.post(`${apiUrl}/api/accounts/correction`, {
          headers,
          data: { grade, reason: 'Moved up a year' },
        });
        expect(res.ok()).toBe(true);
        asked.push(member.name);
      }
      await signInStaff(page, undefined, E2E.subAdmin);
      await page.getByRole('menuitem', { name: ar ? 'طلبات التصحيح' : 'Correction requests' }).click();
      const approve = page.getByRole('button', { name: ar ? 'موافقة' : 'Approve' });
      await expect(approve.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, `admin-corrections-${lang}-1280`);
      await expectAccessible(page);
      await approve.first().click();
      await expect(
        page.getByText(ar ? 'طُبِّق التصحيح على الحساب' : 'The correction was applied to the account', {
          exact: false,
        }),
      ).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(approve.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, `admin-corrections-${lang}-390`);
      await expectAccessible(page);
      await page
        .getByRole('button', { name: ar ? 'رفض' : 'Decline' })
        .first()
        .click();
      await expect(
        page.getByText(ar ? 'رُفض الطلب، وأُبلغ العضو بذلك.' : 'The request was declined, and the member is told.'),
      ).toBeVisible();
    });
  }
});
