import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { arabicDigits, createMember, signInStaff, signInStudent } from './helpers';
import { noViolations, shot } from './journey';

/**
 * The competition day (issue 32) in Arabic on a phone: a judge checks a team in by its typed number,
 * scores two rounds, loses the network and scores again, comes back; the public leaderboard (never
 * reloaded) shows the new rank; an anonymous visitor reads the competition's results and awards.
 */
const PHONE = { width: 390, height: 844 };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function staff(page: Page) {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
  });
  return { Authorization: login.headers()['authorization'] };
}

/** An adult member whose referee application staff accepted. */
async function acceptedReferee(page: Page, admin: Record<string, string>) {
  const member = await createMember(page, 1);
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: member.id, password: member.password, type: 1, loginType: 'signin' },
  });
  const auth = { Authorization: signin.headers()['authorization'] };
  const applied = await page.request.post(`${apiUrl}/api/invest/registration`, {
    headers: auth,
    multipart: {
      organization_name: 'نادي الروبوت',
      city: 'الرياض',
      apply_as: 'Refree',
      pexperince: 'yes',
      total_files: '1',
      file_0: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const apps = await page.request.get(
    `${apiUrl}/api/admin/judges?filter=${encodeURIComponent(JSON.stringify({ user: member.userId }))}`,
    { headers: admin },
  );
  const [app] = (await apps.json()) as { id: string }[];
  expect(
    (
      await page.request.put(`${apiUrl}/api/admin/judges/${app.id}`, { headers: admin, data: { status: 'accepted' } })
    ).ok(),
  ).toBe(true);
  return member;
}

test('a referee scores on a phone in Arabic, offline too; the leaderboard follows; the results are public', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await staff(page);
  const post = async (path: string, data: object, method: 'post' | 'put' = 'post') => {
    const res = await page.request[method](`${apiUrl}/api${path}`, { headers: admin, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const season = await post('/admin/seasons', { name: 'موسم ٢٠٢٦', name_en: 'Season 2026' });
  const base = Number(String(Date.now()).slice(-6));
  const name = `مهمة الروبوت ${base}`;
  const competition = await post('/admin/competitions', { name, name_en: `RoboMission ${base}` });
  await post(
    `/admin/competitions/${competition.id}/ranking`,
    { kind: 'best_of', rounds: 2, round_max: 200, timed: true },
    'put',
  );
  const [falcons, hawks] = [
    await post('/admin/teams', { team_no: `T-${base}`, season: season.id, competition: competition.id }),
    await post('/admin/teams', { team_no: `T-${base + 1}`, season: season.id, competition: competition.id }),
  ];
  const day = await post('/admin/event-days', {
    season_id: season.id,
    competition_id: competition.id,
    event_date: '2026-12-10',
    venue_name: 'قاعة الملك فهد',
    venue_name_en: 'King Fahd Hall',
    venue_city: 'الرياض',
    team_ids: [falcons.id, hawks.id],
  });
  const referee = await acceptedReferee(page, admin);
  await post(`/admin/event-days/${day.id}/staff`, { user_id: referee.userId, role: 'referee' });

  // The hall screen: an anonymous phone opens the leaderboard and keeps it open (never reloaded).
  const screen = await browser.newContext({ viewport: PHONE, locale: 'ar' });
  await screen.addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
  const board = await screen.newPage();
  await board.goto(`${memberUrl}/events/${day.id}`);
  await expect(board.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(board.getByRole('status')).toContainText('مباشر');

  // The referee's phone, in Arabic.
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
  await signInStudent(page, referee.id, referee.password, 'coach');
  // An accepted referee finds their event days in the phone's menu.
  await page.locator('summary[aria-label="القائمة"]').click();
  await page.getByTestId('phone-menu').getByRole('link', { name: 'أيام فعالياتي' }).click();
  await expect(page).toHaveURL(/\/judging$/);
  await page.getByRole('link', { name: 'فتح' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // Check-in by the number typed in Arabic-Indic digits.
  const checkIn = async (teamNo: string) => {
    await page.getByRole('textbox', { name: 'رقم الفريق' }).fill(arabicDigits(teamNo.slice(2)));
    await page.getByRole('button', { name: 'تسجيل الحضور' }).click();
    await expect(page.getByRole('status').filter({ hasText: `سُجّل حضور الفريق ${teamNo}` })).toBeVisible();
  };
  await checkIn(falcons.team_no);
  await expect(page.locator(`li[data-team="${falcons.team_no}"]`)).toContainText('حضر');
  await noViolations(page, 'judge page (ar, phone)');
  await shot(page, 'event-judge-ar-phone');

  const enterScore = async (teamNo: string, round: string, score: string, time: string) => {
    await page.getByRole('combobox', { name: 'الفريق', exact: true }).selectOption(teamNo);
    await page.getByRole('combobox', { name: 'الجولة', exact: true }).selectOption(round);
    await page.getByRole('textbox', { name: 'الدرجة', exact: true }).fill(score);
    await page.getByRole('textbox', { name: 'الزمن بالثواني' }).fill(time);
    await page.getByRole('button', { name: 'حفظ الدرجة' }).click();
  };
  await enterScore(falcons.team_no, '1', arabicDigits('120'), arabicDigits('75'));
  await expect(page.getByText('حُفظت الدرجة.')).toBeVisible();
  await expect(page.locator(`li[data-team="${falcons.team_no}"]`)).toContainText('الجولة 1: 120');
  await enterScore(falcons.team_no, '2', '130٫5', '70');
  await expect(page.locator(`li[data-team="${falcons.team_no}"]`)).toContainText('الجولة 2: 130.5');
  await expect(board.locator('tbody tr').first()).toHaveAttribute('data-team', falcons.team_no);
  await expect(board.locator('tbody tr').first().locator('td').first()).toHaveText('1');

  // The hall's Wi-Fi drops: the score waits on the phone, then goes when the network returns.
  await checkIn(hawks.team_no);
  await page.context().setOffline(true);
  await enterScore(hawks.team_no, '1', arabicDigits('150'), arabicDigits('80'));
  await expect(page.getByText('لا يوجد اتصال: حُفظت الدرجة في هذا الهاتف وستُرسل عند عودة الشبكة.')).toBeVisible();
  await expect(page.getByText('درجة واحدة بانتظار الإرسال')).toBeVisible();
  await shot(page, 'event-judge-offline-ar-phone');
  await page.context().setOffline(false);
  await expect(page.getByText('حُفظت الدرجة.')).toBeVisible();
  await expect(page.getByText('درجة واحدة بانتظار الإرسال')).toHaveCount(0);

  // The leaderboard, never reloaded, shows the new first place.
  await expect(board.locator('tbody tr').first()).toHaveAttribute('data-team', hawks.team_no);
  await expect(board.locator(`tr[data-team="${falcons.team_no}"] td`).first()).toHaveText('2');
  await noViolations(board, 'leaderboard (ar, phone)');
  await shot(board, 'event-leaderboard-ar-phone');

  // What the database holds: three scores, ranked on the server.
  const standings = await (
    await page.request.get(`${apiUrl}/api/admin/event-days/${day.id}/standings`, { headers: admin })
  ).json();
  expect(
    standings.standings.map((s: { team_no: string; rank: number; score: number }) => [s.team_no, s.rank, s.score]),
  ).toEqual([
    [hawks.team_no, 1, 150],
    [falcons.team_no, 2, 130.5],
  ]);

  // Staff write the results and name a special award; an anonymous visitor reads them.
  await post(`/admin/event-days/${day.id}/publish`, {});
  await post(`/admin/event-days/${day.id}/awards`, {
    kind: 'special',
    team_id: falcons.id,
    name: 'أفضل تصميم روبوت',
    name_en: 'Best robot design',
  });
  const teamsNow = await (await page.request.get(`${apiUrl}/api/admin/teams/${hawks.id}`, { headers: admin })).json();
  expect([Number(teamsNow.score), teamsNow.ranked]).toEqual([150, 1]);
  const visitor = await screen.newPage();
  await visitor.goto(`${memberUrl}/competitions`);
  await visitor.getByRole('link', { name: `نتائج ${name}` }).click();
  await expect(visitor).toHaveTitle(new RegExp(`^نتائج ${name}`));
  await expect(visitor.getByText('أفضل تصميم روبوت')).toBeVisible();
  await expect(visitor.getByText('المركز الأول')).toBeVisible();
  await noViolations(visitor, 'competition results (ar, phone)');
  await shot(visitor, 'event-results-ar-phone');
  // The first team's public page, from the results, in Arabic on the phone.
  await visitor.locator(`tr[data-team="${hawks.team_no}"] a`).first().click();
  await expect(visitor).toHaveURL(new RegExp(`/teams/${hawks.id}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(hawks.team_no);
  await expect(visitor.locator('[data-event-rank="1"]')).toContainText('150');
  await expect(visitor.getByText('المركز الأول')).toBeVisible();
  await noViolations(visitor, 'team page (ar, phone)');
  await shot(visitor, 'event-team-ar-phone');
  await visitor.setViewportSize({ width: 1920, height: 1080 });
  await visitor.goto(`${memberUrl}/events/${day.id}?tv=1`);
  await shot(visitor, 'event-leaderboard-tv-ar');
  await screen.close();

  // The same pages in English on a desktop.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/judging/${day.id}`);
  await expect(page.getByRole('heading', { name: 'Enter a score' })).toBeVisible();
  await noViolations(page, 'judge page (en, desktop)');
  await shot(page, 'event-judge-en-desktop');
  await page.goto(`/competitions/${competition.id}`);
  await expect(page.getByText('Best robot design')).toBeVisible();
  await expect(page.getByText('Best of 2 rounds (up to 200 each)', { exact: false })).toBeVisible();
  // The venue in the page's language.
  await expect(page.getByRole('heading', { name: /King Fahd Hall/ })).toBeVisible();
  await noViolations(page, 'competition results (en, desktop)');
  await shot(page, 'event-results-en-desktop');
  // A team's public page from the results: its result and awards, with a title to share.
  await page.locator(`tr[data-team="${falcons.team_no}"] a`).first().click();
  await expect(page).toHaveURL(new RegExp(`/teams/${falcons.id}$`));
  await expect(page).toHaveTitle(new RegExp(`^Team ${falcons.team_no}: results`));
  await expect(page.locator(`[data-event-rank="2"]`)).toBeVisible();
  await expect(page.getByText('Best robot design')).toBeVisible();
  await noViolations(page, 'team page (en, desktop)');
  await shot(page, 'event-team-en-desktop');
});

test('staff set up an event day in the back-office, in English and Arabic', async ({ page }) => {
  const admin = await staff(page);
  const post = async (path: string, data: object) => {
    const res = await page.request.post(`${apiUrl}/api${path}`, { headers: admin, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const base = Number(String(Date.now()).slice(-6));
  const season = await post('/admin/seasons', { name: `موسم ${base}`, name_en: `Season ${base}` });
  const competition = await post('/admin/competitions', {
    name: `المبتكرون ${base}`,
    name_en: `Future Innovators ${base}`,
  });
  await post('/admin/teams', { team_no: `T-${base}`, season: season.id, competition: competition.id });
  const day = await post('/admin/event-days', {
    season_id: season.id,
    competition_id: competition.id,
    event_date: '2026-12-11',
    venue_name: 'Jeddah Hall',
    venue_city: 'Jeddah',
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInStaff(page);
  for (const lang of ['en', 'ar'] as const) {
    await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
    await page.goto(`${apiUrl}/admin/#/event-days/${day.id}`);
    await page.reload();
    const rubric = lang === 'en' ? 'Rubric scored by several judges (averaged)' : 'معايير يقيّمها عدة محكّمين (بالمتوسط)';
    const preset = page.getByRole('combobox', { name: lang === 'en' ? 'Preset' : 'القالب' });
    await expect(preset).toBeVisible();
    if (lang === 'en') {
      // The rubric preset chosen and saved for the competition.
      await preset.click();
      await page.getByRole('option', { name: rubric }).click();
      await page.getByRole('button', { name: 'Save the rules' }).click();
      await expect(page.getByText('Rules saved.')).toBeVisible();
    }
    await expect(preset).toHaveText(rubric);
    await noViolations(page, `event day edit (${lang})`);
    await shot(page, `event-admin-${lang}-desktop`);
  }
  const saved = await (
    await page.request.get(`${apiUrl}/api/admin/competitions/${competition.id}`, { headers: admin })
  ).json();
  expect(saved.ranking.kind).toBe('rubric');
});
