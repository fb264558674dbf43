import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { guardianConfirms, signInStaff, signInStudent } from './helpers';
import { coachWithPlan, noViolations, openRegistration, shot } from './journey';

const adminUrl = `${apiUrl}/admin/`;
/** Hind, the fixtures' Arabic-reading minor of this file alone (e2e/fixtures.js; broadcasts has Reem and Noah). */
const HIND = { nationalId: '1000000303', guardianPhone: '+966500000313', name: 'هند الشمري' };

async function adminAuth(page: Page) {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
  });
  return { Authorization: login.headers()['authorization'] };
}

/** An approved team of the competition holding Hind, ranked first by staff. */
async function rankedTeam(page: Page) {
  const { season, competition } = await openRegistration(
    page,
    { season: ['موسم الشهادات', 'Certificates season'], competition: ['تحدي الشهادات', 'Certificates Challenge'] },
    { min_members: 1, max_members: 3, max_coaches: 2 },
  );
  const { coachAuth } = await coachWithPlan(page);
  const made = await page.request.post(`${apiUrl}/api/teams`, {
    headers: coachAuth,
    data: { season_id: season.id, competition_id: competition.id, name: 'Eagles', members: [HIND.nationalId] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const team = (await made.json()).team as { _id: string; team_no: string };
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: HIND.nationalId, password: 'Member-pass-1', type: 0, loginType: 'signin' },
  });
  const auth = { Authorization: signin.headers()['authorization'] };
  const { invitations } = await (await page.request.get(`${apiUrl}/api/team-invitations`, { headers: auth })).json();
  const mine =
    invitations.find((i: { team: { team_no: string } }) => i.team?.team_no === team.team_no) ?? invitations[0];
  expect((await page.request.post(`${apiUrl}/api/team-invitations/${mine._id}/accept`, { headers: auth })).ok()).toBe(
    true,
  );
  await guardianConfirms(page, HIND.guardianPhone, team.team_no);
  // With no fee due, the team is submitted once everyone accepted; staff approve it and rank it first.
  const admin = await adminAuth(page);
  const approved = await page.request.put(`${apiUrl}/api/admin/teams/${team._id}`, {
    headers: admin,
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const ranked = await page.request.put(`${apiUrl}/api/admin/teams/${team._id}`, {
    headers: admin,
    data: { ranked: 1 },
  });
  expect(ranked.ok(), await ranked.text()).toBe(true);
  return { season, competition };
}

test.describe.serial('certificates anyone can verify', () => {
  let code = '';
  let certificateId = '';

  test("staff issue a competition's certificates; a student in Arabic on a phone downloads hers; anyone verifies it", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { competition } = await rankedTeam(page);

    // Staff issue the competition's certificates from the back-office and watch the progress.
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInStaff(page, 'en');
    await page.goto(`${adminUrl}#/certificates`);
    await page.getByRole('button', { name: 'Issue certificates' }).click();
    const dialog = page.getByRole('dialog', { name: "Issue a competition's certificates" });
    await dialog.getByRole('combobox', { name: 'Season' }).click();
    await page.getByRole('option', { name: 'Certificates season' }).click();
    await dialog.getByRole('combobox', { name: 'Competition' }).click();
    await page.getByRole('option', { name: 'Certificates Challenge' }).click();
    await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
    // Hind and the coach: a participation each, and a first place each.
    await expect(dialog.getByTestId('issue-progress')).toHaveText('Done: 4 new certificates.');
    await noViolations(page, 'certificate issue dialog (English)');
    await shot(page, 'certificates-issue-en-1440');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // What the database holds, through the staff list: four valid certificates of the competition.
    const admin = await adminAuth(page);
    const listed = await page.request.get(
      `${apiUrl}/api/admin/certificates?filter=${encodeURIComponent(JSON.stringify({ competition: competition.id }))}`,
      { headers: admin },
    );
    const rows = (await listed.json()) as { id: string; code: string; kind: string; holder: string; state: string }[];
    expect(rows.map((r) => `${r.holder}:${r.kind}:${r.state}`)).toEqual(
      expect.arrayContaining([`${HIND.name}:participation:valid`, `${HIND.name}:rank1:valid`]),
    );
    expect(rows).toHaveLength(4);
    const rank = rows.find((r) => r.holder === HIND.name && r.kind === 'rank1')!;
    code = rank.code;
    certificateId = rank.id;

    // Hind, in Arabic on a phone, finds it in her certificates tab and downloads it.
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInStudent(page, HIND.nationalId, 'Member-pass-1');
    await page.goto('/accounts?tab=certificates');
    const item = page.getByRole('listitem').filter({ hasText: 'المركز الأول — تحدي الشهادات' });
    await expect(item).toBeVisible();
    await noViolations(page, 'certificates tab (Arabic, phone)');
    await shot(page, 'certificates-tab-ar-390');
    const download = page.waitForEvent('download');
    await item.getByRole('link', { name: 'تنزيل', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`certificate-${code}-ar.pdf`);
    expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    const verifyHref = await item.getByRole('link', { name: 'صفحة التحقق' }).getAttribute('href');
    expect(verifyHref).toBe(`/verify/${code}`);

    // An anonymous visitor opens the verification link (what the QR code holds) and reads "valid".
    const visitor = await browser.newContext({ baseURL: memberUrl });
    const anon = await visitor.newPage();
    await anon.goto(`/verify/${code}`);
    await expect(anon.getByTestId('certificate-state')).toHaveText(/Valid certificate/);
    await expect(anon.getByTestId('certificate-holder')).toHaveText(HIND.name);
    await expect(anon.getByText('Certificates Challenge', { exact: true })).toBeVisible();
    await expect(anon.getByText(HIND.nationalId)).toHaveCount(0);
    await noViolations(anon, 'verification page (English)');
    await shot(anon, 'certificates-verify-en-1280');
    // The same certificate as an Open Badges credential, for a wallet.
    const credentialDownload = anon.waitForEvent('download');
    await anon.getByRole('link', { name: 'Open Badges credential (JSON)' }).click();
    const credentialFile = await credentialDownload;
    const credential = JSON.parse(await readFile((await credentialFile.path())!, 'utf8')) as {
      credential: { type: string[]; name: string };
      jwt: string;
    };
    expect(credential.credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.credential.name).toBe('First Place — Certificates Challenge');
    expect(credential.jwt.split('.')).toHaveLength(3);
    await visitor.close();
  });

  test('after staff revoke it with a reason, the verification page reads revoked', async ({ page, browser }) => {
    test.skip(!code, 'the first journey issued nothing');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInStaff(page, 'ar');
    await page.goto(`${adminUrl}#/certificates?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`);
    const row = page.getByRole('row').filter({ hasText: code });
    await row.getByRole('button', { name: 'إبطال الشهادة' }).click();
    const dialog = page.getByRole('dialog', { name: 'إبطال هذه الشهادة' });
    await dialog.getByRole('textbox', { name: 'السبب' }).fill('تصحيح النتيجة');
    await dialog.getByRole('button', { name: 'إبطال الشهادة' }).click();
    await expect(page.getByText('تم إلغاء الشهادة.')).toBeVisible();
    await expect(row.getByText('ملغاة')).toBeVisible();
    await noViolations(page, 'certificates list (Arabic)');
    await shot(page, 'certificates-list-ar-1440');
    // The templates' form, right to left, with its placeholders and signatures.
    await page.goto(`${adminUrl}#/certificate-templates/create`);
    await expect(page.getByRole('textbox', { name: 'النص (بالعربية)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'معاينة (بالعربية)' })).toBeVisible();
    await noViolations(page, 'certificate template form (Arabic)');
    await shot(page, 'certificates-template-ar-1440');

    const visitor = await browser.newContext({ baseURL: memberUrl });
    await visitor.addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    const anon = await visitor.newPage();
    await anon.setViewportSize({ width: 390, height: 844 });
    await anon.goto(`/verify/${code.slice(0, 5)}-${code.slice(5)}`);
    await expect(anon.getByTestId('certificate-state')).toHaveText(/شهادة ملغاة/);
    await expect(anon.getByTestId('certificate-state')).toContainText('تصحيح النتيجة');
    await noViolations(anon, 'verification page, revoked (Arabic, phone)');
    await shot(anon, 'certificates-verify-revoked-ar-390');
    // The API agrees, and an unknown code is a 404.
    const answer = await (await anon.request.get(`${apiUrl}/api/certificates/verify/${code}`)).json();
    expect(answer).toMatchObject({ valid: false, revoked: true, holder: HIND.name });
    expect((await anon.request.get(`${apiUrl}/api/certificates/verify/ZZZZZZZZZZ`)).status()).toBe(404);
    expect(certificateId).not.toBe('');
    await visitor.close();
  });
});
