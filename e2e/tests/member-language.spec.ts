import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { createMember, saudiMobile, signInStaff, signInStudent } from './helpers';
import { coachWithPlan, noViolations, openRegistration, shot } from './journey';

/** Arabic letters: a message written in Arabic has them, an English one (names and numbers aside) not. */
const ARABIC = /[\u0600-\u06ff]/;

/** The newest message to a phone about a team, as the development outbox lists it. */
async function messageAbout(page: Page, phone: string, teamNo: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${apiUrl}/api/dev/outbox`, { params: { to: phone } });
        const { messages } = (await res.json()) as { messages: { body: string }[] };
        body = messages.find((m) => m.body.includes(teamNo))?.body ?? '';
        return body;
      },
      { message: `a message about ${teamNo} to ${phone}` },
    )
    .not.toBe('');
  return body;
}

test.describe('a member’s language', () => {
  test('a student switches to Arabic in the account settings; the next team invitation arrives in Arabic', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const [first, second] = [
      await openRegistration(
        page,
        { season: ['موسم اللغة الأول', 'Language season 1'], competition: ['تحدي اللغة', 'Language challenge'] },
        { min_members: 2, max_members: 3, max_coaches: 1 },
      ),
      await openRegistration(
        page,
        { season: ['موسم اللغة الثاني', 'Language season 2'], competition: ['تحدي اللغة ٢', 'Language challenge 2'] },
        { min_members: 2, max_members: 3, max_coaches: 1 },
      ),
    ];
    const { coachAuth } = await coachWithPlan(page);
    // Sara signed up on an English page: her messages are in English.
    const sara = await createMember(page, 0);
    const phone = saudiMobile(sara.id);
    const friend = await createMember(page, 0);

    // The coach, on an English page, registers a team with her: the invitation is in English.
    const registerWith = async (reg: typeof first) => {
      const res = await page.request.post(`${apiUrl}/api/teams`, {
        headers: { ...coachAuth, 'Accept-Language': 'en' },
        data: {
          season_id: reg.season.id,
          competition_id: reg.competition.id,
          name: 'Robo Falcons',
          members: [sara.id, friend.id],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { team: { team_no: string } }).team.team_no;
    };
    const before = await messageAbout(page, phone, await registerWith(first));
    expect(before).not.toMatch(ARABIC);

    // On her phone, in Arabic, Sara chooses Arabic for her messages in the account settings.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
    await signInStudent(page, sara.id, sara.password);
    await page.goto('/accounts?tab=settings');
    await expect(page.getByRole('heading', { name: 'لغة رسائلك', level: 2 })).toBeVisible();
    const choice = page.getByLabel('راسلوني باللغة');
    await expect(choice).toHaveValue('en');
    await expect(
      page.getByText('نكتب بهذه اللغة رسائل واتساب والبريد الإلكتروني التي نرسلها إليك وإلى ولي أمرك.', {
        exact: false,
      }),
    ).toBeVisible();
    await choice.selectOption('ar');
    await page.getByRole('button', { name: 'حفظ اللغة' }).click();
    await expect(page.getByText('تم الحفظ: ستصلك رسائلنا من الآن باللغة العربية.')).toBeVisible();
    await expect(page.getByLabel('راسلوني باللغة')).toHaveValue('ar');
    await noViolations(page, 'account settings with the language (Arabic, phone)');
    await shot(page, 'settings-language-ar-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'settings-language-ar-1440');
    // The site's own language is the header's switch: in English on a desktop, her choice stays Arabic.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
    await page.goto('/accounts?tab=settings');
    await expect(page.getByRole('heading', { name: 'Language of your messages', level: 2 })).toBeVisible();
    await expect(page.getByLabel('Write to me in')).toHaveValue('ar');
    await noViolations(page, 'account settings with the language (English, desktop)');
    await shot(page, 'settings-language-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'settings-language-en-390');

    // The next invitation, from the same coach on the same English page, is in Arabic.
    const after = await messageAbout(page, phone, await registerWith(second));
    expect(after).toMatch(ARABIC);
  });

  test('staff see a member’s language in the back-office, filter by it and change it, in Arabic and in English', async ({
    page,
  }) => {
    const member = await createMember(page, 1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInStaff(page, 'ar', E2E.subAdmin);

    // The list filters by it: the member signed up in English.
    const users = (filter: Record<string, string>) =>
      page.goto(`${apiUrl}/admin/#/users?filter=${encodeURIComponent(JSON.stringify({ q: member.id, ...filter }))}`);
    await users({ language: 'en' });
    const row = page.locator('tbody tr', { hasText: member.id });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'لغة الرسائل' })).toHaveText('الإنجليزية');
    await noViolations(page, 'users list filtered by language (Arabic)');
    await shot(page, 'admin-users-language-ar-1440');

    // A sub-admin changes it on the edit page.
    await row.getByRole('link', { name: 'تعديل' }).click();
    const language = page.getByRole('combobox', { name: 'لغة الرسائل' });
    await expect(language).toHaveText('الإنجليزية');
    await language.click();
    await page.getByRole('option', { name: 'العربية' }).click();
    await noViolations(page, 'user edit with the language (Arabic)');
    await shot(page, 'admin-user-language-ar-1440');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page).toHaveURL(/#\/users(\?|$)/);
    await users({ language: 'ar' });
    await expect(row).toHaveCount(1);
    await users({ language: 'en' });
    await expect(page.getByRole('combobox', { name: 'لغة الرسائل' })).toHaveText('الإنجليزية');
    await expect(row).toHaveCount(0);

    // In English, the show page names it.
    await page.getByRole('button', { name: 'العربية' }).first().click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await users({});
    await row.getByText(member.id, { exact: true }).click();
    await expect(page.getByText('Language of messages')).toBeVisible();
    await expect(page.getByText('Arabic', { exact: true })).toBeVisible();
    await noViolations(page, 'user show with the language (English)');
    await shot(page, 'admin-user-show-language-en-1440');
  });
});
