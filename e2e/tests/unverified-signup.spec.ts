import { expect } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import { outboxCode, saudiMobile, signInStaff, signUpMember, tickRequiredBoxes, uniqueId } from './helpers';
import { noViolations, shot } from './journey';

/**
 * Issue 31, finding 3: a national ID held by a sign-up that never verified its phone. Its owner, in
 * Arabic, is told what they can do and takes it over with a code to the phone on record; an admin
 * releases another one from the member's page (audited).
 */
test.describe('a national ID held by an unverified sign-up', () => {
  test('the owner is told in Arabic, sends a code to the phone on record and signs up in its place', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    // Days ago the owner began a sign-up with this ID and phone and never verified it (the password forgotten).
    const id = uniqueId();
    const phone = saudiMobile(id);
    await signUpMember(page, 0, { national_id: id, phone_number: phone, email: `earlier${id}@example.com` });

    await page.goto('/student/signup/');
    await page.getByLabel('الاسم الكامل').fill('ليان أحمد');
    await page.getByLabel('رقم الهوية').fill(id);
    await page.getByLabel('تاريخ الميلاد').fill('2012-05-01');
    await page.getByLabel('البريد الإلكتروني').fill(`layan${id}@example.com`);
    await page.getByLabel('رقم الجوال').fill(`050${id.slice(-7)}`);
    await page.locator('#password').fill('Layan-pass-1');
    await page.locator('#cpassword').fill('Layan-pass-1');
    await page.getByRole('button', { name: 'التالي' }).click();
    await page.getByLabel('اسم المدرسة').fill('مدرسة الرياض');
    await page.getByLabel('المرحلة الدراسية').selectOption('Jonior');
    await page.getByLabel('الصف').selectOption('8');
    await page.getByLabel('اسم ولي الأمر').fill('أحمد');
    await page.getByLabel('جوال ولي الأمر').fill('0554445566');
    await tickRequiredBoxes(page);
    await page.getByRole('checkbox', { name: /ولي أمره/ }).check();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

    // Back on step 1: the ID marked with the API's message (the phone masked, the day it is released).
    const idField = page.getByLabel('رقم الهوية');
    await expect(idField).toHaveAttribute('aria-invalid', 'true');
    const masked = `${phone.slice(0, 5)}•••••${phone.slice(-3)}`;
    const message = page.locator('#national_id-helper-text');
    await expect(message).toContainText('رقم الهوية هذا مستخدم في تسجيل آخر لم يُتحقَّق من جواله بعد');
    await expect(message).toContainText(masked);
    await expect(message).toContainText('بتوقيت الرياض');
    await expect(page.locator('main')).not.toContainText(phone.slice(5, -3));
    const box = page.getByRole('status').filter({ hasText: 'هل رقم الهوية هذا لك؟' });
    await expect(box).toBeVisible();
    await expect(box.getByRole('link', { name: 'التواصل معنا' })).toHaveAttribute('href', '/contact');
    await noViolations(page, 'the sign-up refused for a waiting sign-up, in Arabic');
    await shot(page, 'unverified-owner-told-ar-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'unverified-owner-told-ar-desktop');
    await page.setViewportSize({ width: 390, height: 844 });

    await box.getByRole('button', { name: new RegExp(`أرسل رمزًا إلى ${masked.replace(/\+/g, '\\+')}`) }).click();
    await expect(page.getByText(`أرسلنا رمزًا إلى`)).toBeVisible();
    const code = await outboxCode(page, phone);
    await page.getByLabel('الرمز الذي وصلك').fill(code);
    // What was typed is still there; the passwords are typed again, as after any refusal.
    await expect(page.getByLabel('الاسم الكامل')).toHaveValue('ليان أحمد');
    await page.locator('#password').fill('Layan-pass-1');
    await page.locator('#cpassword').fill('Layan-pass-1');
    await shot(page, 'unverified-owner-code-ar-phone');
    await page.getByRole('button', { name: 'التالي' }).click();
    await expect(page.getByLabel('اسم المدرسة')).toHaveValue('مدرسة الرياض');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

    await expect(page.getByText('تم التسجيل بنجاح!')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/verify\/verification\/?$/);
  });

  test('an admin in Arabic releases the ID from the member’s page; the audit log keeps it', async ({ page }) => {
    const squatter = await signUpMember(page, 0);
    const login = await page.request.post(`${apiUrl}/api/admin-login`, {
      data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
    });
    const admin = { Authorization: login.headers()['authorization'] };
    const found = await page.request.get(`${apiUrl}/api/admin/users`, {
      headers: admin,
      params: { filter: JSON.stringify({ q: squatter.id }) },
    });
    const [user] = (await found.json()) as { id: string }[];

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff(page);
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto(`${apiUrl}/admin/#/users/${user.id}/show`);
    await expect(page.getByText('بانتظار التحقق حتى')).toBeVisible();
    await page.getByRole('button', { name: 'فك حجز رقم الهوية' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(squatter.id);
    await shot(page, 'unverified-admin-release-ar');
    await dialog.getByRole('button', { name: 'فك الحجز' }).click();
    await expect(
      page.getByText('حُذف التسجيل غير الموثّق، وأصبح رقم الهوية والبريد الإلكتروني متاحين من جديد.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/#\/users$/);

    const audit = await page.request.get(`${apiUrl}/api/admin/audit`, {
      headers: admin,
      params: { filter: JSON.stringify({ record_id: user.id }) },
    });
    expect(((await audit.json()) as { action: string }[]).map((e) => e.action)).toContain('release');
  });
});
