import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { guardianConfirms, mailedText, signInStaff, signInStudent } from './helpers';
import { coachWithPlan, noViolations, openRegistration, shot } from './journey';

const adminUrl = `${apiUrl}/admin/`;

/** The two minors the journeys' fixtures made (e2e/fixtures.js): Reem reads Arabic, Noah English. */
const STUDENTS = [
  { nationalId: '1000000301', guardianPhone: '+966500000311', email: 'student1@e2e.example', lang: 'ar' as const },
  { nationalId: '1000000302', guardianPhone: '+966500000312', email: 'student2@e2e.example', lang: 'en' as const },
];

const TEXT = {
  subject_ar: 'موعد الجولة التجريبية',
  subject_en: 'Practice round date',
  body_ar: 'تقام الجولة التجريبية يوم السبت القادم في الرياض.\nيرجى الحضور قبل الساعة ٩ صباحًا.',
  body_en: 'The practice round is next Saturday in Riyadh.\nPlease arrive before 9 am.',
};

async function setLocale(page: Page, lang: 'en' | 'ar') {
  await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** A competition whose team holds the two minors, their guardians having confirmed their places. */
async function teamOfMinors(page: Page) {
  const { season, competition } = await openRegistration(
    page,
    { season: ['موسم الرسائل', 'Messaging season'], competition: ['تحدي الإعلانات', 'Announcements Challenge'] },
    { min_members: 1, max_members: 3, max_coaches: 2 },
  );
  const { coachAuth } = await coachWithPlan(page);
  const made = await page.request.post(`${apiUrl}/api/teams`, {
    headers: coachAuth,
    data: {
      season_id: season.id,
      competition_id: competition.id,
      name: 'Falcons',
      members: STUDENTS.map((s) => s.nationalId),
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const teamNo = (await made.json()).team.team_no as string;
  for (const s of STUDENTS) {
    const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
      data: { national_id: s.nationalId, password: 'Member-pass-1', type: 0, loginType: 'signin' },
    });
    const auth = { Authorization: signin.headers()['authorization'] };
    const { invitations } = await (await page.request.get(`${apiUrl}/api/team-invitations`, { headers: auth })).json();
    const accepted = await page.request.post(`${apiUrl}/api/team-invitations/${invitations[0]._id}/accept`, {
      headers: auth,
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    await guardianConfirms(page, s.guardianPhone, teamNo);
  }
  return { competition };
}

test.describe.serial('staff messaging', () => {
  let competition: { id: string };

  test('staff compose, preview and send a message to the guardians of a competition’s minors: each in the child’s language', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    ({ competition } = await teamOfMinors(page));
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInStaff(page, 'en');
    await page.goto(`${adminUrl}#/broadcasts/create`);
    await expect(page.getByRole('heading', { name: 'Reach' })).toBeVisible();
    await page.getByLabel('Subject (Arabic)').fill(TEXT.subject_ar);
    await page.getByLabel('Message (Arabic)').fill(TEXT.body_ar);
    await page.getByLabel('Subject (English)').fill(TEXT.subject_en);
    await page.getByLabel('Message (English)').fill(TEXT.body_en);
    await page.getByLabel(/^The guardians of the minors among them/).check();
    await page.getByRole('combobox', { name: 'Competition' }).click();
    await page.getByRole('option', { name: 'Announcements Challenge' }).click();
    // The reach, counted by the API: two guardians, by WhatsApp.
    const reach = page.locator('#broadcast-reach');
    await expect(reach).toContainText(/Messages\s*2\s*WhatsApp\s*2\s*E-mail\s*0\s*Accounts matched\s*2/);
    // The preview in both languages, the WhatsApp text on one line.
    await expect(page.getByText(`Details: ${TEXT.body_en.replace('\n', ' ')}`)).toBeVisible();
    await expect(page.getByText(`التفاصيل: ${TEXT.body_ar.replace('\n', ' ')}`)).toBeVisible();
    await noViolations(page, 'compose a broadcast (en)');
    await shot(page, 'broadcast-compose-en');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('It goes now as 2 messages.')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    // The follow-up: the job writes the two messages, the outbox keeps them (no WhatsApp provider here).
    await expect(page).toHaveURL(/#\/broadcasts\/[0-9a-f-]+\/show$/);
    await expect(page.getByText('Messages queued')).toBeVisible({ timeout: 15_000 });
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    await expect(rows.filter({ hasText: '+966500000311' })).toContainText('Arabic');
    await expect(rows.filter({ hasText: '+966500000312' })).toContainText('English');
    await expect(rows.first()).toContainText('guardian');
    await noViolations(page, 'a broadcast followed (en)');
    await shot(page, 'broadcast-show-en');

    // Each guardian's message, in the dev outbox, in the child's language.
    for (const s of STUDENTS) {
      const res = await page.request.get(`${apiUrl}/api/dev/outbox`, { params: { to: s.guardianPhone } });
      const [message] = (await res.json()).messages as { channel: string; subject: string; body: string }[];
      expect(message.channel).toBe('whatsapp');
      expect(message.subject).toBe(s.lang === 'ar' ? TEXT.subject_ar : TEXT.subject_en);
      expect(message.body).toContain(
        s.lang === 'ar'
          ? `إعلان من المنصة: ${TEXT.subject_ar}`
          : `An announcement from the platform: ${TEXT.subject_en}`,
      );
    }

    // The same pages in Arabic, right to left.
    await setLocale(page, 'ar');
    await expect(page.getByText('الرسائل في قائمة الإرسال')).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: '+966500000311' })).toContainText('العربية');
    await noViolations(page, 'a broadcast followed (ar)');
    await shot(page, 'broadcast-show-ar');
    await page.goto(`${adminUrl}#/broadcasts/create`);
    await page.getByLabel('العنوان (بالعربية)').fill(TEXT.subject_ar);
    await page.getByLabel('الرسالة (بالعربية)').fill(TEXT.body_ar);
    await page.getByLabel('العنوان (بالإنجليزية)').fill(TEXT.subject_en);
    await page.getByLabel('الرسالة (بالإنجليزية)').fill(TEXT.body_en);
    await page.getByRole('combobox', { name: 'المسابقة' }).click();
    await page.getByRole('option', { name: 'تحدي الإعلانات' }).click();
    // Days to a plan's end typed in Arabic-Indic digits.
    await page.getByLabel('ينتهي الاشتراك خلال (أيام)').fill('٣٠');
    await expect(page.locator('#broadcast-reach')).toContainText(/الرسائل\s*0/);
    await page.getByLabel('ينتهي الاشتراك خلال (أيام)').fill('');
    await expect(page.locator('#broadcast-reach')).toContainText(/الرسائل\s*3/);
    await noViolations(page, 'compose a broadcast (ar)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'broadcast-compose-ar');
  });

  test('an announcement by e-mail in each language, its unsubscribe link, and the page it opens', async ({ page }) => {
    test.setTimeout(120_000);
    const login = await page.request.post(`${apiUrl}/api/admin-login`, {
      data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
    });
    const sent = await page.request.post(`${apiUrl}/api/admin/broadcasts`, {
      headers: { Authorization: login.headers()['authorization'] },
      data: { ...TEXT, channels: ['email'], segment: { competition: competition.id, type: 0 } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    // How many of the competition's members have unsubscribed, as staff's preview counts them.
    const unsubscribedInCompetition = async () => {
      const preview = await page.request.post(`${apiUrl}/api/admin/broadcasts/preview`, {
        headers: { Authorization: login.headers()['authorization'] },
        data: { ...TEXT, channels: ['email'], segment: { competition: competition.id, type: 0 } },
      });
      expect(preview.status(), await preview.text()).toBe(200);
      return ((await preview.json()) as { reach: { unsubscribed: number } }).reach.unsubscribed;
    };
    for (const s of STUDENTS) {
      const text = await mailedText(s.email, s.lang === 'ar' ? TEXT.subject_ar : TEXT.subject_en);
      const html = /<!doctype html>[\s\S]*<\/html>/i.exec(text)![0];
      // The e-mail as a mail client shows it, looked at as a picture.
      await page.setViewportSize({ width: 720, height: 700 });
      await page.setContent(html);
      await expect(page.locator('html')).toHaveAttribute('dir', s.lang === 'ar' ? 'rtl' : 'ltr');
      await shot(page, `broadcast-email-${s.lang}`);
      const link = page.getByRole('link', {
        name: s.lang === 'ar' ? 'إيقاف الإعلانات والتذكيرات' : 'Unsubscribe from announcements and reminders',
      });
      const href = (await link.getAttribute('href'))!;
      expect(href.startsWith(`${memberUrl}/unsubscribe?token=`)).toBe(true);

      await page.setViewportSize({ width: 390, height: 844 });
      if (s.lang === 'en') {
        // The List-Unsubscribe address opened in a browser asks first: a GET unsubscribes nobody.
        const token = new URL(href).searchParams.get('token')!;
        await page.goto(`${apiUrl}/api/unsubscribe?token=${token}`);
        await expect(
          page.getByText(
            'Stop announcements and reminders? Codes and notices about your teams and account still arrive.',
          ),
        ).toBeVisible();
        await noViolations(page, 'unsubscribe page asking (en)');
      }
      // The footer's link: the member site's page, in the recipient's language. Opening it changes
      // nothing (mail scanners open every link): it asks, the button unsubscribes, then an undo.
      await page.goto(href);
      await expect(page.locator('html')).toHaveAttribute('lang', s.lang);
      expect(await unsubscribedInCompetition()).toBe(0);
      await page.getByRole('button', { name: s.lang === 'ar' ? 'إلغاء الاشتراك' : 'Unsubscribe' }).click();
      await expect(
        page.getByText(
          s.lang === 'ar'
            ? 'لن تصلك الإعلانات والتذكيرات بعد الآن. أما رموز التحقق والإشعارات الخاصة بفرقك وحسابك فستظل تصلك.'
            : 'You will no longer receive announcements and reminders. Codes and notices about your teams and account still arrive.',
        ),
      ).toBeVisible();
      await noViolations(page, `unsubscribe page (${s.lang})`);
      await shot(page, `unsubscribe-${s.lang}-390`);
      await page
        .getByRole('button', { name: s.lang === 'ar' ? 'تراجع: أريد استلامها' : 'Undo: keep receiving them' })
        .click();
      await expect(
        page.getByText(
          s.lang === 'ar' ? 'ستصلك الإعلانات والتذكيرات من جديد.' : 'Announcements and reminders will reach you again.',
        ),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: s.lang === 'ar' ? 'إلغاء الاشتراك' : 'Unsubscribe' }),
      ).toBeVisible();
    }

    // The member's own choice in the account settings: on (the undo above), then off.
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    await signInStudent(page, STUDENTS[0].nationalId, 'Member-pass-1');
    await page.goto('/accounts?tab=settings');
    const choice = page.getByRole('switch', { name: 'استلام الإعلانات والتذكيرات' });
    await expect(choice).toBeChecked();
    await choice.uncheck();
    await page.locator('form', { has: choice }).getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText(/^لن تصلك الإعلانات والتذكيرات بعد الآن/)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'استلام الإعلانات والتذكيرات' })).not.toBeChecked();
    await noViolations(page, 'account settings with announcements off (ar)');
    await shot(page, 'settings-announcements-ar-390');
  });

  test('a sub-admin is told before sending that everyone is too broad, and may send to a competition', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff(page, 'ar', E2E.subAdmin);
    await page.getByRole('menuitem', { name: 'الرسائل الجماعية' }).click();
    await page.getByRole('link', { name: 'إنشاء' }).click();
    await expect(page.getByText(/^بصفتك مديرًا مساعدًا، اختر مسابقة أو موسمًا أو منطقة/)).toBeVisible();
    await expect(page.locator('#broadcast-reach')).toContainText(
      'يرسل المدير المساعد إلى مسابقة أو موسم أو منطقة: اختر واحدًا منها على الأقل قبل الإرسال.',
    );
    await page.getByRole('combobox', { name: 'المسابقة' }).click();
    await page.getByRole('option', { name: 'تحدي الإعلانات' }).click();
    // Reem turned announcements off in her settings (above): counted apart.
    await expect(page.locator('#broadcast-reach')).toContainText(
      /الرسائل\s*2.*الحسابات المطابقة\s*3.*ألغوا الاشتراك\s*1/,
    );
    await noViolations(page, 'compose a broadcast as a sub-admin (ar)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'broadcast-compose-sub-admin-ar');
  });
});
