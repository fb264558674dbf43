import { expect } from '@playwright/test';
import { test } from './fixtures';
import sharp from 'sharp';
import { createMember, outboxCode, saudiMobile, signInStudent, typeCode } from './helpers';

test.describe('the account page', () => {
  test('a student edits the profile and uploads a picture (English)', async ({ page }) => {
    const member = await createMember(page, 0);
    await signInStudent(page, member.id, member.password);
    await page.goto('/accounts');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    // Update Profile appears only once a field has changed.
    await expect(page.getByRole('button', { name: 'Update profile' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed Student');
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Renamed Student');
    await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
    // The grade is set at sign-up: shown, changed only through a correction request (account-corrections.spec.ts).
    await expect(page.getByRole('textbox', { name: 'Grade' })).toBeDisabled();

    // A new phone number replaces the old one only once the code sent to it comes back.
    const phoneBox = page.getByRole('textbox', { name: 'Mobile number', exact: true });
    const oldPhone = await phoneBox.inputValue();
    // Another mobile (a landline is refused: the code goes by WhatsApp).
    const newPhone = saudiMobile((Number(member.id.slice(-7)) + 1) % 1e7);
    await phoneBox.fill(newPhone);
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(
      page.getByText('A code was sent to the new phone number. Enter it to confirm the change.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Confirm your new phone number' })).toBeVisible();
    await expect(phoneBox).toHaveValue(oldPhone);
    await typeCode(page, await outboxCode(page, newPhone));
    await expect(page.getByText('Your phone number was changed.')).toBeVisible();
    await expect(phoneBox).toHaveValue(newPhone);
    await expect(page.getByRole('heading', { name: 'Confirm your new phone number' })).toHaveCount(0);

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file][name=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expect(page.getByText('Profile picture updated successfully!')).toBeVisible();
    // Done: the upload button goes until another picture is chosen.
    await expect(page.getByRole('button', { name: 'Upload picture' })).toHaveCount(0);
    const src = await page.locator('main img').first().getAttribute('src');
    expect(src).toMatch(/^\/uploads\/users\/.+\.jpg$/);
    const image = await page.request.get(src!);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    // A 10 MB picture is refused at once, in the page, before anything is sent (the limit is the contract's 5 MB).
    let uploads = 0;
    page.on('request', (r) => r.url().includes('/accounts/upload') && uploads++);
    await page
      .locator('input[type=file][name=file]')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024, 1) });
    await expect(page.getByText('This picture is larger than 5 MB. Please choose a smaller one.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload picture' })).toHaveCount(0);
    expect(uploads).toBe(0);

    // A text file named .png is refused by its bytes.
    await page
      .locator('input[type=file][name=file]')
      .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expect(page.getByText('Please choose a JPG or PNG picture.')).toBeVisible();
  });

  test('a minor sees no judge invitation; the profile prompt names what is missing and goes once it is filled', async ({
    page,
  }) => {
    const member = await createMember(page, 0); // born 2011: under 18
    await signInStudent(page, member.id, member.password);
    // Only what sign-up asked is called missing (issue 37): the city, not the gender sign-up never asks.
    const prompt = page.getByText('Your profile is missing: City. Complete it so organisers can reach you.');
    await expect(prompt).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply now' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Complete profile' }).click();
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female');
    // The city from sign-up's list (the member's region's cities).
    const city = page.getByRole('combobox', { name: 'City' });
    await city.selectOption({ index: 1 });
    await expect(city).not.toHaveValue('');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Welcome, ${member.name}` })).toBeVisible();
    await expect(page.getByText(/Your profile is missing/)).toHaveCount(0);
    // The application page says who may apply instead of a form the API would refuse.
    await page.goto('/judges/apply');
    await expect(page.getByText('Only adult members (18 or older) may apply as a judge or referee.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0);
  });

  test('a student manages skills in Arabic', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    const member = await createMember(page, 0);
    await signInStudent(page, member.id, member.password);
    await page.goto('/accounts?tab=myskills');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('يرجى إدخال اسم.')).toBeVisible();
    await page.locator('#skill-new').fill('البرمجة');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('البرمجة', { exact: true })).toBeVisible();
    // The same name again, in another case and spacing, is refused with the API's message.
    await page.locator('#skill-new').fill('  البرمجة ');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('لديك مهارة بهذا الاسم بالفعل.')).toBeVisible();
    await expect(page.locator('li[data-skill]')).toHaveCount(1);
    // Editing can be cancelled, leaving the name as it was.
    await page.getByRole('link', { name: 'تعديل' }).click();
    await page.locator('li[data-skill] input[name=name]').fill('شيء آخر');
    await page.getByRole('link', { name: 'إلغاء' }).click();
    await expect(page.getByText('البرمجة', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'تعديل' }).click();
    await page.locator('li[data-skill] input[name=name]').fill('الروبوتات');
    await page.getByRole('button', { name: 'تحديث' }).click();
    await expect(page.getByText('الروبوتات', { exact: true })).toBeVisible();
    // Deleting asks in the page, in Arabic (no browser dialog): cancel keeps it, yes deletes it.
    page.on('dialog', () => {
      throw new Error('a native dialog opened');
    });
    await page.getByRole('link', { name: 'حذف' }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask.getByText('حذف «الروبوتات»؟')).toBeVisible();
    await ask.getByRole('link', { name: 'إلغاء' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('الروبوتات', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'حذف' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(page.getByText('لا توجد مهارات بعد. أضف أول مهارة.')).toBeVisible();

    // A minor's public profile is not found until the member shows it in the settings; then it has
    // the name and achievements, not the skills.
    await page.locator('#skill-new').fill('الإلكترونيات');
    await page.getByRole('button', { name: 'حفظ' }).click();
    // Wait for the saved skill before leaving the page, or the navigation races the form post.
    await expect(page.getByText('الإلكترونيات', { exact: true })).toBeVisible();
    expect((await page.goto(`/profile/public/${member.userId}`))?.status()).toBe(404);
    await page.goto('/accounts?tab=settings');
    const show = page.getByRole('switch', { name: 'إظهار ملفي العام' });
    await expect(show).not.toBeChecked();
    await expect(page.getByText('يبقى الملف العام للأعضاء دون 18 عامًا مخفيًا')).toBeVisible();
    await show.check();
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByRole('switch', { name: 'إظهار ملفي العام' })).toBeChecked();
    await page.getByRole('link', { name: 'عرض الملف العام' }).first().click();
    await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'الإنجازات' })).toBeVisible();
    await expect(page.getByText('الإلكترونيات')).toHaveCount(0);
    const missing = await page.goto('/profile/public/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
  });

  test('a coach keeps research with its file, is asked for a plan for certificates, and a renamed file is refused', async ({
    page,
  }) => {
    const member = await createMember(page, 1);
    await signInStudent(page, member.id, member.password, 'coach');
    // Without a plan a coach is asked to choose one (the API refuses certificates: entitlement.spec.ts).
    await page.goto('/accounts?tab=certificates');
    await expect(
      page.getByText('Activate your membership to register teams and see your results and certificates.'),
    ).toBeVisible();
    await expect(page.getByText('No certificates yet.')).toHaveCount(0);

    await page.goto('/accounts?tab=research');
    await expect(page.getByText('No research yet.')).toBeVisible();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await page.getByLabel('Title').fill('Line follower tuning');
    await page.locator('#research-file').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: png });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please choose a PDF, Word, PowerPoint, Excel or ZIP file.')).toBeVisible();

    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 32), Buffer.from('\n%%EOF\n')]);
    await page.locator('#research-file').setInputFiles({ name: 'بحث.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByLabel('Description').fill('PID gains for a line follower');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Research saved successfully!')).toBeVisible();
    await expect(page.getByText('Line follower tuning')).toBeVisible();
    await expect(page.getByText('بحث.pdf')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('بحث.pdf');

    await page.getByRole('link', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('No research yet.')).toBeVisible();
  });

  test('changing the password signs the member out everywhere', async ({ page }) => {
    const member = await createMember(page, 1);
    await signInStudent(page, member.id, member.password, 'coach');
    await page.goto('/accounts?tab=settings');
    await page.locator('#password').fill(member.password);
    await page.locator('#npassword').fill('Changed-pass-1');
    await page.locator('#cpassword').fill('Changed-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.locator('#cpassword').fill('Changed-pass-1');
    await page.locator('#npassword').fill('Changed-pass-1');
    await page.locator('#password').fill(member.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/join-us\/?$/);
    await signInStudent(page, member.id, 'Changed-pass-1', 'coach');
  });
});

test('a coach applies as a judge with a PDF CV; a PNG named .pdf is refused', async ({ page }) => {
  const member = await createMember(page, 1);
  await signInStudent(page, member.id, member.password, 'coach');
  await page.getByRole('link', { name: 'Apply now' }).click();
  const fill = async () => {
    await page.getByLabel('Organization name').fill('Riyadh Robotics Club');
    await page.getByLabel('City').fill('Riyadh');
    await page.getByLabel('Apply as').selectOption('Judge');
    await page.getByLabel('Previous experience').selectOption('yes');
  };
  await fill();
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  await page.locator('#cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: png });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('CV files must be PDF documents.')).toBeVisible();

  await fill();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await page.locator('#cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Registration request submitted successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply now' })).toHaveCount(0);
});
