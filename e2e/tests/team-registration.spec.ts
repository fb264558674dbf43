import { expect } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import {
  arabicDigits,
  createMember,
  DEFAULT_GUARDIAN_PHONE,
  guardianConfirms,
  guardianLink,
  saudiMobile,
  searchList,
  signInStudent,
} from './helpers';
import { coachWithPlan, noViolations, openRegistration, shot, SHOTS, signOut } from './journey';

test.describe('team registration', () => {
  test('in Arabic on a phone: a coach registers a team, the students accept, the entity confirms, the fee is paid, an admin approves', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);

    // The admin opens registration for a new competition of a new season (the back-office API).
    await openRegistration(
      page,
      { season: ['موسم التسجيل', 'Registration season'], competition: ['تحدي الروبوت', 'Robot Challenge'] },
      { min_members: 2, max_members: 3, max_coaches: 2, entity_required: true, fee: '100' },
    );

    // A coach with an active plan (bought in the sandbox through the API) and two students.
    const { coach, coachAuth } = await coachWithPlan(page);
    await page.request.post(`${apiUrl}/api/logout`, { headers: coachAuth });
    // Badr is a minor whose guardian answers for him by the WhatsApp link.
    const guardianPhone = saudiMobile(Math.floor(Math.random() * 1e7));
    const [amal, badr] = [await createMember(page, 0), await createMember(page, 0, { guardianphone: guardianPhone })];

    // The coach registers the team: one national ID typed in Arabic-Indic digits.
    await signInStudent(page, coach.id, coach.password, 'coach');
    await page.getByRole('link', { name: 'تسجيل فريق' }).click();
    await expect(page.getByRole('heading', { name: 'تسجيل فريق', level: 1 })).toBeVisible();
    await expect(page.getByText('الفريق: من 2 إلى 3 طلاب وحتى مدربين اثنين').first()).toBeVisible();
    await expect(page.getByText('الجهة (المدرسة) مطلوبة وتؤكد الفريق').first()).toBeVisible();
    await page.getByLabel('المسابقة').selectOption({ label: 'تحدي الروبوت · موسم التسجيل' });
    await page.getByLabel('اسم الفريق').fill('صقور الروبوت');
    await page.getByLabel('أرقام هويات الطلاب').fill(`${arabicDigits(amal.id)}\n${badr.id}`);
    // This competition requires an entity: the field says so (not "optional").
    await page.getByRole('textbox', { name: 'البريد الإلكتروني للجهة (المدرسة)' }).fill('entity@school.example');
    await noViolations(page, 'registration page (empty)');
    await shot(page, 'register-form-ar-390');
    await page.getByRole('button', { name: 'تسجيل الفريق' }).click();
    await expect(page.getByText(/^تم تسجيل الفريق T-\d+ ودعوة الطلاب\.$/)).toBeVisible();
    const panel = page.locator('li[data-team]');
    await expect(panel.getByText('بانتظار الأعضاء')).toBeVisible();
    const teamNo = (await panel.getAttribute('data-team'))!;
    await expect(panel.getByText('بانتظار الرد')).toHaveCount(3);
    await noViolations(page, 'registration page (a team)');
    await shot(page, 'register-team-ar-390');

    // Amal accepts on her home page.
    await signOut(page);
    await signInStudent(page, amal.id, amal.password);
    const invitation = page.locator(`li[data-invitation="${teamNo}"]`);
    await expect(invitation.getByText('يدعوك المدرب Test Coach للانضمام إلى الفريق.')).toBeVisible();
    await noViolations(page, 'home with an invitation');
    await shot(page, 'home-invitation-ar-390');
    await invitation.getByRole('button', { name: 'قبول' }).click();
    // Amal is a minor: her place waits for her guardian, who is told.
    await expect(page.getByText('شكرًا لك. على ولي أمرك تأكيد مكانك من الرابط المرسل إلى هاتفه.')).toBeVisible();
    await expect(page.locator(`li[data-invitation="${teamNo}"]`)).toHaveCount(0);

    // Badr's guardian gets a WhatsApp message with a link and accepts for him, signed in as nobody.
    await signOut(page);
    const outbox = await (await page.request.get(`${apiUrl}/api/dev/outbox`, { params: { to: guardianPhone } })).json();
    const message = (outbox.messages as { channel: string; body: string }[]).find(
      (m) => m.body.includes(teamNo) && m.body.includes('/invitations/'),
    )!;
    expect(message.channel).toBe('whatsapp');
    const link = /(https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+)/.exec(message.body)![1];
    expect(link.startsWith(`${memberUrl}/invitations/`)).toBe(true);
    // First in English on a desktop, then in Arabic on the phone, where the guardian answers.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Team invitation', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Coach Test Coach invites Test Student to join this team.', { exact: false }),
    ).toBeVisible();
    await noViolations(page, 'guardian invitation (English)');
    await shot(page, 'guardian-invitation-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'دعوة إلى فريق', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'صقور الروبوت', level: 2 })).toBeVisible();
    await expect(page.getByText('المسابقة: تحدي الروبوت · موسم التسجيل')).toBeVisible();
    await noViolations(page, 'guardian invitation (Arabic)');
    await shot(page, 'guardian-invitation-ar-390');
    await page.getByRole('button', { name: 'قبول' }).click();
    await expect(page.getByText('شكرًا لك: انضم Test Student إلى الفريق.')).toBeVisible();
    await shot(page, 'guardian-accepted-ar-390');
    // The link works once; a wrong one says so too.
    await page.goto(link);
    await expect(page.getByText('تمت الإجابة على هذه الدعوة بالفعل.')).toBeVisible();
    await page.goto('/invitations/not-a-real-invitation-link-at-all');
    await expect(page.getByText('رابط الدعوة هذا غير صالح أو سبق استخدامه.')).toBeVisible();
    await noViolations(page, 'guardian invitation (wrong link)');

    // Amal's guardian confirms what she accepted, in Arabic on the phone.
    await page.goto(await guardianLink(page, DEFAULT_GUARDIAN_PHONE, teamNo));
    await expect(page.getByText(/وافق Test Student على الانضمام إلى هذا الفريق مع المدرب Test Coach/)).toBeVisible();
    await noViolations(page, 'guardian confirms a child (Arabic)');
    await shot(page, 'guardian-confirms-ar-390');
    await page.getByRole('button', { name: 'قبول' }).click();
    await expect(page.getByText('شكرًا لك: انضم Test Student إلى الفريق.')).toBeVisible();

    // The entity confirms that the team represents it.
    await signOut(page);
    await signInStudent(page, 'entity@school.example', E2E.demoPassword, 'entity');
    const forEntity = page.locator(`li[data-invitation="${teamNo}"]`);
    await expect(forEntity.getByText(/باسم جهتكم/)).toBeVisible();
    await forEntity.getByRole('button', { name: 'تأكيد' }).click();
    await expect(page.getByText('انضممت إلى الفريق.')).toBeVisible();

    // The coach submits and pays the fee in the sandbox.
    await signOut(page);
    await signInStudent(page, coach.id, coach.password, 'coach');
    await page.goto('/teams/register');
    await page.getByRole('button', { name: 'إرسال للاعتماد' }).click();
    await expect(page.getByText('تم إرسال الفريق للاعتماد.')).toBeVisible();
    await expect(panel.getByText('بانتظار الاعتماد')).toBeVisible();
    await page.getByRole('button', { name: 'دفع رسوم الفريق' }).click();
    await expect(page.getByRole('heading', { name: 'دفع تجريبي' })).toBeVisible();
    await page.getByRole('button', { name: 'ادفع' }).click();
    await expect(page).toHaveURL(`${memberUrl}/teams/register`);
    await expect(page.getByText('تم الدفع بنجاح!')).toBeVisible();
    await expect(panel.getByText('رسوم الفريق مدفوعة')).toBeVisible();
    await shot(page, 'register-paid-ar-390');

    // An admin approves in the back-office.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${apiUrl}/admin/`);
    await page.getByLabel(/email/i).fill(E2E.admin.email);
    await page.getByLabel(/password/i).fill(E2E.admin.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByRole('menuitem', { name: 'Teams' }).click();
    await searchList(page, teamNo);
    await page.getByRole('cell', { name: teamNo, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Registration: Submitted' })).toBeVisible();
    // The registration panel (the edit form below it is the older team form).
    await noViolations(page, 'back-office: a submitted team', '[data-testid=team-registration]');
    await shot(page, 'admin-team-en-1440');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('The team was approved; everyone in it is told.')).toBeVisible();
    if (SHOTS) {
      // The back-office in Arabic: the team, the registrations and their form.
      const teamPage = page.url();
      await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
      await page.goto(teamPage);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'التسجيل: معتمد' })).toBeVisible();
      await shot(page, 'admin-team-ar-1440');
      await page.goto(`${apiUrl}/admin/#/registrations`);
      await expect(page.getByText('تحدي الروبوت')).toBeVisible();
      await shot(page, 'admin-registrations-ar-1440');
      await page.goto(`${apiUrl}/admin/#/registrations/create`);
      await expect(page.locator('form').first()).toBeVisible();
      await shot(page, 'admin-registration-form-ar-1440');
    }

    // Each member's home page shows the team active.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [who, role] of [
      [amal, 'student'],
      [badr, 'student'],
      [coach, 'coach'],
    ] as const) {
      await signOut(page);
      await signInStudent(page, who.id, who.password, role);
      const card = page.locator(`[data-team="${teamNo}"]`);
      await expect(card.getByText('نشط', { exact: true })).toBeVisible();
    }
    await shot(page, 'home-team-active-ar-390');

    // The coach's page in English on a desktop: the approved team, which may still be withdrawn.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
    await page.goto('/teams/register');
    await expect(panel.getByText('Approved', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button')).toHaveText(['Withdraw the team']);
    await expect(panel.getByText(/^Withdrawing the team refunds its fee of .*100.* in full\.$/)).toBeVisible();
    await noViolations(page, 'registration page (English, approved)');
    await shot(page, 'register-approved-en-1440');
  });

  test('in Arabic on a phone: the coach replaces a student, then withdraws the paid team and the fee is refunded', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    const { season, competition } = await openRegistration(
      page,
      { season: ['موسم السحب', 'Withdrawal season'], competition: ['تحدي السحب', 'Withdrawal Challenge'] },
      { min_members: 1, max_members: 2, max_coaches: 2, fee: '100' },
    );

    // A coach with a plan registers a team of two through the API; one accepts.
    const { coach, coachAuth } = await coachWithPlan(page);
    const [one, two, three] = [await createMember(page, 0), await createMember(page, 0), await createMember(page, 0)];
    const made = await (
      await page.request.post(`${apiUrl}/api/teams`, {
        headers: coachAuth,
        data: { season_id: season.id, competition_id: competition.id, name: 'نسور', members: [one.id, two.id] },
      })
    ).json();
    const teamNo = made.team.team_no as string;
    const oneSignin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
      data: { national_id: one.id, password: one.password, type: 0, loginType: 'signin' },
    });
    const oneAuth = { Authorization: oneSignin.headers()['authorization'] };
    const [inv] = (await (await page.request.get(`${apiUrl}/api/team-invitations`, { headers: oneAuth })).json())
      .invitations;
    expect(
      (await page.request.post(`${apiUrl}/api/team-invitations/${inv._id}/accept`, { headers: oneAuth })).ok(),
    ).toBe(true);
    // A minor's place needs the guardian's confirmation.
    await guardianConfirms(page, DEFAULT_GUARDIAN_PHONE, teamNo);
    await page.request.post(`${apiUrl}/api/logout`, { headers: coachAuth });

    // The coach replaces the second student on the page: the new one is invited, the old one freed.
    await signInStudent(page, coach.id, coach.password, 'coach');
    await page.goto('/teams/register');
    const panel = page.locator(`li[data-team="${teamNo}"]`);
    await panel.getByText('تعديل الفريق').click();
    await panel.getByLabel('أرقام هويات الطلاب').fill(`${one.id}\n${arabicDigits(three.id)}`);
    await noViolations(page, 'registration page (changing a team)');
    await shot(page, 'register-change-ar-390');
    await panel.getByRole('button', { name: 'حفظ التعديلات' }).click();
    // Removing a student is said first; the coach confirms.
    await expect(panel.getByText('هذا التعديل يحذف أشخاصًا من الفريق. أكّد لحفظه.')).toBeVisible();
    await panel.getByRole('button', { name: 'أكّد واحفظ' }).click();
    await expect(page.getByText('تم تحديث الفريق.')).toBeVisible();
    await expect(panel.getByText('بانتظار الرد')).toHaveCount(1);
    await expect(panel.getByText('مقبولة')).toHaveCount(2);

    // The same form without JavaScript: the disclosure opens and the form posts (the entity is added).
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: memberUrl });
    await plain.addCookies(await page.context().cookies());
    const noJs = await plain.newPage();
    await noJs.setViewportSize({ width: 390, height: 844 });
    await noJs.goto('/teams/register');
    const plainPanel = noJs.locator(`li[data-team="${teamNo}"]`);
    await plainPanel.getByText('تعديل الفريق').click();
    await plainPanel.getByLabel('البريد الإلكتروني للجهة (اختياري)').fill('entity@school.example');
    await plainPanel.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(noJs.getByText('تم تحديث الفريق.')).toBeVisible();
    await expect(noJs.locator(`li[data-team="${teamNo}"]`).getByText('بانتظار الرد')).toHaveCount(2);
    await plain.close();
    await page.reload();

    // A declined payment brings the coach back to the team, saying why (issue 37), not to "choose a plan".
    await panel.getByRole('button', { name: 'دفع رسوم الفريق' }).click();
    await page.getByRole('button', { name: 'ارفض' }).click();
    await expect(page).toHaveURL(new RegExp(`/teams/register#team-[\\w-]+$`));
    await expect(page.getByText('رُفضت عملية الدفع. لم يُخصم أي مبلغ، ويمكنك المحاولة مرة أخرى.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'دفع رسوم الفريق' })).toBeVisible();
    // The fee is paid in the sandbox.
    await panel.getByRole('button', { name: 'دفع رسوم الفريق' }).click();
    await page.getByRole('button', { name: 'ادفع' }).click();
    await expect(page.getByText('تم الدفع بنجاح!')).toBeVisible();
    await expect(panel.getByText('رسوم الفريق مدفوعة')).toBeVisible();
    await expect(panel.getByText(/^سحب الفريق يسترد رسومه البالغة .* كاملة\.$/)).toBeVisible();

    // Withdrawing refunds the fee in full, with a credit note; the page says so.
    await panel.getByRole('button', { name: 'سحب الفريق' }).click();
    // One tap is not enough: the page asks first, saying what happens to the fee.
    await expect(panel.getByText(/^هل تريد سحب الفريق .*؟ .* تُسترد رسومه المدفوعة/)).toBeVisible();
    await shot(page, 'register-withdraw-confirm-ar-390');
    await panel.getByRole('button', { name: 'نعم، اسحب الفريق' }).click();
    await expect(
      page.getByText(/^تم سحب الفريق واسترداد رسومه البالغة 100\.00 ر\.س \(إشعار دائن CN-.+\)\.$/),
    ).toBeVisible();
    await expect(panel.getByText('مسحوب')).toBeVisible();
    await expect(panel.getByText('تم استرداد رسوم الفريق')).toBeVisible();
    await expect(panel.getByRole('button')).toHaveCount(0);
    await noViolations(page, 'registration page (withdrawn, refunded)');
    await shot(page, 'register-refunded-ar-390');
  });
});
