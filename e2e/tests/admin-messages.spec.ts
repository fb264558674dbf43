import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiUrl, whatsappUrl } from '../env';
import { arabicDigits, createMember, saudiMobile, signInStaff, uniqueId, whatsappReceived } from './helpers';
import { noViolations, shot } from './journey';

const adminUrl = `${apiUrl}/admin/`;

/** Steers the fake WhatsApp of global-setup (Meta's side). */
const fake = (page: Page, path: string, data: Record<string, unknown> = {}) =>
  page.request.post(`${whatsappUrl()}/_fake/${path}`, { data });

const TEXTS = {
  en: {
    settings: 'Settings',
    phone: 'Mobile number for the test WhatsApp',
    sendWhatsapp: 'Send a test WhatsApp',
    sendEmail: 'Send a test e-mail to me',
    accepted: 'The provider accepted the test message.',
    refused: /^The provider did not accept the test message: .*132001/,
    messages: 'Messages',
    recipient: 'Phone or e-mail of the recipient',
    kind: 'Test message',
    failed: 'Failed',
    sent: 'Sent',
    why: 'Why it failed',
    resend: 'Send again',
    resendTitle: 'Send this message again?',
    resent: 'The message will be sent again.',
    tab: 'Messages',
    code: 'Verification code',
    delivered: 'Delivered',
    hidden: 'A one-time code is never shown.',
  },
  ar: {
    settings: 'الإعدادات',
    phone: 'رقم الجوال للرسالة التجريبية',
    sendWhatsapp: 'أرسل رسالة واتساب تجريبية',
    sendEmail: 'أرسل بريدًا تجريبيًا إليّ',
    accepted: 'قبِل مزوّد الخدمة الرسالة التجريبية.',
    refused: /^لم يقبل مزوّد الخدمة الرسالة التجريبية: .*132001/,
    messages: 'الرسائل المرسلة',
    recipient: 'جوال المستلم أو بريده الإلكتروني',
    kind: 'رسالة تجريبية',
    failed: 'فشلت',
    sent: 'أُرسلت',
    why: 'سبب الفشل',
    resend: 'إعادة الإرسال',
    resendTitle: 'إعادة إرسال هذه الرسالة؟',
    resent: 'ستُرسل الرسالة مرة أخرى.',
    tab: 'الرسائل',
    code: 'رمز التحقق',
    delivered: 'وصلت',
    hidden: 'لا يُعرض رمز الاستخدام لمرة واحدة أبدًا.',
  },
};

for (const lang of ['en', 'ar'] as const) {
  const t = TEXTS[lang];
  test(`staff test WhatsApp and e-mail, find a failed message and send it again (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    // A member whose verification code went by WhatsApp and was delivered (Meta's webhooks).
    const member = await createMember(page);
    const phone = saudiMobile(uniqueId());
    await page.setViewportSize({ width: 1440, height: 900 });
    // The test template approved in both languages (an earlier run may have taken it away).
    for (const language of ['ar', 'en'])
      await fake(page, 'templates/add', { name: 'test_message', language, bodyParams: 1, text: '{{1}}' });
    await signInStaff(page, lang);
    await fake(page, 'flush');

    // The settings page: a test WhatsApp to a number typed with Arabic-Indic digits reaches the fake.
    await page.getByRole('menuitem', { name: t.settings }).click();
    await page.getByLabel(t.phone).fill(arabicDigits(`0${phone.slice(4)}`));
    await page.getByRole('button', { name: t.sendWhatsapp }).click();
    await expect(page.getByRole('status')).toHaveText(t.accepted);
    await expect
      .poll(async () => (await whatsappReceived(page, phone)).map((m) => m.template))
      .toEqual([{ name: 'test_message', language: lang }]);
    // Meta no longer knows the template: the answer says so, with Meta's code.
    await fake(page, 'templates/remove', { name: 'test_message' });
    await page.getByRole('button', { name: t.sendWhatsapp }).click();
    await expect(page.getByRole('status')).toHaveText(t.refused);
    await noViolations(page, `settings with a refused test (${lang})`);
    await shot(page, `settings-test-messages-${lang}-1440`);
    await page.getByRole('button', { name: t.sendEmail }).click();
    await expect(page.getByRole('status')).toHaveText(t.accepted);

    // The messages list, filtered by the number as people write it.
    await page.getByRole('menuitem', { name: t.messages }).click();
    await page.getByRole('textbox', { name: t.recipient }).fill(arabicDigits(phone.slice(1)));
    const rows = page.locator('main tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(t.kind);
    await expect(rows.nth(0)).toContainText(t.failed);
    await expect(rows.nth(0)).toContainText('132001');
    await expect(rows.nth(1)).toContainText(t.sent);
    await page.getByRole('textbox', { name: t.recipient }).clear();
    await expect(rows.first()).toBeVisible();
    await noViolations(page, `messages list (${lang})`);
    await shot(page, `messages-list-${lang}-1440`);

    // The failed message, whole; sent again once Meta approves the template again.
    await page.getByRole('textbox', { name: t.recipient }).fill(phone);
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: t.failed }).click();
    await expect(page.getByText(t.why)).toBeVisible();
    await expect(page.locator('main')).toContainText(
      /WhatsApp error 132001: template name \(test_message\) does not exist in (ar|en) \(HTTP 400\)/,
    );
    await noViolations(page, `a failed message (${lang})`);
    await shot(page, `message-failed-${lang}-1440`);
    await fake(page, 'templates/add', { name: 'test_message', language: lang, bodyParams: 1, text: '{{1}}' });
    await page.getByRole('button', { name: t.resend }).click();
    await expect(page.getByRole('dialog')).toContainText(t.resendTitle);
    await page.getByRole('dialog').getByRole('button', { name: t.resend }).click();
    await expect(page.getByText(t.resent)).toBeVisible();
    await expect(page.getByRole('button', { name: t.resend })).toHaveCount(0);
    await expect.poll(async () => (await whatsappReceived(page, phone)).length).toBe(2);
    await page.reload();
    await expect(page.locator('main .MuiChip-label', { hasText: t.sent })).toBeVisible();

    // On a phone, the list is a simple list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${adminUrl}#/messages`);
    await expect(page.locator('main').getByText(t.kind).first()).toBeVisible();
    await shot(page, `messages-list-${lang}-390`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The member's page lists their messages: the code, delivered, its text never shown.
    await page.goto(`${adminUrl}#/users/${member.userId}/show/messages`);
    const code = page.locator('main tbody tr', { hasText: t.code });
    await expect(code).toContainText(t.delivered);
    await code.click();
    await expect(page.getByText(t.hidden)).toBeVisible();
    await shot(page, `message-code-${lang}-1440`);
  });
}
