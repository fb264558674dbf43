import { expect, type Page } from '@playwright/test';
import { E2E, apiUrl, memberUrl } from '../env';
import { axeViolations, createMember } from './helpers';

/**
 * What the team journeys and the season test share: axe on a page, screenshots when
 * E2E_SCREENSHOTS names a folder, signing out, staff opening a registration, a coach with a plan.
 */

export const SHOTS = process.env.E2E_SCREENSHOTS;

export async function noViolations(page: Page, what: string, include?: string) {
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations(page, include);
  expect(
    violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

export async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

export async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
}

/** The admin opens registration for a new competition of a new season (the back-office API). */
export async function openRegistration(
  page: Page,
  names: { season: [string, string]; competition: [string, string] },
  rules: Record<string, unknown>,
) {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
  });
  const admin = { Authorization: login.headers()['authorization'] };
  const create = async (path: string, [name, name_en]: [string, string]) =>
    (await page.request.post(`${apiUrl}/api/admin/${path}`, { headers: admin, data: { name, name_en } })).json();
  const season = await create('seasons', names.season);
  const competition = await create('competitions', names.competition);
  const opened = await page.request.post(`${apiUrl}/api/admin/registrations`, {
    headers: admin,
    data: {
      season_id: season.id,
      competition_id: competition.id,
      opens_at: new Date(Date.now() - 86_400_000).toISOString(),
      closes_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      ...rules,
    },
  });
  expect(opened.status()).toBe(201);
  return { season, competition };
}

/**
 * A coach who bought an activation plan in the sandbox, through the API; answers the coach's token.
 * `made`: a coach made beforehand (createMember), when the test needs the ID before the purchase.
 */
export async function coachWithPlan(page: Page, made?: Awaited<ReturnType<typeof createMember>>) {
  const coach = made ?? (await createMember(page, 1));
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: coach.id, password: coach.password, type: 1, loginType: 'signin' },
  });
  const coachAuth = { Authorization: signin.headers()['authorization'] };
  const plans = await (await page.request.get(`${apiUrl}/api/plans?type=coach`, { headers: coachAuth })).json();
  const bought = await (
    await page.request.post(`${apiUrl}/api/subcripe/`, { headers: coachAuth, data: { plan_id: plans.plan[0]._id } })
  ).json();
  await page.request.post(bought.response.order.url, { form: { action: 'pay' }, maxRedirects: 0 });
  await page.request.post(`${apiUrl}/api/telr/`, { headers: coachAuth, data: { order_id: bought.order._id } });
  return { coach, coachAuth };
}
