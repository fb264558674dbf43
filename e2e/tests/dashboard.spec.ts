import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E } from '../env';
import { signInStaff, signInStudent, uniqueId } from './helpers';

const seconds = (page: Page) => page.locator('[role=timer] [data-unit=seconds]').textContent();

test.describe('the home dashboard', () => {
  test('a student sees active and inactive teams, medals, a ticking countdown and opens an article', async ({
    page,
  }) => {
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    await expect(page.getByRole('heading', { name: `Welcome, ${E2E.student.name}` })).toBeVisible();
    const active = page.locator('[data-team="T-1002"]');
    await expect(active).toContainText('Not ranked yet');
    await expect(active).not.toContainText('None');
    await expect(page.locator('[data-team="T-1003"]')).toContainText('Team is not active');
    await expect(page.getByRole('region', { name: 'Achievements' })).toContainText('Gold');
    await expect(page.getByRole('region', { name: 'Achievements' })).toContainText('Season 2025');

    const first = await seconds(page);
    await expect.poll(() => seconds(page), { timeout: 5000 }).not.toBe(first);

    await page.getByRole('region', { name: 'Latest articles' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blogs\/view\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("no member page shows the old contract's None filler", async ({ page }) => {
    const noFiller = async (path: string) => {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/\bNone\b/);
    };
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    await noFiller('/');
    for (const tab of ['profile', 'myteams', 'achivements', 'myskills', 'certificates', 'subscriptions', 'settings'])
      await noFiller(`/accounts?tab=${tab}`);
    await page.context().clearCookies();
    await signInStudent(page, '1000000002', E2E.demoPassword, 'coach');
    for (const path of ['/', '/accounts?tab=profile', '/accounts?tab=subscriptions', '/subcription/package'])
      await noFiller(path);
  });

  test('the My Teams and Achievements tabs list the same teams and medals', async ({ page }) => {
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    await page.goto('/accounts?tab=myteams');
    for (const no of ['T-1001', 'T-1002', 'T-1003'])
      await expect(page.getByRole('heading', { name: no })).toBeVisible();
    await expect(page.locator('[data-team="T-1001"]')).toContainText('Rank: 1');
    await page.goto('/accounts?tab=achivements');
    await expect(page.locator('main')).toContainText('Gold');
  });

  test('the dashboard in Arabic is right to left', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    await signInStudent(page, E2E.student.nationalId, E2E.demoPassword);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'فرقي' })).toBeVisible();
    await expect(page.locator('[data-team="T-1003"]')).toContainText('الفريق غير نشط');
    await expect(page.getByRole('timer', { name: 'الوقت المتبقي حتى الفعالية' })).toBeVisible();
  });

  test('a coach without a plan is asked to activate instead of seeing teams', async ({ page }) => {
    await signInStudent(page, '1000000002', E2E.demoPassword, 'coach');
    await expect(
      page.getByText('Activate your membership to register teams and see your results and certificates.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My teams' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page.getByRole('heading', { name: 'Activation plans' })).toBeVisible();
    await page.getByRole('link', { name: /Coach annual membership/ }).click();
    await expect(page.getByText('Billed annually')).toBeVisible();
    await expect(page.locator('s')).toContainText('500');
  });

  test('an event an admin creates with home display and countdown leads the dashboard', async ({
    page,
    browser,
    baseURL,
  }) => {
    const name = `Regional qualifier ${uniqueId()}`;
    await signInStaff(page);
    await page.getByRole('menuitem', { name: 'Events' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=name]').fill(`تصفيات ${name}`);
    await page.locator('input[name=name_en]').fill(name);
    await page.locator('textarea[name=description]').fill('وصف');
    await page.locator('textarea[name=description_en]').fill('The qualifier');
    await page.locator('input[name=link]').fill('https://wro.example/apply');
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.locator('input[name=event_date]').fill(local);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
    const row = page.locator('tbody tr', { hasText: name });
    await row.getByRole('switch', { name: 'Home display' }).click();
    await expect(page.getByText('Status updated successfully!').first()).toBeVisible();
    await expect(row.getByRole('switch', { name: 'Home display' })).toBeChecked();
    await row.getByRole('switch', { name: 'Countdown' }).click();
    await expect(row.getByRole('switch', { name: 'Countdown' })).toBeChecked();

    const member = await browser.newPage({ baseURL });
    await signInStudent(member, E2E.student.nationalId, E2E.demoPassword);
    const panel = member.locator('aside');
    await expect(panel).toContainText(name);
    await expect(panel.locator('[data-unit=days]')).toHaveText(/^0[12]$/);
    await expect(panel.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', 'https://wro.example/apply');

    // The footer's Competitions page lists it under what is coming up, in both languages.
    await member.getByRole('contentinfo').getByRole('link', { name: 'Competitions' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'Competitions' })).toBeVisible();
    const coming = member.locator('section', { has: member.getByRole('heading', { name: 'Coming up' }) });
    const card = coming.locator('article', { hasText: name });
    await expect(card.getByRole('link', { name: `Apply to ${name}` })).toHaveAttribute(
      'href',
      'https://wro.example/apply',
    );
    await expect(card.locator('time')).toHaveText(/\d{4}$/);
    await member.context().addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    await member.reload();
    await expect(member.locator('html')).toHaveAttribute('dir', 'rtl');
    const arabic = member.locator('section', { has: member.getByRole('heading', { name: 'المسابقات القادمة' }) });
    await expect(arabic.getByRole('link', { name: `التسجيل في تصفيات ${name}` })).toBeVisible();
    await member.close();
  });

  test('a visitor sends the contact form; the message waits in the back-office', async ({ page, baseURL }) => {
    const id = uniqueId();
    await page.goto(`${baseURL}/contact`);
    await page.locator('#name').fill(`Visitor ${id}`);
    await page.locator('#email').fill(`visitor${id}@example.com`);
    await page.locator('#message').fill('Is there a junior category?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Your message has been sent. We will answer you by e-mail.')).toBeVisible();
    await signInStaff(page);
    await page.getByRole('menuitem', { name: 'Contact us' }).click();
    await expect(page.locator('tbody tr', { hasText: `Visitor ${id}` })).toContainText('Unread');
  });
});
