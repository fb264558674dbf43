import { expect, test } from '@playwright/test';
import { mailedCode, outboxCode, typeCode, uniqueId } from './helpers';

test.describe('sign-up, verification and password reset', () => {
  test('a student signs up in Arabic, verifies by the WhatsApp code and signs in', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    const id = uniqueId();
    await page.goto('/student/signup/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel('الاسم الكامل').fill('ليان أحمد');
    await page.getByLabel('رقم الهوية').fill(id);
    await page.getByLabel('تاريخ الميلاد').fill('2012-05-01');
    await page.getByLabel('الجنسية').selectOption('SA');
    await page.getByLabel('البريد الإلكتروني').fill(`layan${id}@example.com`);
    await page.getByLabel('رقم الجوال').fill('0551112233');
    await page.locator('#password').fill('Layan-pass-1');
    await page.locator('#cpassword').fill('Layan-pass-1');
    await page.getByRole('button', { name: 'التالي' }).click();

    await expect(page.getByText('الخطوة 2 من 2: المدرسة وولي الأمر')).toBeVisible();
    await page.getByLabel('اسم المدرسة').fill('مدرسة الرياض');
    await page.getByLabel('المرحلة الدراسية').selectOption('Jonior');
    await page.getByLabel('الصف').selectOption('8');
    await page.getByLabel('اسم ولي الأمر').fill('أحمد');
    await page.getByLabel('جوال ولي الأمر').fill('0554445566');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

    await expect(page.getByText('تم التسجيل بنجاح!')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/verify\/[\w-]{16}$/);
    await page.getByLabel('رقم الجوال (واتساب)').fill('+966 55 111 2233');
    await page.getByRole('button', { name: 'إرسال الرمز' }).click();
    await expect(page.getByText('تم إرسال رمز التحقق إلى رقم جوالك')).toBeVisible();
    await expect(page.locator('input[name=code]')).toHaveCount(6);

    const code = await outboxCode(page, '+966551112233');
    await typeCode(page, code); // a full code submits itself
    await expect(page.getByText('تم التحقق بنجاح')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);

    await page.goto('/student/signin/');
    await page.getByLabel('رقم الهوية').fill(id);
    await page.getByLabel('كلمة المرور').fill('Layan-pass-1');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByRole('heading', { name: 'مرحبًا، ليان أحمد' })).toBeVisible();
  });

  test('a wrong code is refused with the server message', async ({ page }) => {
    const id = uniqueId();
    await signupCoach(page, id);
    await page.getByLabel('Mobile number (WhatsApp)').fill('0557778899');
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await outboxCode(page, '+966557778899');
    await typeCode(page, code === '000000' ? '111111' : '000000');
    await expect(page.getByText('Incorrect code')).toBeVisible();
  });

  test('an entity is refused a free e-mail address, then signs up with its business one and signs in', async ({
    page,
  }) => {
    const suffix = uniqueId();
    const business = `office${suffix}@bright.example`;
    const phone = `+9661${suffix.slice(-8)}`;
    await page.goto('/entity/signup/');
    await page.getByLabel('Entity name').fill('Bright Future School');
    await page.getByLabel('Business email').fill('bright.school@gmail.com');
    await page.locator('#phone_number').fill(phone);
    await page.getByLabel('Entity type').selectOption('School');
    await page.getByLabel('Tax number').fill('300000000000003');
    await page.getByLabel('Commercial registration number').fill('1010101010');
    await page.getByLabel('Region').selectOption({ index: 1 });
    await page.locator('#password').fill('Entity-pass-1');
    await page.locator('#cpassword').fill('Entity-pass-1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Supervisor name').fill('Huda');
    await page.getByLabel('Supervisor national ID').fill('1234567890');
    await page.getByLabel('Supervisor email').fill('huda@bright.example');
    await page.getByLabel('Supervisor mobile number').fill('0501234567');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Only a business e-mail address is allowed.')).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Business email').fill(business);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Registered successfully!')).toBeVisible();
    await page.getByLabel('Mobile number (WhatsApp)').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await typeCode(page, await outboxCode(page, phone));
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);

    await page.goto('/entity/signin/');
    await page.getByLabel('Email').fill(business);
    await page.locator('#password').fill('Entity-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: /Bright Future School/ })).toBeVisible();
    await expect(page.getByText(business)).toBeVisible();
  });

  test('a coach resets a forgotten password with the code e-mailed through SMTP', async ({ page }) => {
    const id = uniqueId();
    const email = await signupCoach(page, id);
    await page.goto('/forget-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('A password reset e-mail was sent to your e-mail address!')).toBeVisible();
    await expect(page).toHaveURL(/\/forget-password\/verify\/rs-pass\/[\w-]{16}$/);
    const code = await mailedCode(email);
    await typeCode(page, code);
    await expect(page).toHaveURL(/\/reset-password\/?$/);
    await page.locator('#password').fill('Fresh-pass-99');
    await page.locator('#cpassword').fill('Fresh-pass-99');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/coach\/signin\/?$/);
  });
});

/** Signs a coach up in English and lands on the phone verification page; returns the e-mail. */
async function signupCoach(page: import('@playwright/test').Page, id: string) {
  const email = `coach${id}@example.com`;
  await page.goto('/coach/signup/');
  await page.getByLabel('Full name').fill('Omar Coach');
  await page.getByLabel('National ID').fill(id);
  await page.getByLabel('Date of birth').fill('1990-02-03');
  await page.getByLabel('Nationality').selectOption('SA');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill('0557778899');
  await page.locator('#password').fill('Coach-pass-1');
  await page.locator('#cpassword').fill('Coach-pass-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Academic qualifications').fill('BSc Mechatronics');
  await page.getByLabel('Region').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registered successfully!')).toBeVisible();
  return email;
}
