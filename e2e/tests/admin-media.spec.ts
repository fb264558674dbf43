import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import sharp from 'sharp';
import { apiUrl } from '../env';
import { signInStaff, uniqueId } from './helpers';

const adminUrl = `${apiUrl}/admin/`;

async function signInArabic(page: Page) {
  await signInStaff(page);
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).first().click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.getByRole('menuitem', { name: 'لوحة التحكم' })).toBeVisible();
}

test.describe('back-office: the media library', () => {
  test('a file uploaded while the library is still loading shows in it', async ({ page }) => {
    // The library's first list reaches the server before the upload and comes back after it (a
    // slow answer): that list lacks the file, and the library must ask again. A fresh-clone run
    // once kept "No files yet." under "1 of 1 uploaded" for two minutes.
    const fileName = `early-${uniqueId()}.png`;
    let uploaded = () => {};
    const upload = new Promise<void>((resolve) => (uploaded = resolve));
    let held = false;
    await page.route('**/api/gallery?**', async (route) => {
      if (held) return route.continue();
      held = true;
      const response = await route.fetch();
      await upload;
      await route.fulfill({ response });
    });
    await signInStaff(page, 'en');
    await page.getByRole('menuitem', { name: 'Files library' }).click();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#37a' } })
      .png()
      .toBuffer();
    await page
      .locator('input[name=library-files]')
      .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png });
    await expect(page.getByText('1 of 1 uploaded')).toBeVisible();
    uploaded();
    await expect(page.getByRole('button', { name: fileName })).toBeVisible();
  });

  test('in Arabic, an admin uploads a picture in the library screen, gives it alt text, puts it into an Arabic post from the editor; the member site shows it; the library says where it is used and keeps it', async ({
    page,
    context,
    baseURL,
  }) => {
    const id = uniqueId();
    const fileName = `gripper-${id}.png`;
    const alt = `ذراع الإمساك ${id}`;
    const titleAr = `تصميم الذراع ${id}`;
    const titleEn = `Designing the gripper ${id}`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: apiUrl });
    await signInArabic(page);

    // The library screen: upload, open the file, see its kind and size, copy its address, set alt text.
    await page.getByRole('menuitem', { name: 'مكتبة الملفات' }).click();
    const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    await page
      .locator('input[name=library-files]')
      .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png });
    await expect(page.getByText('تم رفع 1 من 1')).toBeVisible();
    await page.getByRole('button', { name: fileName }).click();
    const details = page.getByRole('dialog', { name: fileName });
    await expect(details).toContainText('صورة');
    await expect(details).toContainText('PNG');
    await expect(details).toContainText('غير مستخدم في أي مكان بعد.');
    const address = details.getByRole('textbox', { name: 'العنوان (الرابط)' });
    await expect(address).toHaveValue(new RegExp(`^${apiUrl}/uploads/imgvgallery/.+\\.png$`));
    await details.getByRole('button', { name: 'نسخ العنوان' }).click();
    await expect(page.getByText('تم نسخ العنوان.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await address.inputValue());
    await details.getByRole('textbox', { name: 'النص البديل' }).fill(alt);
    await details.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم حفظ النص البديل.')).toBeVisible();
    await details.getByRole('button', { name: 'إغلاق' }).last().click();

    // A post: the Arabic editor writes right-to-left, the English one left-to-right, in the Arabic interface.
    await page.getByRole('menuitem', { name: 'التصنيفات' }).click();
    await page.getByRole('link', { name: 'إنشاء' }).click();
    await page.locator('input[name=name]').fill(`هندسة ${id}`);
    await page.locator('input[name=name_en]').fill(`Engineering ${id}`);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم الحفظ بنجاح!')).toBeVisible();
    await page.getByRole('menuitem', { name: 'المدونة' }).click();
    await page.getByRole('link', { name: 'إنشاء' }).click();
    await page.locator('input[name=name]').fill(titleAr);
    await page.locator('input[name=name_en]').fill(titleEn);
    await page.getByRole('combobox', { name: 'التصنيف' }).click();
    await page.getByRole('option', { name: `هندسة ${id}` }).click();
    const editors = page.locator('.ProseMirror');
    await expect(editors.nth(0)).toHaveAttribute('dir', 'rtl');
    await expect(editors.nth(1)).toHaveAttribute('dir', 'ltr');
    await editors.nth(0).fill('صمّم ذراعًا تمسك الكرة');
    await editors.nth(1).fill('Design an arm that holds the ball');
    await editors.nth(0).click();
    await page.getByRole('button', { name: 'إدراج صورة من المكتبة' }).first().click();
    const library = page.getByRole('dialog');
    await library.getByRole('button', { name: fileName }).click();
    await library.getByRole('button', { name: 'إضافة الملف المختار' }).click();
    await expect(editors.nth(0).locator(`img[alt="${alt}"]`)).toHaveAttribute('src', /\/uploads\/imgvgallery\//);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم الحفظ بنجاح!')).toBeVisible();

    // The member site, in Arabic, shows the picture with its alt text in the post.
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    await page.goto(`${baseURL}/blogs/`);
    await page.getByRole('link', { name: new RegExp(titleAr) }).click();
    await expect(page.getByRole('heading', { level: 1, name: titleAr })).toBeVisible();
    const picture = page.getByRole('img', { name: alt });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);

    // Back in the library: the file names the post, links to it, and cannot be deleted.
    await page.goto(`${adminUrl}#/media`);
    await page.getByRole('button', { name: fileName }).click();
    const again = page.getByRole('dialog', { name: fileName });
    await expect(again).toContainText('مستخدم في:');
    await expect(again.getByRole('link', { name: `مقال: ${titleAr}` })).toBeVisible();
    await expect(again.getByRole('button', { name: 'حذف' })).toBeDisabled();
  });

  test('an admin deletes an unused file after the confirm; on a phone the library keeps its buttons named', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const fileName = `notes-${uniqueId()}.txt`;
    await signInStaff(page);
    await expect(page.getByText('Welcome, Administrator')).toBeVisible();
    await page.goto(`${adminUrl}#/media`);
    await page
      .locator('input[name=library-files]')
      .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('Robot notes\n') });
    await expect(page.getByText('1 of 1 uploaded')).toBeVisible();
    const unnamed = await page
      .locator('button')
      .evaluateAll((buttons) =>
        buttons.filter((b) => !b.textContent?.trim() && !b.getAttribute('aria-label')).map((b) => b.outerHTML),
      );
    expect(unnamed).toEqual([]);
    await page.getByRole('button', { name: fileName }).click();
    const details = page.getByRole('dialog', { name: fileName });
    await expect(details).toContainText('Document');
    await expect(details).toContainText('12 byte');
    await details.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this file?' })).toContainText(fileName);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('The file was deleted.')).toBeVisible();
    await expect(page.getByRole('button', { name: fileName })).toHaveCount(0);
  });
});
