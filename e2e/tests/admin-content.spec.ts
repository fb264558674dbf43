import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import sharp from 'sharp';
import { apiUrl } from '../env';
import { axeViolations, signInStaff, uniqueId } from './helpers';
import { shot } from './journey';

const adminUrl = `${apiUrl}/admin/`;

test.describe('back-office: content reaches the member site', () => {
  test('an admin writes a categorised post with a feature image and gallery from the library; members read it in both languages', async ({
    page,
    context,
    baseURL,
  }) => {
    const id = uniqueId();
    const titleEn = `Line follower secrets ${id}`;
    const titleAr = `أسرار تتبع الخط ${id}`;
    await signInStaff(page);

    await page.getByRole('menuitem', { name: 'Categories' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=name]').fill(`مسابقات ${id}`);
    await page.locator('input[name=name_en]').fill(`Contests ${id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();

    await page.getByRole('menuitem', { name: 'Blogs' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=name]').fill(titleAr);
    await page.locator('input[name=name_en]').fill(titleEn);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: `Contests ${id}` }).click();
    await page.locator('textarea[name=short_desc_en]').fill('Tune your PID in five steps');
    const editors = page.locator('.ProseMirror');
    await editors.nth(0).fill('خطوات ضبط الروبوت');
    await editors.nth(1).fill('Steps to tune the robot');

    // Feature image: upload into the library, pick it, add it.
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    await page.getByRole('button', { name: 'Choose from library' }).first().click();
    const library = page.getByRole('dialog');
    await library
      .locator('input[name=library-files]')
      .setInputFiles({ name: `robot-${id}.png`, mimeType: 'image/png', buffer: png });
    await expect(library.getByText('1 of 1 uploaded')).toBeVisible();
    await library.getByRole('button', { name: `robot-${id}.png` }).click();
    await library.getByRole('button', { name: 'Add the selected file' }).click();
    await expect(page.locator('img[src*="/uploads/imgvgallery/"]')).toHaveCount(1);
    // The gallery takes the same picture.
    await page.getByRole('button', { name: 'Choose from library' }).nth(1).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `robot-${id}.png` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add the selected file' }).click();
    await expect(page.locator('img[src*="/uploads/imgvgallery/"]')).toHaveCount(2);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
    await expect(page.locator('tbody tr', { hasText: titleEn })).toContainText(`Contests ${id}`);

    // The member site, English then Arabic.
    await page.goto(`${baseURL}/blogs/`);
    await page.getByRole('link', { name: new RegExp(titleEn) }).click();
    await expect(page.getByRole('heading', { level: 1, name: titleEn })).toBeVisible();
    await expect(page.getByText('Steps to tune the robot')).toBeVisible();
    await expect(page.locator('article img[src*="/uploads/imgvgallery/"]').first()).toBeVisible();
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/uploads\/imgvgallery\//);
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: titleAr })).toBeVisible();
    await expect(page.getByText('خطوات ضبط الروبوت')).toBeVisible();
  });

  test('an admin adds a plan and deletes it after the confirm', async ({ page }) => {
    const name = `Term plan ${uniqueId()}`;
    await signInStaff(page);
    await page.getByRole('menuitem', { name: 'Plans' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=name]').fill(`خطة فصلية ${name}`);
    await page.locator('input[name=name_en]').fill(name);
    await page.locator('input[name=orignal_pirce]').fill('300');
    await page.locator('input[name=price]').fill('250');
    await page.getByRole('combobox', { name: 'Membership type' }).click();
    await page.getByRole('option', { name: 'Entity' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tbody tr', { hasText: name });
    await expect(row).toContainText('250');
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete?');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Plan deleted successfully!')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('an admin edits the privacy policy in Arabic and /privacy shows it', async ({ page, context, baseURL }) => {
    const text = `نحترم خصوصيتك ${uniqueId()}`;
    await signInStaff(page);
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.getByRole('menuitem', { name: 'الإعدادات' }).click();
    const editors = page.locator('.ProseMirror');
    await editors.nth(0).fill(text);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم الحفظ بنجاح!')).toBeVisible();

    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    await page.goto(`${baseURL}/privacy`);
    await expect(page.getByRole('heading', { name: 'سياسة الخصوصية' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  });
});

test.describe('back-office: an event in Riyadh time', () => {
  // An admin travelling (their browser in New York) still writes and reads the event's time in Riyadh.
  test.use({ timezoneId: 'America/New_York' });
  test('the date picker says its zone, and the time typed is the time in Riyadh', async ({ page }) => {
    const name = `Regional final ${uniqueId()}`;
    await signInStaff(page);
    await page.getByRole('menuitem', { name: 'Events' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=name]').fill(`نهائي ${name}`);
    await page.locator('input[name=name_en]').fill(name);
    await page.locator('textarea[name=description]').fill('وصف');
    await page.locator('textarea[name=description_en]').fill('About');
    await page.locator('input[name=link]').fill('https://wro.example/final');
    await expect(page.getByRole('combobox', { name: 'Type' })).toContainText('WRO');
    await expect(page.getByText('Riyadh time (UTC+3)', { exact: false })).toBeVisible();
    await page.locator('input[name=event_date]').fill('2027-03-01T19:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
    const list = await page.request.get(`${apiUrl}/api/admin/events`, {
      params: { filter: JSON.stringify({ q: name }) },
    });
    const [event] = (await list.json()) as { id: string; event_date: string }[];
    expect(event.event_date).toBe('2027-03-01T16:30:00.000Z');
    await page.goto(`${adminUrl}#/events/${event.id}`);
    await expect(page.locator('input[name=event_date]')).toHaveValue('2027-03-01T19:30');
  });
});

test.describe('back-office in Arabic: an event shown on the home page with its countdown, place and picture', () => {
  test('the switches stick after saving and again after editing; the form and list read right to left on a phone and a desktop (issue 37)', async ({
    page,
  }) => {
    // Two widths, two screens each, with axe: longer than one screen's journey.
    test.slow();
    const name = `Finals ${uniqueId()}`;
    // A picture in the library to choose (the API keeps only its own images).
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    await signInStaff(page);
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto(`${adminUrl}#/events/create`);
    await page.locator('input[name=name]').fill(`نهائي ${name}`);
    await page.locator('input[name=name_en]').fill(name);
    await page.locator('textarea[name=description]').fill('وصف');
    await page.locator('textarea[name=description_en]').fill('About');
    await page.locator('input[name=link]').fill('https://wro.example/final');
    await page.locator('input[name=event_date]').fill('2027-03-01T19:30');
    await page.locator('input[name=place]').fill('الرياض، القاعة ١');
    await page.locator('input[name=place_en]').fill('Riyadh, hall 1');
    // The picture, uploaded in the library dialog and chosen.
    await page.getByRole('button', { name: 'اختيار من المكتبة' }).click();
    const library = page.getByRole('dialog');
    const file = `event-${name.replace(/\W+/g, '-')}.png`;
    await library
      .locator('input[name=library-files]')
      .setInputFiles({ name: file, mimeType: 'image/png', buffer: png });
    await expect(library.getByText('تم رفع 1 من 1')).toBeVisible();
    await library.getByRole('button', { name: file }).click();
    await library.getByRole('button', { name: 'إضافة الملف المختار' }).click();
    await expect(page.locator('img[src*="/uploads/imgvgallery/"]')).toHaveCount(1);
    await page.getByRole('switch', { name: 'العرض في الرئيسية' }).check();
    await page.getByRole('switch', { name: 'العد التنازلي' }).check();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `admin-event-form-ar-${width}`);
    }
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم الحفظ بنجاح!')).toBeVisible();

    const list = await page.request.get(`${apiUrl}/api/admin/events`, {
      params: { filter: JSON.stringify({ q: name }) },
    });
    const [event] = (await list.json()) as Record<string, unknown>[];
    expect(event).toMatchObject({
      home_status: true,
      countdownStarted: true,
      place: 'الرياض، القاعة ١',
      place_en: 'Riyadh, hall 1',
    });
    expect(event.image).toMatch(/^\/uploads\//);

    // Edited and saved again, the switches are still on.
    await page.goto(`${adminUrl}#/events/${event.id}`);
    await expect(page.getByRole('switch', { name: 'العرض في الرئيسية' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'العد التنازلي' })).toBeChecked();
    await page.locator('input[name=place]').fill('جدة');
    await page.getByRole('button', { name: 'حفظ' }).click();
    // Saved when the form goes back to the list (the first save's notice may still be showing).
    await expect(page).toHaveURL(/#\/events(\?.*)?$/);
    const again = (await (await page.request.get(`${apiUrl}/api/admin/events/${event.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(again).toMatchObject({ home_status: true, countdownStarted: true, place: 'جدة', image: event.image });

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${adminUrl}#/events`);
      await expect(page.getByText(`نهائي ${name}`).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `admin-event-list-ar-${width}`);
      await page.goto(`${adminUrl}#/events/${event.id}`);
      await expect(page.locator('input[name=place]')).toHaveValue('جدة');
      await expectNoAxeViolations(page);
    }
  });
});

async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
