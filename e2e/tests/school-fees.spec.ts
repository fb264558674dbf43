import { expect, test, type Page } from '@playwright/test';
import { E2E, apiUrl, memberUrl } from '../env';
import { createMember, signInStudent } from './helpers';
import { coachWithPlan, noViolations, openRegistration, shot, signOut } from './journey';

const SCHOOL = 'entity@school.example';

/** Signs in through the API (as the member site would) and answers the Authorization header. */
async function apiToken(page: Page, nationalId: string, password: string, type: number) {
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: nationalId, password, type, loginType: 'signin' },
  });
  expect(signin.ok(), `sign-in of ${nationalId}`).toBe(true);
  return { Authorization: signin.headers()['authorization'] };
}

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

    // The same page in English on a wide screen.
    await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/school/team-fees');
    await expect(page.getByRole('heading', { name: 'Pay team fees' })).toBeVisible();
    await noViolations(page, 'school team fees (English)');
    await shot(page, 'school-fees-en-1280');
  });
});
