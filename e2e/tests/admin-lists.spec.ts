import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiUrl } from '../env';
import { createMember, searchList, signInStaff, signUpMember, uniqueId } from './helpers';

const adminUrl = `${apiUrl}/admin/`;

/** The list's filter from the address bar (react-admin keeps it there). */
function listFilter(page: Page): Record<string, unknown> {
  const hash = new URL(page.url()).hash;
  const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
  return JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>;
}

/** Every list of the back-office (the media library is its own screen). */
const PHONE_LISTS = [
  'users',
  'admins',
  'judges',
  'plans',
  'events',
  'announcements',
  'categories',
  'blogs',
  'seasons',
  'competitions',
  'registrations',
  'teams',
  'transections',
  'contactus',
  'partners',
  'certificates',
  'certificate-templates',
  'audit',
  'messages',
  'media',
];

/** What the archive journey reads and clicks, in each language of the back-office. */
const ARCHIVE_TEXTS = [
  {
    lang: 'en',
    title: 'in English',
    plans: 'Plans',
    create: 'Create',
    membershipType: 'Membership type',
    coach: 'Coach',
    save: 'Save',
    delete: 'Delete',
    confirm: 'Confirm',
    addFilter: 'Add filter',
    archived: 'Archived',
    restore: 'Restore',
    restoredNotice: 'Restored: it is listed again',
    status: 'Status',
    auditLog: 'Audit log',
    restored: 'Restored',
    plan: 'Plan',
    section: 'Section',
    plans_section: 'Plans',
    registrations: 'Registrations',
  },
  {
    lang: 'ar',
    title: 'in Arabic',
    plans: 'الباقات',
    create: 'إنشاء',
    membershipType: 'نوع العضوية',
    coach: 'مدرب',
    save: 'حفظ',
    delete: 'حذف',
    confirm: 'تأكيد',
    addFilter: 'إضافة عامل تصفية',
    archived: 'المؤرشفة',
    restore: 'استعادة',
    restoredNotice: 'تمت الاستعادة: عادت إلى القائمة (غير مفعّلة حتى تفعّلها).',
    status: 'الحالة',
    auditLog: 'سجل التدقيق',
    restored: 'استعادة',
    plan: 'باقة',
    section: 'القسم',
    plans_section: 'الباقات',
    registrations: 'التسجيلات',
  },
];

test.describe('back-office lists: filters, selections and linked records', () => {
  test('an admin filters users by facets, exports exactly a selection and verifies it in bulk', async ({ page }) => {
    const members = [await signUpMember(page), await signUpMember(page), await signUpMember(page)];
    await page.setViewportSize({ width: 1600, height: 900 }); // wide enough for the facet sidebar
    await signInStaff(page);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    // The facet sidebar: students who are not verified yet.
    await page.getByRole('button', { name: 'Student' }).click();
    await page.getByRole('button', { name: 'Not verified' }).click();
    await expect.poll(() => listFilter(page)).toEqual({ type: 0, isVerified: false });
    const rows = members.map((m) => page.locator('tbody tr', { hasText: m.id }));
    for (const row of rows) await expect(row).toHaveCount(1);
    // Every other filter is behind the filter button.
    await page.getByRole('button', { name: 'Add filter' }).click();
    const menu = page.getByRole('menu');
    for (const label of ['Plan', 'Nationality', 'Region', 'From date', 'To date']) {
      await expect(menu.getByText(label, { exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');

    for (const row of rows) await row.getByRole('checkbox').check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export selected' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.split('\n').filter(Boolean);
    expect(lines).toHaveLength(4); // the header and the three ticked rows
    for (const m of members) expect(csv).toContain(m.id);

    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    for (const row of rows) await expect(row).toHaveCount(0);
    for (const m of members) {
      const res = await page.request.get(`${apiUrl}/api/admin/users`, {
        params: { filter: JSON.stringify({ q: m.id }) },
      });
      expect(((await res.json()) as { isVerified: boolean }[]).map((u) => u.isVerified)).toEqual([true]);
    }

    // The member's page: their changes (the bulk verify, by this admin), and no orders yet.
    await page.getByRole('button', { name: 'Not verified' }).click(); // the facet toggles off
    await searchList(page, members[0].id);
    await page.locator('tbody tr', { hasText: members[0].id }).click();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByText('Nothing yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'Changes' }).click();
    await expect(page.locator('main tbody tr', { hasText: 'Toggled' })).toBeVisible();
  });

  test('in Arabic, an admin filters students not verified, exports exactly three of them with Arabic headers, verifies them in bulk and reads the change on their page', async ({
    page,
  }) => {
    // Three sign-ups, an export and a bulk update: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const members = [await signUpMember(page), await signUpMember(page), await signUpMember(page)];
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.addInitScript(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
    await signInStaff(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('menuitem', { name: 'المستخدمون' }).click();
    await page.getByRole('button', { name: 'طالب', exact: true }).click();
    await page.getByRole('button', { name: 'غير موثّق', exact: true }).click();
    await expect.poll(() => listFilter(page)).toEqual({ type: 0, isVerified: false });
    const rows = members.map((m) => page.locator('tbody tr', { hasText: m.id }));
    for (const row of rows) await expect(row).toHaveCount(1);
    for (const row of rows) await row.getByRole('checkbox').check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'تصدير المحدد' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('رقم الهوية');
    for (const m of members) expect(csv).toContain(m.id);
    for (const line of lines.slice(1)) expect(line).toContain('طالب');

    await page.getByRole('button', { name: 'توثيق', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    for (const row of rows) await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: 'غير موثّق', exact: true }).click();
    // The filter off in the list's address first: a search typed before would carry the old filter
    // back (react-admin applies it with the filters it had when the key was pressed).
    await expect.poll(() => listFilter(page)).toEqual({ type: 0 });
    await searchList(page, members[1].id);
    await page.locator('tbody tr', { hasText: members[1].id }).click();
    await page.getByRole('tab', { name: 'الطلبات' }).click();
    await expect(page.getByText('لا شيء بعد.')).toBeVisible();
    await page.getByRole('tab', { name: 'التغييرات' }).click();
    await expect(page.locator('main tbody tr', { hasText: 'تبديل' })).toBeVisible();
  });

  test("in Arabic, an admin opens a coach's page and reads their orders", async ({ page }) => {
    await signInStaff(page);
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('menuitem', { name: 'المستخدمون' }).click();
    await searchList(page, 'Khalid');
    await page.locator('tbody tr', { hasText: 'Khalid Coach' }).click();
    await page.getByRole('tab', { name: 'الطلبات' }).click();
    // The demo order: its plan in Arabic and its status translated.
    const order = page.locator('main tbody tr').first();
    await expect(order).toContainText('فاشلة');
    await page.getByRole('tab', { name: 'الفرق' }).click();
    await expect(page.locator('main tbody tr').first()).toBeVisible();
  });

  for (const t of ARCHIVE_TEXTS) {
    test(`${t.title}: an archived plan stays behind the Archived filter and is restored`, async ({ page }) => {
      const name = `Archive plan ${t.lang} ${uniqueId()}`;
      // A new coach, so the demo coach's orders stay as other journeys expect them. Made before the
      // admin signs in: its sign-out shares this browser's cookies.
      const coach = await createMember(page, 1);
      if (t.lang === 'ar') await page.addInitScript(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
      await signInStaff(page);
      await page.getByRole('menuitem', { name: t.plans }).click();
      await page.getByRole('link', { name: t.create }).click();
      await page.locator('input[name=name]').fill(`باقة ${name}`);
      await page.locator('input[name=name_en]').fill(name);
      await page.locator('input[name=orignal_pirce]').fill('300');
      await page.locator('input[name=price]').fill('250');
      await page.getByRole('combobox', { name: t.membershipType }).click();
      await page.getByRole('option', { name: t.coach }).click();
      await page.getByRole('button', { name: t.save }).click();
      // Each interface shows the plan's name in its language.
      const shown = t.lang === 'ar' ? `باقة ${name}` : name;
      const row = page.locator('tbody tr', { hasText: shown });
      await expect(row).toContainText('250');

      // A coach orders it, so deleting it archives it (its order keeps its plan).
      const plans = await page.request.get(`${apiUrl}/api/admin/plans`, {
        params: { filter: JSON.stringify({ q: name }) },
      });
      const [plan] = (await plans.json()) as { id: string }[];
      const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
        data: { national_id: coach.id, password: coach.password, type: 1, loginType: 'signin' },
      });
      const order = await page.request.post(`${apiUrl}/api/subcripe/`, {
        headers: { Authorization: signin.headers()['authorization'] },
        data: { plan_id: plan.id },
      });
      expect(order.status()).toBe(200);

      await row.getByRole('button', { name: t.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await expect(row).toHaveCount(0);
      await page.getByRole('button', { name: t.addFilter }).click();
      await page.getByRole('menu').getByText(t.archived, { exact: true }).click();
      await page.getByRole('switch', { name: t.archived }).check();
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: t.restore }).click();
      await expect(page.getByText(t.restoredNotice)).toBeVisible();
      await expect(row).toHaveCount(0);
      await page.getByRole('switch', { name: t.archived }).uncheck();
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('switch', { name: t.status })).not.toBeChecked();

      // The audit log names the plan and its section, and its name opens the plan.
      await page.getByRole('menuitem', { name: t.auditLog }).click();
      const restored = page.locator('tbody tr', { hasText: t.restored }).filter({ hasText: name });
      await expect(restored).toContainText(t.plan);
      // The section filter names every section as the menu does, registrations included.
      await page.getByRole('button', { name: t.addFilter }).click();
      await page.getByRole('menu').getByText(t.section, { exact: true }).click();
      await page.getByRole('combobox', { name: t.section }).click();
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options.filter({ hasText: t.registrations })).toHaveCount(1);
      expect((await options.allInnerTexts()).filter((o) => o.includes('|'))).toEqual([]);
      await options.filter({ hasText: new RegExp(`^${t.plans_section}$`) }).click();
      // Clicked once the filtered rows are in: a row the new page replaces could take the click (CI).
      await expect(page).toHaveURL((u) => decodeURIComponent(u.hash).includes('"resource":"plans"'));
      const sections = page.locator('tbody tr td.column-resource');
      await expect(sections.first()).toHaveText(t.plan);
      await expect(sections.filter({ hasNotText: new RegExp(`^${t.plan}$`) })).toHaveCount(0);
      await expect(restored).toBeVisible();
      await restored.getByRole('link', { name: shown }).click();
      await expect(page.locator('input[name=name_en]')).toHaveValue(name);
    });
  }

  test('the users table fits 1440 px at 25 and 100 rows; a long name and e-mail are cut, whole in a tooltip', async ({
    page,
  }) => {
    const id = uniqueId();
    const name = `Abdulrahman Mohammed Abdullah Al-Qahtani Al-Dosari Al-Shammari ${id}`;
    await signUpMember(page, 1, {
      name,
      email: `a.very.long.address.for.a.coach.of.a.school.team.${id}@riyadh-international-school.example`,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInStaff(page);
    for (const perPage of [25, 100]) {
      await page.goto(`${adminUrl}#/users?perPage=${perPage}&sort=created_at&order=DESC`);
      // Newest first: this coach's row among the first (the other worker may have made someone since).
      await expect(page.locator('tbody tr', { hasText: id })).toHaveCount(1);
      const edits = page.locator('tbody').getByRole('link', { name: 'Edit' });
      await expect(edits.first()).toBeVisible();
      const boxes = await edits.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().right));
      expect(Math.max(...boxes), `${perPage} rows`).toBeLessThanOrEqual(1440);
      // Once the rows have settled (a picture or a row still drawing can widen a column for a moment).
      const wrapper = page.locator('.RaDataTable-tableWrapper');
      await expect
        .poll(() => wrapper.evaluate((el) => el.scrollWidth - el.clientWidth), `${perPage} rows: no sideways scroll`)
        .toBeLessThanOrEqual(0);
    }
    const cut = page.locator('tbody tr', { hasText: id }).getByText(name);
    await cut.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: name })).toHaveText(name);
    // A value that is not cut gets no tooltip: the tooltip opens only over a box narrower than its
    // text (CutText), and this one is not; hovered, it shows none while the cut one's is gone.
    const whole = page.locator('tbody tr').getByText('coach@example.com', { exact: true });
    expect(await whole.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await whole.hover();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('in Arabic, an admin downloads the results template of a team, fills it in with a decimal comma and imports it', async ({
    page,
  }) => {
    const teamNo = `R-${uniqueId()}`;
    await page.addInitScript(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
    await signInStaff(page);
    await page.goto(`${adminUrl}#/teams/create`);
    await page.locator('input[name=team_no]').fill(teamNo);
    await page.getByRole('combobox', { name: 'الموسم' }).click();
    await page.getByRole('option', { name: 'موسم 2026' }).click();
    await page.getByRole('combobox', { name: 'المسابقة' }).click();
    await page.getByRole('option', { name: 'المبتكرون المستقبليون' }).click();
    await page.getByRole('button', { name: 'حفظ' }).click();
    await searchList(page, teamNo);
    const row = page.locator('tbody tr', { hasText: teamNo });
    await expect(row).toHaveCount(1);
    await expect(page.locator('tbody tr')).toHaveCount(1);

    await page.getByRole('button', { name: 'استيراد النتائج' }).click();
    const dialog = page.getByRole('dialog');
    // The file picker in the interface's language, not the browser's "Choose file / No file chosen".
    await expect(dialog.getByText('اختر ملف CSV')).toBeVisible();
    await expect(dialog.getByTestId('results-file-name')).toHaveText('لم يُختر ملف');
    // Results go to the approved teams of one season's competition: staff choose them first.
    await expect(dialog.getByRole('button', { name: 'تنزيل القالب' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'الموسم' }).click();
    await page.getByRole('option', { name: 'موسم 2026' }).click();
    await dialog.getByRole('combobox', { name: 'المسابقة' }).click();
    await page.getByRole('option', { name: 'المبتكرون المستقبليون' }).click();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'تنزيل القالب' }).click();
    const template = readFileSync((await (await download).path())!, 'utf8');
    const lines = template.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('team_no,score,ranked,team_name');
    // A team staff made has no name: its row is the number and three empty cells.
    expect(lines).toContain(`${teamNo},,,`);

    const filled = template.replace(`${teamNo},,,`, `${teamNo},"95,5",4,`);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'نتائج.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(filled),
    });
    await expect(dialog.getByTestId('results-file-name')).toHaveText('نتائج.csv');
    await dialog.getByRole('button', { name: 'معاينة' }).click();
    await expect(dialog.getByRole('alert')).toContainText('صف واحد جاهز، لا أخطاء');
    await expect(dialog.locator('tbody tr')).toContainText('95.5');
    await dialog.getByRole('button', { name: 'تطبيق' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('95.50');
    await expect(row).toContainText('4');
  });

  test('the not-found screen reads as one sentence in both languages', async ({ page }) => {
    await signInStaff(page);
    for (const [lang, text] of [
      ['en', 'Either you typed a wrong address, or you followed a broken link.'],
      ['ar', 'إما أنك كتبت عنوانًا خاطئًا أو اتبعت رابطًا غير صالح.'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
      await page.goto(`${adminUrl}#/no-such-screen`);
      await page.reload();
      await expect(page.locator('main')).toContainText(text);
      await expect(page.locator('main')).not.toContainText(`${text}.`);
    }
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`on a 390 px phone (${lang}) every list is a readable list and every toolbar and row button has a name`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.addInitScript((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
      await signInStaff(page);
      await page.setViewportSize({ width: 390, height: 844 });
      for (const path of PHONE_LISTS) {
        await page.goto(`${adminUrl}#/${path}`);
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('progressbar'), path).toHaveCount(0);
        // No table wider than the phone: each list is a SimpleList (or cards) on a phone.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(wide, `${path}: nothing wider than the phone`).toBeLessThanOrEqual(0);
        await expect(page.locator('main table thead'), `${path}: no table on a phone`).toHaveCount(0);
        const nameless = await page
          .locator('main button, main a[role=button], main [role=button], main a[href]')
          .evaluateAll((els) =>
            els
              .filter((el) => (el as HTMLElement).offsetParent !== null)
              .filter(
                (el) =>
                  !(el.textContent ?? '').trim() &&
                  !el.getAttribute('aria-label') &&
                  !el.getAttribute('aria-labelledby') &&
                  !el.getAttribute('title'),
              )
              .map((el) => el.outerHTML.slice(0, 120)),
          );
        expect(nameless, path).toEqual([]);
        // And something to see: a button with no text shows an icon (not a blank square).
        const blank = await page.locator('main button, main a[role=button]').evaluateAll((els) =>
          els
            .filter((el) => (el as HTMLElement).offsetParent !== null)
            .filter((el) => !(el.textContent ?? '').trim() && !el.querySelector('svg, img'))
            .map((el) => el.outerHTML.slice(0, 120)),
        );
        expect(blank, `${path}: buttons with nothing to see`).toEqual([]);
      }
    });
  }
});
