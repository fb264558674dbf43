import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { axeViolations, createMember, searchList, signInStudent, uniqueId } from './helpers';

const adminUrl = `${apiUrl}/admin/`;
/** Where the journey leaves its screenshots (phone and desktop, both languages) for people to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR;

/** WCAG 2.2 AA (axe-core) on the screen as it is, as the accessibility journey checks every page. */
async function expectAccessible(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect
    .soft(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      what,
    )
    .toEqual([]);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an admin refunds a coach’s order in the back-office; the coach sees the refund and downloads the credit note in English and Arabic', async ({
  browser,
  page,
}) => {
  // Two people, both languages, two widths and five axe passes: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  // The coach buys a plan in the sandbox.
  // A name of its own: staff find the order by it while other files' coaches pay beside this one.
  const coach = await createMember(page, 1, { name: `Coach ${uniqueId()}` });
  await signInStudent(page, coach.id, coach.password, 'coach');
  await page.goto('/subcription/package');
  await page.getByRole('link', { name: /Coach annual membership/ }).click();
  await page.getByRole('button', { name: 'Subscribe and pay' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Paid successfully!')).toBeVisible();
  await page.goto('/accounts?tab=subscriptions');
  const row = page.locator('tr[data-order]').first();
  await expect(row.getByText('Paid')).toBeVisible();
  const orderId = (await row.getAttribute('data-order'))!;

  // The admin, in another browser, refunds part of it from the transaction's dialog.
  const staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await staff.newPage();
  await admin.goto(adminUrl);
  await admin.getByLabel(/email/i).fill(E2E.admin.email);
  await admin.getByLabel(/password/i).fill(E2E.admin.password);
  await admin.getByRole('button', { name: /sign in/i }).click();
  await admin.getByRole('menuitem', { name: 'Transactions' }).click();
  await searchList(admin, coach.name);
  // The row opens the dialog (the name itself links to the member's page).
  await admin.locator('tbody tr', { hasText: coach.name }).first().locator('td').last().click();
  const dialog = admin.getByRole('dialog', { name: 'Transaction' });
  await expect(dialog.getByText('No refunds.')).toBeVisible();
  // The invoice's number, in its row (its e-invoice, once stamped, names it again below).
  await expect(dialog.getByText(/^INV-\d{4}-\d{6}$/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund' }).click();
  const form = admin.getByRole('dialog', { name: 'Refund this order' });
  const amount = form.getByLabel(/Amount to refund/);
  await expect(amount).toHaveValue('350.00');
  // More than was paid: the API's message, nothing refunded.
  await amount.fill('400');
  await form.getByLabel('Reason').fill('Event cancelled');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The refund cannot be more than SAR 350.00, what remains of the amount paid.',
  );
  // Arabic-Indic digits are accepted.
  await amount.fill('١٠٠');
  await shot(admin, 'admin-refund-dialog-en-1440');
  await expectAccessible(admin, 'the refund form');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(admin.getByText(/Refunded\. Credit note CN-\d{4}-\d{6} issued\./)).toBeVisible();
  const refunds = dialog.getByTestId('order-refunds');
  await expect(refunds.getByText(/SAR\s100\.00/)).toBeVisible();
  await expect(refunds.getByText('Event cancelled')).toBeVisible();
  const creditNote = (await refunds.getByText(/CN-\d{4}-\d{6}/).textContent())!.trim();
  await shot(admin, 'admin-order-refunded-en-1440');
  // The same in Arabic, right to left, on a desktop and on a phone.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await admin.getByRole('button', { name: 'English' }).click();
  await admin.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const width of [1440, 390]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.getByText(coach.name).first().waitFor();
    if (width === 1440) await admin.locator('tbody tr', { hasText: coach.name }).first().locator('td').last().click();
    else await admin.getByText(coach.name).first().click();
    const arabic = admin.getByRole('dialog', { name: 'المعاملة' });
    await expect(arabic.getByTestId('order-refunds').getByText('Event cancelled')).toBeVisible();
    await expect(arabic.getByText('المبالغ المستردة')).toBeVisible();
    await expect(arabic.getByRole('button', { name: 'استرداد' })).toBeVisible();
    await shot(admin, `admin-order-refunded-ar-${width}`);
    if (width === 1440) await expectAccessible(admin, 'the refunded order (ar)');
    await arabic.getByRole('button', { name: 'إغلاق' }).click();
  }
  await staff.close();

  // The coach sees the refund and downloads the credit note, in English then in Arabic.
  for (const lang of ['en', 'ar'] as const) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: memberUrl }]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/accounts?tab=subscriptions');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const scope =
        width === 1440 ? page.locator(`tr[data-refunds-of="${orderId}"]`) : page.locator(`li[data-order="${orderId}"]`);
      await expect(scope.getByText(lang === 'en' ? 'Refunds' : 'المبالغ المستردة')).toBeVisible();
      const link = scope.getByRole('link', {
        name: lang === 'en' ? `Download credit note ${creditNote}` : `تنزيل الإشعار الدائن ${creditNote}`,
      });
      await expect(link).toBeVisible();
      await expect(scope.getByText(lang === 'en' ? /Refunded on/ : /استُرد في/)).toBeVisible();
      await shot(page, `member-billing-refund-${lang}-${width}`);
      await expectAccessible(page, `billing with a refund (${lang}, ${width} px)`);
      if (width === 1440) {
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toBe(`${creditNote}.pdf`);
        expect(
          readFileSync((await download.path())!)
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
      }
    }
  }
  // A partial refund leaves the order paid and the invoice downloadable.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/accounts?tab=subscriptions');
  await expect(page.locator(`tr[data-order="${orderId}"]`).getByText('Paid')).toBeVisible();
  // Another member's credit note is not found.
  const refundId = await page
    .locator(`tr[data-refunds-of="${orderId}"] [data-refund]`)
    .first()
    .getAttribute('data-refund');
  const other = await browser.newContext({ baseURL: memberUrl });
  const stranger = await other.newPage();
  const someone = await createMember(stranger, 1);
  await signInStudent(stranger, someone.id, someone.password, 'coach');
  await stranger.goto(`/accounts/credit-note/${refundId}`);
  await expect(stranger.getByText('The credit note was not found.')).toBeVisible();
  await other.close();
});
