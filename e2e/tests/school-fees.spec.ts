import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { apiToken, createMember, searchList, signInStaff, signInStudent } from './helpers';
import { coachWithPlan, noViolations, openRegistration, shot, signOut } from './journey';

const SCHOOL = 'entity@school.example';

/** Accepts every invitation waiting for this member (the API's route, as the home page's button does). */
async function acceptAll(page: Page, auth: { Authorization: string }) {
  const { invitations } = await (await page.request.get(`${apiUrl}/api/team-invitations`, { headers: auth })).json();
  for (const inv of invitations as { _id: string }[])
    expect((await page.request.post(`${apiUrl}/api/team-invitations/${inv._id}/accept`, { headers: auth })).ok()).toBe(
      true,
    );
}

/** A team of one student that represents the seeded school, the school having confirmed it; its fee due. */
async function schoolTeam(page: Page, label: string) {
  const { season, competition } = await openRegistration(
    page,
    {
      season: [`موسم المدارس ${label}`, `Schools season ${label}`],
      competition: [`مسابقة ${label}`, `Contest ${label}`],
    },
    { min_members: 1, max_members: 3, max_coaches: 2, entity_required: true, fee: '100' },
  );
  const student = await createMember(page, 0);
  const { coachAuth } = await coachWithPlan(page);
  const made = await page.request.post(`${apiUrl}/api/teams`, {
    headers: coachAuth,
    data: {
      season_id: season.id,
      competition_id: competition.id,
      name: `Falcons ${label}`,
      members: [student.id],
      entity_email: SCHOOL,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await acceptAll(page, await apiToken(page, student.id, student.password, 0));
  await acceptAll(page, await apiToken(page, SCHOOL, E2E.demoPassword, 2));
  return (await made.json()).team as { _id: string; team_no: string };
}

test.describe('a school pays several teams’ fees in one order', () => {
  test('in Arabic on a phone: the school chooses two teams, pays once, and the order holds a line per team', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const stamp = String(Date.now()).slice(-6);
    const a = await schoolTeam(page, `A${stamp}`);
    const b = await schoolTeam(page, `B${stamp}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await signOut(page); // Arabic
    await signInStudent(page, SCHOOL, E2E.demoPassword, 'entity');
    // The account page asks what a standard tax invoice names (legal name, national address).
    await page.goto('/accounts?tab=profile');
    await expect(page.getByRole('textbox', { name: 'الاسم القانوني (في الفواتير الضريبية)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'رقم المبنى (4 أرقام)' })).toBeVisible();
    await shot(page, 'school-billing-ar-390');
    await page.goto('/accounts?tab=myteams');
    await page.getByRole('link', { name: 'ادفع رسوم فرقك' }).click();
    await expect(page).toHaveURL(`${memberUrl}/school/team-fees`);
    await expect(page.getByRole('heading', { name: 'دفع رسوم الفرق' })).toBeVisible();
    for (const team of [a, b]) await page.getByRole('checkbox', { name: new RegExp(team.team_no) }).check();
    await expect(page.getByText('اخترت فريقين: 200.00 ر.س')).toBeVisible();
    await noViolations(page, 'school team fees (Arabic)');
    await shot(page, 'school-fees-ar-390');
    await page.getByRole('button', { name: 'ادفع رسوم الفرق المختارة' }).click();

    // One payment for both (the sandbox's page stands for Telr's).
    await expect(page.getByRole('heading', { name: 'دفع تجريبي' })).toBeVisible();
    await page.getByRole('button', { name: 'ادفع' }).click();
    await expect(page).toHaveURL(`${memberUrl}/school/team-fees`);
    await expect(page.getByText('تم الدفع بنجاح!')).toBeVisible();
    for (const team of [a, b])
      await expect(page.getByRole('checkbox', { name: new RegExp(team.team_no) })).toHaveCount(0);
    await shot(page, 'school-fees-paid-ar-390');

    // What the API holds: one paid order with one line per team, both teams paid.
    const school = await apiToken(page, SCHOOL, E2E.demoPassword, 2);
    const { myOrders } = await (await page.request.post(`${apiUrl}/api/orders`, { headers: school, data: {} })).json();
    const order = (
      myOrders as { order_type: string; payment_status: string; total_amount: string; lines: { team_id: string }[] }[]
    ).find((o) => o.order_type === 'team_fees' && o.lines.some((l) => l.team_id === a._id));
    expect(order).toMatchObject({ payment_status: 'Paid', total_amount: '200.00' });
    expect(order!.lines.map((l) => l.team_id).sort()).toEqual([a._id, b._id].sort());

    // Staff give one team's fee back, in Arabic: the order lists both teams, the refund asks which;
    // the other team stays paid.
    const staff = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 1280, height: 900 }, locale: 'ar-SA' });
    const admin = await staff.newPage();
    await signInStaff(admin);
    await admin.getByRole('menuitem', { name: 'المعاملات' }).click();
    await searchList(admin, 'Future School');
    await admin.locator('tbody tr', { hasText: '200.00' }).first().locator('td').last().click();
    const dialog = admin.getByRole('dialog', { name: 'المعاملة' });
    const lines = dialog.getByTestId('order-lines');
    for (const team of [a, b]) await expect(lines.getByText(team.team_no)).toBeVisible();
    await dialog.getByRole('button', { name: 'استرداد' }).click();
    const form = admin.getByRole('dialog', { name: 'استرداد مبلغ هذا الطلب' });
    await form.getByRole('combobox', { name: 'الفريق الذي تُستردّ رسومه' }).click();
    await admin.getByRole('option', { name: new RegExp(b.team_no) }).click();
    await expect(form.getByText('تُستردّ رسومه كاملةً: 100.00 ر.س')).toBeVisible();
    await form.getByLabel('السبب').fill('تعذّر سفر الفريق');
    await noViolations(admin, 'refund of one team (Arabic)');
    await shot(admin, 'school-fees-refund-team-ar-1280');
    await form.getByRole('button', { name: 'استرداد' }).click();
    await expect(admin.getByText(/تم الاسترداد\. صدر الإشعار الدائن CN-\d{4}-\d{6}\./)).toBeVisible();
    await expect(lines.locator('li', { hasText: b.team_no })).toContainText('استُردّت الرسوم');
    await expect(lines.locator('li', { hasText: a.team_no })).not.toContainText('استُردّت الرسوم');
    // What the API holds: team B's line refunded, team A's not; the order still paid.
    const after = (await (await page.request.post(`${apiUrl}/api/orders`, { headers: school, data: {} })).json())
      .myOrders as { _id: string; payment_status: string; lines: { team_id: string; refunded: boolean }[] }[];
    const same = after.find((o) => o.lines.some((l) => l.team_id === a._id))!;
    expect(same.payment_status).toBe('Paid');
    expect(Object.fromEntries(same.lines.map((l) => [l.team_id, l.refunded]))).toEqual({
      [a._id]: false,
      [b._id]: true,
    });
    await staff.close();

    // The same page in English on a wide screen.
    await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/school/team-fees');
    await expect(page.getByRole('heading', { name: 'Pay team fees' })).toBeVisible();
    await noViolations(page, 'school team fees (English)');
    await shot(page, 'school-fees-en-1280');
  });
});
