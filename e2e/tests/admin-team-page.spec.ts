import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import { axeViolations, createMember, DEFAULT_GUARDIAN_PHONE, guardianConfirms, signInStaff } from './helpers';

const SHOTS = process.env.E2E_SCREENSHOTS;
const adminUrl = `${apiUrl}/admin/`;

async function noViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar'), `${what}: still loading`).toHaveCount(0);
  const violations = await axeViolations(page);
  expect(
    violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`,
    ),
    what,
  ).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * A submitted team of a registration with a fee and age and grade rules, made through the API: a
 * coach with a plan (bought in the sandbox) registers two students, who accept, and submits.
 */
async function submittedTeam(page: Page) {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
  });
  const admin = { Authorization: login.headers()['authorization'] };
  const create = async (path: string, data: object) => {
    const res = await page.request.post(`${apiUrl}/api/admin/${path}`, { headers: admin, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const season = await create('seasons', { name: 'موسم الفحص', name_en: 'Checking season' });
  const competition = await create('competitions', { name: 'تحدي الأهلية', name_en: 'Eligibility challenge' });
  await create('registrations', {
    season_id: season.id,
    competition_id: competition.id,
    opens_at: new Date(Date.now() - 86_400_000).toISOString(),
    closes_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    min_members: 1,
    max_members: 3,
    min_age: 10,
    max_age: 19,
    age_on: '2026-09-01',
    grades: [7, 8, 9, 10, 11, 12],
    fee: '150',
  });

  const coach = await createMember(page, 1);
  const coachAuth = await memberAuth(page, coach.id, coach.password, 1);
  const plans = await (await page.request.get(`${apiUrl}/api/plans?type=coach`, { headers: coachAuth })).json();
  const bought = await (
    await page.request.post(`${apiUrl}/api/subcripe/`, { headers: coachAuth, data: { plan_id: plans.plan[0]._id } })
  ).json();
  await page.request.post(bought.response.order.url, { form: { action: 'pay' }, maxRedirects: 0 });
  await page.request.post(`${apiUrl}/api/telr/`, { headers: coachAuth, data: { order_id: bought.order._id } });

  const lian = await createMember(page, 0, {
    name: 'ليان القحطاني',
    date_birth: '2012-09-02',
    grade: '7',
    schoolname: 'مدرسة الرياض الأهلية',
    guardianname: 'أبو ليان',
  });
  const omar = await createMember(page, 0, {
    name: 'Omar Al-Harbi',
    date_birth: '2008-03-05',
    grade: '12',
    schoolname: 'King Fahd Secondary School',
  });
  const made = await page.request.post(`${apiUrl}/api/teams`, {
    headers: coachAuth,
    data: { season_id: season.id, competition_id: competition.id, name: 'صقور الرياض', members: [lian.id, omar.id] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const team = (await made.json()).team as { _id: string; team_no: string };
  for (const student of [lian, omar]) {
    const auth = await memberAuth(page, student.id, student.password, 0);
    const { invitations } = await (await page.request.get(`${apiUrl}/api/team-invitations`, { headers: auth })).json();
    const accepted = await page.request.post(`${apiUrl}/api/team-invitations/${invitations[0]._id}/accept`, {
      headers: auth,
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
  }
  // Lian is a minor: her guardian confirms her place.
  await guardianConfirms(page, DEFAULT_GUARDIAN_PHONE, team.team_no);
  const submitted = await page.request.post(`${apiUrl}/api/teams/${team._id}/submit`, { headers: coachAuth });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  return team;
}

async function memberAuth(page: Page, nationalId: string, password: string, type: 0 | 1) {
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: nationalId, password, type, loginType: 'signin' },
  });
  return { Authorization: signin.headers()['authorization'] };
}

async function signInAdmin(page: Page, lang: 'en' | 'ar') {
  await signInStaff(page, lang);
  // Signed in: the dashboard, before any other screen is asked for.
  await expect(page).toHaveURL(/#\/$/);
  await page.waitForLoadState('networkidle');
}

test.describe('the back-office team page', () => {
  test('staff see each student’s age, grade, school and minor, the fee, and decide with a reason', async ({ page }) => {
    test.setTimeout(240_000);
    const team = await submittedTeam(page);
    const teamPage = `${adminUrl}#/teams/${team._id}`;

    // In English on a desktop: the people with the details eligibility is checked on.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAdmin(page, 'en');
    await page.goto(teamPage);
    const card = page.getByTestId('team-registration');
    await expect(card.getByRole('heading', { name: 'Registration: Submitted' })).toBeVisible();
    await expect(card.getByText('Eligible: ages 10–19 on 1 September 2026 · grades 7, 8, 9, 10, 11, 12')).toBeVisible();
    await expect(card.getByText('Not paid', { exact: true })).toBeVisible();
    const people = card.getByRole('table', { name: 'People' });
    await expect(people.getByRole('columnheader')).toHaveText([
      'Person',
      'Role',
      'Invitation',
      'Age on 1 Sept 2026',
      'Grade',
      'School',
      'Minor',
    ]);
    const lian = people.getByRole('row').filter({ hasText: 'ليان القحطاني' });
    await expect(lian.getByRole('cell')).toHaveText([
      /ليان القحطاني/,
      'Member',
      'Accepted',
      '13',
      '7',
      'مدرسة الرياض الأهلية',
      'Yes',
    ]);
    const omar = people.getByRole('row').filter({ hasText: 'Omar Al-Harbi' });
    await expect(omar.getByRole('cell')).toHaveText([
      /Omar Al-Harbi/,
      'Member',
      'Accepted',
      '18',
      '12',
      'King Fahd Secondary School',
      'No',
    ]);
    await noViolations(page, 'team page (English)');
    await shot(page, 'admin-team-page-en-1440');

    // Rejecting asks first, with the reason required; Cancel sends nothing.
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject team ${team.team_no}?` });
    await expect(dialog.getByRole('button', { name: 'Reject the team' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Omar is too old for this age group.');
    await expect(dialog.getByRole('button', { name: 'Reject the team' })).toBeEnabled();
    await noViolations(page, 'reject dialog (English)');
    await shot(page, 'admin-team-reject-en-1440');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByRole('heading', { name: 'Registration: Submitted' })).toBeVisible();

    // Requesting changes and recording a payment: each a dialog with its reason box.
    await card.getByRole('button', { name: 'Request changes' }).click();
    const changes = page.getByRole('dialog', { name: `Send team ${team.team_no} back for changes?` });
    await expect(changes.getByRole('textbox', { name: 'What should change' })).toBeFocused();
    await noViolations(page, 'request changes dialog (English)');
    await changes.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Record a payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Record a payment made outside the platform' });
    await expect(payment.getByText(/^Only for a fee of SAR\s150\.00 paid another way/)).toBeVisible();
    await noViolations(page, 'record a payment dialog (English)');
    await shot(page, 'admin-team-payment-en-1440');
    await payment.getByRole('button', { name: 'Cancel' }).click();

    // The list: the payment state in words, the paid filter, the roster button.
    await page.goto(`${adminUrl}#/teams?filter=${encodeURIComponent(JSON.stringify({ payment_status: false }))}`);
    await expect(page.getByRole('cell', { name: team.team_no, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export the roster' })).toBeVisible();
    await noViolations(page, 'teams list, not paid (English)');
    await shot(page, 'admin-teams-en-1440');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the roster' }).click();
    expect((await download).suggestedFilename()).toMatch(/^team-roster-\d{4}-\d{2}-\d{2}\.csv$/);

    // On a phone: cards with the state and the payment; the team page's people as a list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const cardLink = page.getByRole('link').filter({ hasText: team.team_no });
    await expect(cardLink.getByText('Submitted · Not paid')).toBeVisible();
    await noViolations(page, 'teams list at 390 px (English)');
    await shot(page, 'admin-teams-en-390');
    await page.goto(teamPage);
    await expect(
      card.getByRole('list', { name: 'People' }).getByText('Age on 1 Sept 2026: 13 · Grade: 7'),
    ).toBeVisible();
    await noViolations(page, 'team page at 390 px (English)');
    await shot(page, 'admin-team-page-en-390');

    // In Arabic, on the phone and the desktop.
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
    await page.reload();
    await expect(card.getByRole('heading', { name: 'التسجيل: مُرسَل' })).toBeVisible();
    await expect(card.getByText('غير مدفوع', { exact: true })).toBeVisible();
    await noViolations(page, 'team page at 390 px (Arabic)');
    await shot(page, 'admin-team-page-ar-390');
    await card.getByRole('button', { name: 'طلب تعديلات' }).click();
    await expect(page.getByRole('dialog', { name: `إعادة الفريق ${team.team_no} لإجراء تعديلات؟` })).toBeVisible();
    await noViolations(page, 'request changes dialog at 390 px (Arabic)');
    await shot(page, 'admin-team-changes-ar-390');
    await page.getByRole('button', { name: 'إلغاء' }).click();
    await page.goto(`${adminUrl}#/teams`);
    await expect(page.getByRole('link').filter({ hasText: team.team_no }).getByText('مُرسَل · غير مدفوع')).toBeVisible();
    await noViolations(page, 'teams list at 390 px (Arabic)');
    await shot(page, 'admin-teams-ar-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByRole('button', { name: 'تصدير كشف الفرق' })).toBeVisible();
    await noViolations(page, 'teams list (Arabic)');
    await shot(page, 'admin-teams-ar-1440');
    await page.goto(teamPage);
    const peopleAr = card.getByRole('table', { name: 'الأشخاص' });
    await expect(peopleAr.getByRole('row').filter({ hasText: 'ليان القحطاني' }).getByRole('cell').last()).toHaveText(
      'نعم',
    );
    await expect(
      card.getByText('الأهلية: الأعمار من 10 إلى 19 في 1 سبتمبر 2026 · الصفوف 7، 8، 9، 10، 11، 12'),
    ).toBeVisible();
    await noViolations(page, 'team page (Arabic)');
    await shot(page, 'admin-team-page-ar-1440');

    // A rejection with its reason: the API answers in Arabic, the team page shows the state and the reason.
    await card.getByRole('button', { name: 'رفض' }).click();
    const reject = page.getByRole('dialog', { name: `رفض الفريق ${team.team_no}؟` });
    await reject.getByRole('textbox', { name: 'السبب' }).fill('عمر أكبر من الفئة العمرية.');
    await noViolations(page, 'reject dialog (Arabic)');
    await shot(page, 'admin-team-reject-ar-1440');
    await reject.getByRole('button', { name: 'رفض الفريق' }).click();
    await expect(page.getByText('تم رفض الفريق وإبلاغ جميع أعضائه.')).toBeVisible();
    await expect(card.getByRole('heading', { name: 'التسجيل: مرفوض' })).toBeVisible();
    await expect(card.getByText('السبب: عمر أكبر من الفئة العمرية.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'تسجيل دفعة' })).toHaveCount(0);
  });
});
