import type { AboutAnswer } from '@platform/contract';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';
import { signInStaff } from './helpers';
import { noViolations, shot } from './journey';

const adminUrl = `${apiUrl}/admin/`;

const TEXTS = {
  en: {
    system: 'System',
    release: 'Release',
    state: 'Database and file store',
    answering: 'Answering',
    jobs: 'Background jobs',
    outbox: 'Messages waiting and failed',
    failedMessages: 'Failed messages: reasons and sending again',
    pendingPayments: 'Orders awaiting payment',
    testEmail: 'Send a test e-mail to me',
    messages: 'Messages',
  },
  ar: {
    system: 'النظام',
    release: 'الإصدار',
    state: 'قاعدة البيانات ومخزن الملفات',
    answering: 'تستجيب',
    jobs: 'المهام الخلفية',
    outbox: 'الرسائل المنتظرة والمتعذرة',
    failedMessages: 'الرسائل المتعذرة: الأسباب وإعادة الإرسال',
    pendingPayments: 'طلبات بانتظار الدفع',
    testEmail: 'أرسل بريدًا تجريبيًا إليّ',
    messages: 'الرسائل المرسلة',
  },
};

for (const lang of ['en', 'ar'] as const) {
  const t = TEXTS[lang];
  for (const [device, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`an admin reads the System page (${lang}, ${device})`, async ({ page }) => {
      await signInStaff(page, lang);
      // On a phone the menu is folded away: signed in at a desktop's size, then the page at the phone's.
      await page.setViewportSize(viewport);
      await page.goto(`${adminUrl}#/system`);
      await expect(page.getByRole('heading', { name: t.release })).toBeVisible();
      // What the API says (its own database and process), as the page shows it.
      const about = (await (
        await page.request.get(`${apiUrl}/api/about`, { headers: { 'Accept-Language': lang } })
      ).json()) as AboutAnswer;
      const release = page.getByRole('region', { name: t.release });
      await expect(release).toContainText(about.version);
      await expect(release).toContainText(about.commit);
      const state = page.getByRole('region', { name: t.state });
      await expect(state.getByText(t.answering)).toHaveCount(2);
      await expect(page.getByRole('region', { name: t.jobs })).toBeVisible();
      const outbox = page.getByRole('region', { name: t.outbox });
      const failed = (about.outbox.email?.failed ?? 0).toLocaleString(lang === 'ar' ? 'ar-SA' : 'en-GB');
      await expect(outbox.getByRole('row').nth(1)).toContainText(failed);
      await expect(page.getByText(t.pendingPayments)).toBeVisible();
      await expect(page.getByRole('button', { name: t.testEmail })).toBeVisible();
      await noViolations(page, `System page (${lang}, ${device})`);
      await shot(page, `admin-system-${lang}-${device}`);
      if (device === 'desktop') {
        // The failed messages' list, where their reasons and the resend are.
        await outbox.getByRole('link', { name: t.failedMessages }).click();
        await expect(page).toHaveURL(/#\/messages\?filter=.*failed/);
      }
    });
  }
}

test('a sub-admin has no System page', async ({ page }) => {
  await signInStaff(page, 'en', E2E.subAdmin);
  await expect(page.getByRole('menuitem', { name: 'System' })).toHaveCount(0);
  await page.goto(`${adminUrl}#/system`);
  await expect(page.getByRole('heading', { name: 'Release' })).toHaveCount(0);
});
