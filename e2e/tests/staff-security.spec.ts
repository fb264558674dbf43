import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { generate } from 'otplib';
import { E2E, apiUrl, memberUrl } from '../env';
import { createMember, signInStudent, uniqueId } from './helpers';
import { noViolations, shot } from './journey';

/**
 * Issue 31, findings 7 and 8 as people live them: a member signs out everywhere (another browser is
 * signed out too); a new admin chooses their own password, turns on two-factor sign-in with an
 * authenticator app and signs in again with a code, in English and in Arabic.
 */

const adminUrl = `${apiUrl}/admin/`;
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabic = (digits: string) => digits.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]);
const totp = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test('a member signs out everywhere from the settings, in Arabic on a phone; their other browser is signed out', async ({
  page,
  browser,
}) => {
  const member = await createMember(page, 0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
  await signInStudent(page, member.id, member.password);
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await signInStudent(other, member.id, member.password);

  await page.goto('/accounts?tab=settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const everywhere = page.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' });
  await everywhere.scrollIntoViewIfNeeded();
  await expect(page.getByText('يُنهي كل جلسات حسابك على جميع الهواتف وأجهزة الحاسوب')).toBeVisible();
  await noViolations(page, 'account settings with sign out everywhere (Arabic, phone)');
  await shot(page, 'member-signout-everywhere-ar-phone');
  await everywhere.click();
  await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
  await expect(page.getByText('تم تسجيل الخروج من جميع الأجهزة.')).toBeVisible();

  // The other browser's next page finds its session ended.
  await other.goto('/accounts?tab=settings');
  await expect(other).toHaveURL(/\/auth\/join-us\/?$/);
  await laptop.close();
});

test('the sign-out tab offers it too, in English', async ({ page }) => {
  const member = await createMember(page, 1);
  await signInStudent(page, member.id, member.password, 'coach');
  await page.goto('/accounts?tab=logout');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('Signed out on every device.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
});

const WORDS = {
  en: {
    forced: 'Your password was set by someone else. Choose your own before you continue.',
    change: 'Change password',
    turnOn: 'Turn on',
    confirm: 'Confirm',
    saved: 'I have saved them',
    on: 'On',
    codeTitle: 'Two-factor sign-in',
    verify: 'Verify',
    welcome: 'Welcome',
  },
  ar: {
    forced: 'عيّن شخص آخر كلمة المرور هذه. اختر كلمة مرور خاصة بك قبل المتابعة.',
    change: 'تغيير كلمة المرور',
    turnOn: 'تفعيل',
    confirm: 'تأكيد',
    saved: 'حفظتُها',
    on: 'مفعّل',
    codeTitle: 'التحقق بخطوتين',
    verify: 'تحقّق',
    welcome: 'مرحبًا',
  },
} as const;

/** A new admin, made by the journeys' first admin through the API with a password of the admin's choosing. */
async function newAdmin(page: Page) {
  const signin = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password },
  });
  const token = signin.headers()['authorization'];
  const id = uniqueId();
  const person = {
    name: `Admin ${id}`,
    email: `admin${id}@e2e.example`,
    phone_number: '0551234567',
    national_id: id,
    nationality: 'SA',
    password: 'Given-pass-123',
    cpassword: 'Given-pass-123',
    type: 4,
  };
  const created = await page.request.post(`${apiUrl}/api/admin/admins`, {
    headers: { Authorization: token },
    data: person,
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...person, id: ((await created.json()) as { id: string }).id, token };
}

async function signInToBackOffice(page: Page, email: string, password: string) {
  await page.goto(adminUrl);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
}

for (const lang of ['en', 'ar'] as const) {
  test(`an admin turns on two-factor sign-in and signs in again with a code (${lang})`, async ({ page, browser }) => {
    const words = WORDS[lang];
    const admin = await newAdmin(page);
    await page.addInitScript((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), lang);

    // First sign-in: the password someone else chose is changed before anything else.
    await signInToBackOffice(page, admin.email, admin.password);
    await expect(page.getByText(words.forced)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await shot(page, `staff-password-forced-${lang}`);
    await page.locator('#security-password').fill(admin.password);
    await page.locator('#security-npassword').fill('Own-pass-2026');
    await page.locator('#security-cpassword').fill('Own-pass-2026');
    await page.getByRole('button', { name: words.change }).click();
    await expect(page.getByText(words.forced)).toHaveCount(0);
    await expect(page.getByText(new RegExp(words.welcome))).toBeVisible();

    // Security: scan the code (the test reads the key under it), confirm with a code from the app.
    await page.goto(`${adminUrl}#/security`);
    await page.getByRole('button', { name: words.turnOn, exact: true }).click();
    const key = page.getByTestId('two-factor-secret');
    await expect(key).toBeVisible();
    await expect(page.locator('img[src^="data:image/png"]')).toBeVisible();
    await noViolations(page, `two-factor enrolment (${lang})`);
    await shot(page, `staff-2fa-enrol-${lang}`);
    const secret = (await key.innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const first = await totp(secret);
    await page.locator('#two-factor-code').fill(lang === 'ar' ? arabic(first) : first);
    await page.getByRole('button', { name: words.confirm }).click();
    const codes = page.getByTestId('recovery-codes');
    await expect(codes.locator('li')).toHaveCount(10);
    await shot(page, `staff-2fa-recovery-${lang}`);
    await page.getByRole('button', { name: words.saved }).click();
    await expect(page.getByText(words.on, { exact: true })).toBeVisible();

    // Signed out, then in again: the password, then the code prompt.
    await page.context().clearCookies();
    await signInToBackOffice(page, admin.email, 'Own-pass-2026');
    await expect(page.getByRole('heading', { name: words.codeTitle })).toBeVisible();
    await expect(page.locator('#code')).toBeFocused();
    await noViolations(page, `two-factor code prompt (${lang})`);
    await shot(page, `staff-2fa-code-${lang}`);
    // The next period's code (the one used to enrol counts once).
    const next = await totp(secret, 30);
    await page.locator('#code').fill(lang === 'ar' ? arabic(next) : next);
    await page.getByRole('button', { name: words.verify }).click();
    await expect(page.getByText(new RegExp(words.welcome))).toBeVisible();

    // The sign-in, with its code, is in the audit log.
    const audit = await page.request.get(`${apiUrl}/api/admin/audit`, {
      headers: { Authorization: admin.token },
      params: { filter: JSON.stringify({ record_id: admin.id, action: 'signin' }) },
    });
    const entries = (await audit.json()) as { after: { two_factor?: boolean } | null }[];
    expect(entries.some((e) => e.after?.two_factor)).toBe(true);

    if (lang === 'en') {
      // A lost phone: another admin resets it from the staff member's page, which ends their sessions.
      const other = await browser.newContext();
      const office = await other.newPage();
      await signInToBackOffice(office, E2E.admin.email, E2E.admin.password);
      // Signed in (the sign-in lands on the dashboard), then to the staff member's page.
      await expect(office.getByRole('menuitem', { name: 'Admins' })).toBeVisible();
      await office.goto(`${adminUrl}#/admins/${admin.id}`);
      await office.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
      await expect(office.getByText(`${admin.name} will sign in with their password only`)).toBeVisible();
      await shot(office, 'staff-2fa-reset-en');
      await office.getByRole('button', { name: 'Continue' }).click();
      await expect(office.getByText('Two-factor sign-in was reset', { exact: false })).toBeVisible();
      await other.close();
      expect((await page.request.get(`${apiUrl}/api/admin-session`)).status()).toBe(401);
    }
  });
}
