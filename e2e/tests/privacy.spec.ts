import { execFileSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiUrl, memberUrl } from '../env';
import { apiToken, createMember, signInAdminArabic, signInStudent } from './helpers';
import { noViolations, shot } from './journey';

/**
 * Issue 31, privacy as the law expects, as a member lives it in Arabic on a phone: she downloads a
 * copy of her data, asks for her account to be deleted, changes her mind, asks again; staff see the
 * request on her page (in Arabic) and an admin could cancel it. The deletion itself, after its grace
 * period, is the API test's (api/test/privacy.spec.ts).
 */

const adminUrl = `${apiUrl}/admin/`;

test('a member in Arabic on a phone downloads her data and asks for her account to be deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(page, 0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
  await signInStudent(page, member.id, member.password);
  await page.goto('/accounts?tab=settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // A copy of her data: asked for, prepared in the background, then offered once.
  await page.getByRole('button', { name: 'تجهيز نسخة من بياناتي' }).click();
  await expect(page.getByText('نجهّز نسخة من بياناتك، وستكون جاهزة في هذه الصفحة خلال دقائق.')).toBeVisible();
  const download = page.getByRole('link', { name: 'تنزيل بياناتي (ZIP)' });
  // She checks again until it is ready, as she would (the job prepares it within seconds here).
  await expect(async () => {
    await page.goto('/accounts?tab=settings');
    await expect(download).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/نسختك جاهزة، ويمكن تنزيلها مرة واحدة حتى/)).toBeVisible();
  await noViolations(page, 'account settings: a copy of one’s data ready (Arabic, phone)');
  await shot(page, 'member-privacy-ready-ar-phone');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await file.path();
  const data = JSON.parse(execFileSync('unzip', ['-p', path, 'data.json'], { encoding: 'utf8' })) as {
    account: { national_id: string; name: string; phone_number: string };
    messages: { to: string }[];
  };
  expect(data.account).toMatchObject({ national_id: member.id, name: member.name, phone_number: member.phone });
  // The verification code that was sent to her phone is among her messages.
  expect(data.messages.map((m) => m.to)).toContain(member.phone);
  // Once: the page now offers a new copy instead.
  await page.goto('/accounts?tab=settings');
  await expect(page.getByText('نزّلت نسختك الأخيرة، ويمكنك تجهيز نسخة جديدة.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'تجهيز نسخة جديدة' })).toBeVisible();

  // Deleting her account: the password confirms it; she is told when, and may cancel.
  await expect(
    page.getByText('يُحذف حسابك بعد 7 أيام من طلبك، ويمكنك التراجع هنا حتى ذلك الحين.', { exact: false }),
  ).toBeVisible();
  await page.getByLabel('كلمة المرور، للتأكيد').fill('not-her-password');
  await page.getByRole('button', { name: 'حذف حسابي' }).click();
  await expect(page.getByText('كلمة المرور الحالية غير صحيحة.')).toBeVisible();
  await page.getByLabel('كلمة المرور، للتأكيد').fill(member.password);
  await page.getByRole('button', { name: 'حذف حسابي' }).click();
  await expect(page.getByText(/^سيُحذف حسابك في (?!التاريخ)/)).toBeVisible();
  await noViolations(page, 'account settings: a deletion waiting (Arabic, phone)');
  await shot(page, 'member-privacy-deletion-ar-phone');
  await page.getByRole('button', { name: 'إلغاء الحذف' }).click();
  await expect(page.getByText('أُلغي الحذف، وسيبقى الحساب.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'حذف حسابي' })).toBeVisible();
  await page.getByLabel('كلمة المرور، للتأكيد').fill(member.password);
  await page.getByRole('button', { name: 'حذف حسابي' }).click();
  await expect(page.getByText(/^سيُحذف حسابك في (?!التاريخ)/)).toBeVisible();

  // What the API holds: the waiting deletion, seven days out.
  const auth = await apiToken(page, member.id, member.password, 0);
  const overview = await (await page.request.get(`${apiUrl}/api/privacy`, { headers: auth })).json();
  expect(overview.deletion).toMatchObject({ state: 'scheduled', by_staff: false });
  expect(new Date(overview.deletion.due_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

  // Staff see it on her page, in Arabic.
  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInAdminArabic(staff);
  await staff.goto(`${adminUrl}#/users/${member.userId}/show/privacy`);
  const rows = staff.locator('tbody tr');
  // The deletion she cancelled, and the one waiting.
  await expect(rows.filter({ hasText: 'حذف الحساب' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'حذف الحساب' }).filter({ hasText: 'بانتظار موعده' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'حذف الحساب' }).filter({ hasText: 'أُلغي' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'نسخة من البيانات' })).toContainText('نُزّلت');
  await expect(staff.getByRole('button', { name: 'إلغاء الحذف' })).toBeVisible();
  await noViolations(staff, 'a member’s privacy requests in the back-office (Arabic)');
  await shot(staff, 'admin-user-privacy-ar');
  await staff.close();
});
