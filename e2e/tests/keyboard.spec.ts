import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { memberUrl } from '../env';
import { createMember, outboxCode, uniqueId } from './helpers';

// Sign-up, sign-in and paying for a plan with the keyboard alone: no click, no fill. Every control
// is reached with Tab (in the page's own order), and used with typing, arrows, Space or Enter.

/** Presses Tab until the control has the focus; fails when it cannot be reached that way. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with Tab: ${target}`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** A native select: its first option that matches, chosen with the arrow keys. */
async function chooseWithArrows(page: Page, select: Locator, value: string) {
  await tabTo(page, select);
  for (let i = 0; i < 300 && (await select.inputValue()) !== value; i++) await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue(value);
}

test.describe('with the keyboard alone', () => {
  test('a student signs up in Arabic, verifies the phone and signs in', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    const id = uniqueId();
    const phone = `050${id.slice(-7)}`;
    await page.goto('/auth/join-us/');
    await tabTo(page, page.locator('main a[href="/auth/join-us?kind=individual"]'));
    await page.keyboard.press('Enter');
    // The Student card leads to the student's sign-up.
    await tabTo(page, page.locator('main a[href="/student/signup/"]').first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student\/signup\/$/);

    await typeInto(page, page.getByLabel('الاسم الكامل'), 'سلمى خالد');
    await typeInto(page, page.getByLabel('رقم الهوية'), id);
    await tabTo(page, page.getByLabel('تاريخ الميلاد'));
    await page.keyboard.type('05012012'); // month, day, year as Chromium's date field takes them
    await chooseWithArrows(page, page.getByLabel('الجنسية'), 'SA');
    await typeInto(page, page.getByLabel('البريد الإلكتروني'), `salma${id}@example.com`);
    await typeInto(page, page.getByLabel('رقم الجوال'), phone);
    await typeInto(page, page.locator('#password'), 'Salma-pass-1');
    await typeInto(page, page.locator('#cpassword'), 'Salma-pass-1');
    await page.keyboard.press('Enter'); // submits the first step

    await expect(page.getByText('الخطوة 2 من 2: المدرسة وولي الأمر')).toBeVisible();
    await typeInto(page, page.getByLabel('اسم المدرسة'), 'مدرسة جدة');
    await chooseWithArrows(page, page.getByLabel('المرحلة الدراسية'), 'Senior');
    await chooseWithArrows(page, page.getByLabel('الصف'), '10');
    await typeInto(page, page.getByLabel('اسم ولي الأمر'), 'خالد');
    await typeInto(page, page.getByLabel('جوال ولي الأمر'), '0554445566');
    await tabTo(page, page.getByRole('checkbox', { name: /ولي أمره/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('checkbox', { name: /شروط الاستخدام/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'إنشاء الحساب' }));
    await page.keyboard.press('Space');

    await expect(page.getByText('تم التسجيل بنجاح!')).toBeVisible();
    // The number given at sign-up has the code on arrival (issue 37).
    await expect(page).toHaveURL(/\/account\/verify\/verification\/?$/);
    await expect(page.locator('input[name=code]')).toHaveCount(6);
    const code = await outboxCode(page, `+966${phone.slice(1)}`);
    await tabTo(page, page.locator('input[name=code]').first());
    await page.keyboard.type(code); // the boxes move the focus along and submit when full
    // Verified and signed in: home.
    await expect(page.getByRole('heading', { name: 'مرحبًا، سلمى خالد' })).toBeVisible();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('a coach signs in and pays for a plan', async ({ page }) => {
    // A coach made through the API, as the other journeys do; everything after that is keys.
    const coach = await createMember(page, 1);
    await page.goto('/coach/signin/');
    await typeInto(page, page.locator('#national_id'), coach.id);
    await typeInto(page, page.locator('#password'), coach.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${memberUrl}/`);

    await page.goto('/subcription/package');
    await tabTo(page, page.getByRole('link', { name: /Coach annual membership/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Subscribe and pay' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Pay' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`^${memberUrl}/thanksyou/`));
    await tabTo(page, page.getByRole('link', { name: 'Download the invoice (PDF)' }));
    await expect(page.getByText('Paid successfully!')).toBeVisible();
  });

  test('the focus is always visible where the keyboard lands', async ({ page }) => {
    await page.goto('/student/signin/');
    // MUI draws the keyboard ring once React has hydrated the page and handled the focus event.
    await page.waitForLoadState('networkidle');
    const ringOf = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'body';
        const s = getComputedStyle(el);
        const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
        // MUI marks keyboard focus with Mui-focusVisible and draws its ring (a pulsing ripple) inside;
        // An outlined text field draws its ring on the field around the input (Mui-focused).
        const mui = !!el.closest('.Mui-focusVisible, .Mui-focused');
        return ring || mui || s.boxShadow !== 'none' ? 'visible' : `${el.tagName}.${el.className}`;
      });
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      await expect.poll(ringOf, { message: `focus ring on Tab #${i + 1}`, timeout: 2_000 }).toMatch(/^(visible|body)$/);
    }
  });
});
