import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import { arabicDigits, searchList } from './helpers';

const adminUrl = `${apiUrl}/admin/`;

async function signIn(page: Page, email: string, password: string) {
  await page.goto(adminUrl);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

test.describe('back-office', () => {
  test('an admin signs in and sees the users list', async ({ page }) => {
    await signIn(page, E2E.admin.email, E2E.admin.password);
    // The dashboard says what "active subscriptions" counts, unlike "Active" on a user.
    await expect(
      page.getByText('Students need no plan; “Active” on a user means they can sign in.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    // Other journeys add members before this one: the demo student is found by the search.
    await searchList(page, E2E.student.nationalId);
    await expect(page.getByText(E2E.student.name)).toBeVisible();
    await expect(page.getByText(E2E.student.nationalId)).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Events' })).toBeVisible();
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await signIn(page, E2E.admin.email, 'not-the-password');
    await expect(page.getByText('The ID or password is incorrect.')).toBeVisible();
  });

  test('a sub-admin does not see Events, and the API refuses it', async ({ page }) => {
    await signIn(page, E2E.subAdmin.email, E2E.subAdmin.password);
    await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Events' })).toHaveCount(0);
    // The session is an httpOnly, SameSite=Strict cookie on /api that the page's scripts never see.
    const session = (await page.context().cookies(`${apiUrl}/api/`)).find((c) => c.name === 'admin_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(await page.evaluate(() => document.cookie + JSON.stringify({ ...localStorage }))).not.toContain(
      session!.value,
    );
    const res = await page.request.get(`${apiUrl}/api/admin/events`);
    expect(res.status()).toBe(403);
    const users = await page.request.get(`${apiUrl}/api/admin/users`);
    expect(users.status()).toBe(200);
  });

  test('the back-office in Arabic is right to left', async ({ page }) => {
    await signIn(page, E2E.admin.email, E2E.admin.password);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('menuitem', { name: 'المستخدمون' })).toBeVisible();
    // The search takes the national ID as an Arabic keyboard types it (issue 37).
    await searchList(page, arabicDigits(E2E.student.nationalId));
    await expect(page.getByText(E2E.student.name)).toBeVisible();
  });
});

test.describe('back-office sign-in in the browser’s language (issue 37)', () => {
  test.use({ locale: 'ar-SA' });

  test('a browser asking for Arabic gets the sign-in page in Arabic until the person chooses English', async ({
    page,
  }) => {
    await page.goto(adminUrl);
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول إلى لوحة الإدارة' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // Chosen: English from now on, in this browser, though it still asks for Arabic.
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Back-office sign-in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Back-office sign-in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});
