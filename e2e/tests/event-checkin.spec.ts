import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import QRCode from 'qrcode';
import { E2E, apiUrl, memberUrl } from '../env';
import { createMember, signInStudent } from './helpers';
import { noViolations, shot } from './journey';
import config from '../playwright.config';

/**
 * Check-in by the team's QR code (issue 32): the QR on a student's team page holds the team's signed
 * code; a referee's phone reads it with its camera — Chromium's fake camera plays a video made here
 * from that QR — and the check-in screen shows the team's people. In Arabic on a phone.
 */
const PHONE = { width: 390, height: 844 };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * A Y4M video (what `--use-file-for-fake-video-capture` plays, in a loop) of one frame: the QR code of
 * `text`, black on white, in the middle of a 640×480 picture.
 */
function qrVideo(text: string): string {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(360 / (size + 8));
  const left = Math.floor((W - size * scale) / 2);
  const top = Math.floor((H - size * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < size; r += 1)
    for (let c = 0; c < size; c += 1)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy += 1)
          y.fill(
            16,
            (top + r * scale + dy) * W + left + c * scale,
            (top + r * scale + dy) * W + left + (c + 1) * scale,
          );
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const file = join(mkdtempSync(join(tmpdir(), 'qr-camera-')), 'qr.y4m');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`),
      Buffer.from('FRAME\n'),
      y,
      chroma,
      chroma,
    ]),
  );
  return file;
}

async function staff(page: Page) {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
  });
  return { Authorization: login.headers()['authorization'] };
}

test('a referee checks a team in by scanning the QR on its page with the phone camera, in Arabic', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await staff(page);
  const post = async (path: string, data: object, method: 'post' | 'put' = 'post') => {
    const res = await page.request[method](`${apiUrl}/api${path}`, { headers: admin, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const base = Number(String(Date.now()).slice(-6));
  const season = await post('/admin/seasons', { name: `موسم ${base}`, name_en: `Season ${base}` });
  const competition = await post('/admin/competitions', { name: `مهمة ${base}`, name_en: `Mission ${base}` });
  const student = await createMember(page, 0, { name: 'ريم الطالبة' });
  const team = await post('/admin/teams', {
    team_no: `T-${base}`,
    season: season.id,
    competition: competition.id,
    member_ids: [student.userId],
  });
  const day = await post('/admin/event-days', {
    season_id: season.id,
    competition_id: competition.id,
    event_date: '2026-12-12',
    venue_name: 'قاعة الأمير سلطان',
    venue_name_en: 'Prince Sultan Hall',
    venue_city: 'الرياض',
  });

  // The student's team page carries the QR: the team's signed code, nothing about her.
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
  await signInStudent(page, student.id, student.password);
  const card = page.locator(`[data-team="${team.team_no}"]`);
  await card.locator('summary').click();
  const qr = card.getByRole('img', { name: `رمز QR لتسجيل حضور الفريق ${team.team_no}` });
  await expect(qr.locator('svg')).toBeVisible();
  const code = (await qr.getAttribute('data-code'))!;
  expect(code).toMatch(new RegExp(`^${team.team_no}\\.[A-Za-z0-9_-]{16}$`));
  await noViolations(page, 'team card with its QR (ar, phone)');
  await shot(page, 'event-team-qr-ar-phone');

  // The referee, accepted by staff and assigned to the day.
  const referee = await createMember(page, 1);
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: referee.id, password: referee.password, type: 1, loginType: 'signin' },
  });
  const applied = await page.request.post(`${apiUrl}/api/invest/registration`, {
    headers: { Authorization: signin.headers()['authorization'] },
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
    `${apiUrl}/api/admin/judges?filter=${encodeURIComponent(JSON.stringify({ user: referee.userId }))}`,
    { headers: admin },
  );
  const [application] = (await apps.json()) as { id: string }[];
  await post(`/admin/judges/${application.id}`, { status: 'accepted' }, 'put');
  await post(`/admin/event-days/${day.id}/staff`, { user_id: referee.userId, role: 'referee' });

  // The referee's phone: a Chromium whose camera shows the QR code.
  const launch = config.use?.launchOptions ?? {};
  const phone = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(code)}`,
    ],
  });
  try {
    const context = await phone.newContext({ viewport: PHONE, locale: 'ar', baseURL: memberUrl, hasTouch: true });
    await context.grantPermissions(['camera'], { origin: memberUrl });
    await context.addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    const judge = await context.newPage();
    await signInStudent(judge, referee.id, referee.password, 'coach');
    const opened = await judge.goto(`/judging/${day.id}`);
    // This page alone may use the camera, for the site only (every other page: camera=()).
    expect(opened!.headers()['permissions-policy']).toContain('camera=(self)');
    expect(opened!.headers()['permissions-policy']).toContain('microphone=()');
    await expect(judge.getByText('قاعة الأمير سلطان')).toBeVisible();
    await expect(judge.locator(`li[data-team="${team.team_no}"]`)).toContainText('لم يحضر');
    await judge.getByRole('button', { name: 'امسح رمز QR الخاص بالفريق' }).click();
    await expect(judge.getByRole('status').filter({ hasText: `سُجّل حضور الفريق ${team.team_no}` })).toBeVisible();
    // Who arrives: the student by name, as a student under 18 (her guardian consented at sign-up).
    const arrived = judge.locator(`[data-arrived="${team.team_no}"]`);
    await expect(arrived).toContainText('ريم الطالبة');
    await expect(arrived).toContainText('دون ١٨ سنة');
    await expect(arrived.locator('[data-consent-missing]')).toHaveCount(0);
    await expect(judge.locator(`li[data-team="${team.team_no}"]`)).toContainText('حضر');
    await noViolations(judge, 'check-in by QR (ar, phone)');
    await shot(judge, 'event-checkin-qr-ar-phone');
    await context.close();
  } finally {
    await phone.close();
  }

  // What the database holds: the team checked in.
  const view = await page.request.get(`${apiUrl}/api/admin/event-days/${day.id}/standings`, { headers: admin });
  expect(view.ok()).toBe(true);
  const checked = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: referee.id, password: referee.password, type: 1, loginType: 'signin' },
  });
  const judged = await page.request.get(`${apiUrl}/api/judging/events/${day.id}`, {
    headers: { Authorization: checked.headers()['authorization'] },
  });
  const event = (await judged.json()).event as { teams: { team_no: string; checked_in: boolean }[] };
  expect(event.teams).toEqual([expect.objectContaining({ team_no: team.team_no, checked_in: true })]);
});
