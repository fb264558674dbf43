import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { axeViolations, createMember, signInStaff, signInStudent, uniqueId } from './helpers';

/**
 * Issue 29, "Times": staff in Riyadh enter a registration's window in the back-office in Arabic
 * ("opens 20/11 08:00, closes 31/01 23:59"); it reads back the same after a reload and on a device in
 * another time zone, and the coach's registration card shows the close on the Riyadh clock with the
 * registration's ages, grades, team size and fee, in grammatical Arabic and in English.
 */
const adminUrl = `${apiUrl}/admin/`;
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations(page);
  expect(
    violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/** Season and competition made through the back-office API (the form picks them by name). */
async function seasonAndCompetition(page: Page, id: string) {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
  });
  const admin = { Authorization: login.headers()['authorization'] };
  const create = async (path: string, name: string, name_en: string) =>
    (await (await page.request.post(`${apiUrl}/api/admin/${path}`, { headers: admin, data: { name, name_en } })).json())
      .id as string;
  return {
    admin,
    season: await create('seasons', `موسم الوقت ${id}`, `Time season ${id}`),
    competition: await create('competitions', `تحدي الوقت ${id}`, `Time Challenge ${id}`),
    other: await create('competitions', `تحدي بلا مدرسة ${id}`, `No-school Challenge ${id}`),
  };
}

test.describe('registration windows on the Riyadh clock', () => {
  test.use({ timezoneId: 'Asia/Riyadh' });

  test('staff enter a window in Arabic; it reads back the same anywhere; the coach sees the close in Riyadh time', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const id = uniqueId();
    const names = await seasonAndCompetition(page, id);
    const compAr = `تحدي الوقت ${id}`;

    // Back-office in Arabic, on a desktop: create the registration with the form.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInStaff(page, 'ar');
    await page.goto(`${adminUrl}#/registrations/create`);
    await page.getByRole('combobox', { name: 'الموسم' }).click();
    await page.getByRole('option', { name: `موسم الوقت ${id}` }).click();
    await page.getByRole('combobox', { name: 'المسابقة' }).click();
    await page.getByRole('option', { name: compAr }).click();
    await expect(page.getByText('بتوقيت الرياض (UTC+3)', { exact: false }).first()).toBeVisible();
    // The date-and-time boxes are the browser's own (Western digits); the grades take Arabic-Indic digits.
    await page.locator('input[name=opens_at]').fill('2026-11-20T08:00');
    await page.locator('input[name=closes_at]').fill('2027-01-31T23:59');
    // Numbers as an Arabic keyboard types them (issue 37): Arabic-Indic, Eastern Arabic-Indic, ٫.
    await page.locator('input[name=max_members]').fill('٣');
    const grades = page.getByRole('combobox', { name: 'الصفوف' });
    await grades.fill('٨');
    await grades.press('Enter');
    await grades.fill('٧');
    await grades.press('Enter');
    await page.locator('input[name=min_age]').fill('۸');
    await page.locator('input[name=max_age]').fill('١٢');
    await page.locator('input[name=age_on]').fill('2026-09-01');
    await page.locator('input[name=fee]').fill('١٥٠٫٠٠');
    await page.getByLabel('الجهة مطلوبة').focus();
    // Kept, not emptied: each box now reads the number in Western digits.
    for (const [name, value] of [
      ['max_members', '3'],
      ['min_age', '8'],
      ['max_age', '12'],
      ['fee', '150'],
    ])
      await expect(page.locator(`input[name=${name}]`)).toHaveValue(value);
    await page.getByLabel('الجهة مطلوبة').check();
    await noViolations(page, 'back-office registration form (Arabic)');
    await shot(page, 'admin-registration-form-ar-1440');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page).toHaveURL(/#\/registrations$/);

    // Stored as the instants those Riyadh times name.
    const list = await page.request.get(`${apiUrl}/api/admin/registrations`, {
      headers: names.admin,
      params: { filter: JSON.stringify({ competition_id: names.competition }) },
    });
    const [reg] = (await list.json()) as {
      id: string;
      opens_at: string;
      closes_at: string;
      grades: string[];
      max_members: number;
      min_age: number;
      max_age: number;
      fee: number | string;
    }[];
    expect([reg.opens_at, reg.closes_at, reg.grades]).toEqual([
      '2026-11-20T05:00:00.000Z',
      '2027-01-31T20:59:00.000Z',
      ['8', '7'],
    ]);
    expect([reg.max_members, reg.min_age, reg.max_age, Number(reg.fee)]).toEqual([3, 8, 12, 150]);

    // The list shows them on the Riyadh clock; the edit form too, after a reload.
    const row = page.getByRole('row').filter({ hasText: compAr });
    await expect(row).toContainText('08:00');
    await expect(row).toContainText('11:59');
    await expect(row).toContainText('من 2 إلى 3 أعضاء، وحتى مدربين اثنين');
    await shot(page, 'admin-registrations-ar-1440');
    await page.goto(`${adminUrl}#/registrations/${reg.id}`);
    await page.reload();
    await expect(page.locator('input[name=opens_at]')).toHaveValue('2026-11-20T08:00');
    await expect(page.locator('input[name=closes_at]')).toHaveValue('2027-01-31T23:59');
    await shot(page, 'admin-registration-edit-ar-1440');

    // The same record on a phone in English, on a device set to London: still 08:00 and 23:59.
    const away = await browser.newContext({ timezoneId: 'Europe/London', viewport: { width: 390, height: 844 } });
    const phone = await away.newPage();
    await signInStaff(phone, 'en');
    await phone.goto(`${adminUrl}#/registrations/${reg.id}`);
    await expect(phone.locator('input[name=opens_at]')).toHaveValue('2026-11-20T08:00');
    await expect(phone.locator('input[name=closes_at]')).toHaveValue('2027-01-31T23:59');
    await expect(phone.getByText('Riyadh time (UTC+3)', { exact: false }).first()).toBeVisible();
    await shot(phone, 'admin-registration-edit-en-390');
    await phone.goto(`${adminUrl}#/registrations`);
    await expect(phone.getByText(/20 Nov 2026, 08:00 – 31 Jan 2027, 23:59/).first()).toBeVisible();
    await shot(phone, 'admin-registrations-en-390');
    await away.close();

    // A second registration of the season needs no school.
    const other = await page.request.post(`${apiUrl}/api/admin/registrations`, {
      headers: names.admin,
      data: {
        season_id: names.season,
        competition_id: names.other,
        opens_at: '2026-11-20T08:00',
        closes_at: '2027-01-31T23:59',
        min_members: 1,
        max_members: 1,
        max_coaches: 1,
      },
    });
    expect(other.status()).toBe(201);

    // The coach's page, in Arabic on a phone.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    const coach = await coachWithPlan(page);
    await signInStudent(page, coach.id, coach.password, 'coach');
    await page.goto('/teams/register');
    const card = page.locator(`li[data-registration="${reg.id}"]`);
    await expect(card.locator('[data-window]')).toHaveText(
      'يغلق التسجيل في 31 يناير 2027 الساعة 11:59 م بتوقيت الرياض',
    );
    await expect(card.getByRole('listitem')).toHaveText([
      'العمر في 1 سبتمبر 2026: من 8 إلى 12 سنة',
      'الصفان 7 و8',
      'الفريق: من 2 إلى 3 طلاب وحتى مدربين اثنين',
      'الجهة (المدرسة) مطلوبة وتؤكد الفريق',
      /^رسوم الفريق: .*150/,
    ]);
    await expect(page.locator(`li[data-registration] >> text=الفريق: طالب واحد ومدرب واحد`)).toHaveCount(1);
    // The entity's e-mail follows the chosen competition.
    const competition = page.getByLabel('المسابقة');
    await competition.selectOption({ label: `${compAr} · موسم الوقت ${id}` });
    await expect(page.getByRole('textbox', { name: 'البريد الإلكتروني للجهة (المدرسة)' })).toHaveAttribute('required');
    await competition.selectOption({ label: `تحدي بلا مدرسة ${id} · موسم الوقت ${id}` });
    await expect(page.getByRole('textbox', { name: 'البريد الإلكتروني للجهة (اختياري)' })).not.toHaveAttribute(
      'required',
    );
    await noViolations(page, 'registration cards (Arabic, phone)');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'member-register-card-ar-390');

    // Without JavaScript the hint names the competitions that need a school.
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: memberUrl });
    await plain.addCookies(await page.context().cookies());
    const noJs = await plain.newPage();
    await noJs.setViewportSize({ width: 390, height: 844 });
    await noJs.goto('/teams/register');
    const email = noJs.getByRole('textbox', { name: 'البريد الإلكتروني للجهة (المدرسة)' });
    await expect(email).not.toHaveAttribute('required');
    // (Other files' registrations that need a school, open beside this one, are named in it too.)
    const needsSchool = `${compAr} · موسم الوقت ${id}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(noJs.getByText(new RegExp(`^مطلوب في .*${needsSchool}.*، واختياري في غيرها\\.$`))).toBeVisible();
    await shot(noJs, 'member-register-form-nojs-ar-390');
    await plain.close();

    // In English on a desktop.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
    await page.reload();
    await expect(card.locator('[data-window]')).toHaveText(
      'Registration closes on 31 January 2027 at 23:59, Riyadh time',
    );
    await expect(card.getByRole('listitem')).toHaveText([
      'Ages 8–12 on 1 September 2026',
      'Grades 7 and 8',
      'Team: 2 to 3 students and up to 2 coaches',
      'An entity (school) is required and confirms the team',
      /^Team fee: .*150/,
    ]);
    await noViolations(page, 'registration cards (English, desktop)');
    await shot(page, 'member-register-card-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'member-register-card-en-390');
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await shot(page, 'member-register-card-ar-1440');
  });
});

/** A coach who bought an activation plan in the sandbox, through the API. */
async function coachWithPlan(page: Page) {
  const coach = await createMember(page, 1);
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: coach.id, password: coach.password, type: 1, loginType: 'signin' },
  });
  const auth = { Authorization: signin.headers()['authorization'] };
  const plans = await (await page.request.get(`${apiUrl}/api/plans?type=coach`, { headers: auth })).json();
  const bought = await (
    await page.request.post(`${apiUrl}/api/subcripe/`, { headers: auth, data: { plan_id: plans.plan[0]._id } })
  ).json();
  await page.request.post(bought.response.order.url, { form: { action: 'pay' }, maxRedirects: 0 });
  await page.request.post(`${apiUrl}/api/telr/`, { headers: auth, data: { order_id: bought.order._id } });
  await page.request.post(`${apiUrl}/api/logout`, { headers: auth });
  return coach;
}
