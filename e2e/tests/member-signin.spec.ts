import { expect } from '@playwright/test';
import { test } from './fixtures';
import { E2E } from '../env';
import { createMember, mailedCode, outboxCode, signInStudent, signUpMember } from './helpers';

test.describe('a student signs in and out', () => {
  test('in English', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await page.goto('/student/signin/');
    await page.getByLabel('National ID').fill(E2E.student.nationalId);
    await page.getByLabel('Password').fill(E2E.demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome, ${E2E.student.name}` })).toBeVisible();
    // The welcome card's badge comes first (team cards below have their own).
    await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(E2E.student.nationalId).first()).toBeVisible();
    // The API token never reaches the browser: only the signed, httpOnly session cookie.
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === '__session');
    expect(session?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('__session');

    await signOut(page);
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
    await expect(page.getByText('Signed out successfully!')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
  });

  test('in Arabic, right to left', async ({ page, context }) => {
    await context.addCookies([
      { name: 'lang', value: 'ar', url: page.url() === 'about:blank' ? 'http://127.0.0.1:3400' : page.url() },
    ]);
    await page.goto('/student/signin/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByLabel('رقم الهوية').fill(E2E.student.nationalId);
    await page.getByLabel('كلمة المرور').fill(E2E.demoPassword);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('تم تسجيل الدخول بنجاح!')).toBeVisible();
    await expect(page.getByRole('heading', { name: `مرحبًا، ${E2E.student.name}` })).toBeVisible();
    await expect(page.getByText('نشط', { exact: true }).first()).toBeVisible();
    await signOut(page);
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('signing in goes back to the page the member was sent from', async ({ page }) => {
    await page.goto('/accounts?tab=skills');
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
    await page.goto('/student/signin/');
    await page.getByLabel('National ID').fill(E2E.student.nationalId);
    await page.getByLabel('Password').fill(E2E.demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/accounts\?tab=skills$/);
  });

  test('a wrong password shows the server message and keeps the ID', async ({ page }) => {
    await page.goto('/student/signin/');
    await page.getByLabel('National ID').fill(E2E.student.nationalId);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The ID or password is incorrect.')).toBeVisible();
    await expect(page.getByLabel('National ID')).toHaveValue(E2E.student.nationalId);
    await expect(page).toHaveURL(/\/student\/signin\/?$/);
  });

  test('empty fields give the spec message without a call', async ({ page }) => {
    await page.goto('/student/signin/');
    // Bypass the browser's own required-field check to reach the server's.
    await page.locator('main form').evaluate((f) => f.setAttribute('novalidate', ''));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please fill in all fields: the National ID or password is empty.')).toBeVisible();
  });

  test('the language menu switches to Arabic and back', async ({ page }) => {
    await page.goto('/auth/join-us');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await switchLanguage(page, 'العربية');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page).toHaveURL(/\/auth\/join-us/);
    await switchLanguage(page, 'English');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('on a phone the menu button holds the links, the language and sign-out; Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    // A <summary> is the menu's button: the browser says whether it is expanded (the details' open state).
    const phoneMenu = page.getByTestId('phone-menu');
    const button = phoneMenu.locator('summary[aria-label="Menu"]');
    await expect(phoneMenu).not.toHaveAttribute('open');
    await expect(page.getByTestId('account-menu')).toBeHidden();
    await button.click();
    await expect(phoneMenu).toHaveAttribute('open');
    const menu = page.getByTestId('phone-menu');
    for (const name of ['Home', 'Articles', 'Competitions', 'Account', 'English', 'العربية', 'Logout'])
      await expect(
        menu.getByRole(name === 'English' || name === 'العربية' || name === 'Logout' ? 'button' : 'link', {
          name,
          exact: true,
        }),
      ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(phoneMenu).not.toHaveAttribute('open');
    await expect(button).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Articles' })).toBeHidden();
    await button.click();
    await menu.getByRole('link', { name: 'Articles' }).click();
    await expect(page).toHaveURL(/\/blogs/);
    await expect(menu.getByRole('link', { name: 'Articles' })).toBeHidden();
    // The language from the same menu: the page turns right to left and the menu speaks Arabic.
    await button.click();
    await menu.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('summary[aria-label="القائمة"]').click();
    await expect(menu.getByRole('link', { name: 'المقالات' })).toBeVisible();
    const width = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(width).toBe(true);
  });

  test('an unknown third segment goes home, an unknown page is not found', async ({ page }) => {
    await page.goto('/student/whatever/');
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/); // home is guarded
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('The page you are looking for was not found.')).toBeVisible();
  });
});

async function signOut(page: import('@playwright/test').Page) {
  // The account menu's button is its <summary> (HTML gives a summary no ARIA role).
  const menu = page.getByTestId('account-menu').locator('summary').filter({ visible: true });
  if (await menu.count()) await menu.first().click();
  await page
    .getByRole('button', { name: /^(Logout|تسجيل الخروج)$/ })
    .or(page.getByRole('menuitem', { name: /^(Logout|تسجيل الخروج)$/ }))
    .first()
    .click();
}

async function switchLanguage(page: import('@playwright/test').Page, name: string) {
  // The language menu's button is its <summary> (no ARIA role: HTML gives a summary none).
  const menu = page.locator('summary[aria-label="Language"], summary[aria-label="اللغة"]').filter({ visible: true });
  const choice = page.getByRole('button', { name }).or(page.getByRole('menuitem', { name })).first();
  // The menu opens before the page's script has run (a <details>), and hydration may close it again
  // between seeing the choice and clicking it (a fresh-clone run waited two minutes on a closed menu):
  // open and click, and try both again until the click lands.
  await expect(async () => {
    if (!(await choice.isVisible()) && (await menu.count())) await menu.first().click();
    await choice.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an unverified student signs in, verifies the phone with the code and gets in', async ({ page }) => {
    const member = await signUpMember(page, 0);
    const signIn = async () => {
      await page.goto('/student/signin/');
      await page.getByLabel('National ID').fill(member.id);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await signIn();
    // The address carries a digest of the API's ticket, never the account's id.
    // The number given at sign-up gets the code on arrival (issue 37), and the page asks for it.
    const phone = member.phone;
    await expect(page).toHaveURL(/\/account\/verify\/verification\/?$/);
    const code = await outboxCode(page, phone);
    const boxes = page.locator('input[name=code]');
    for (let i = 0; i < code.length; i++) await boxes.nth(i).fill(code[i]);
    await page.getByRole('button', { name: 'Verify' }).click();
    // Verified and signed in: home, with the message.
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByText('Verified successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome, ${member.name}` })).toBeVisible();
  });

  test('a student resets a forgotten password with the e-mailed code', async ({ page }) => {
    const member = await createMember(page, 0);
    const email = `m${member.id}@example.com`;
    await page.goto('/forget-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/forget-password\/verify\/rs-pass\/[\w-]{16}$/);
    const code = await mailedCode(email);
    const boxes = page.locator('input[name=code]');
    for (let i = 0; i < code.length; i++) await boxes.nth(i).fill(code[i]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/reset-password\/?$/);
    await page.locator('#password').fill('Fresh-pass-77');
    await page.locator('#cpassword').fill('Fresh-pass-77');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/student\/signin\/?$/);
    await signInStudent(page, member.id, 'Fresh-pass-77');
  });
});
