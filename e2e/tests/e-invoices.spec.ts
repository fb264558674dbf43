import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiUrl, memberUrl } from '../env';
import { createMember, signInAdminArabic, signInStudent, staffToken, uniqueId } from './helpers';
import { coachWithPlan, noViolations, shot, signOut } from './journey';
import type { AcceptedDocument } from '../fatoora';

/**
 * ZATCA Phase 2 as people meet it (issue 34): the journeys' API is onboarded to a fake Fatoora
 * (global-setup). A coach pays a plan; the API's worker stamps the invoice and reports it; staff, in
 * Arabic on a desktop and on a phone, read its ZATCA state in the E-invoices list and on the
 * transaction, and download its XML; the coach, in Arabic on a phone, downloads the PDF and the XML
 * from billing, and both carry the same number; a document Fatoora rejects shows ZATCA's message.
 */

const run = promisify(execFile);
const adminUrl = `${apiUrl}/admin/`;
const fatooraUrl = () => process.env.E2E_FATOORA_URL!;

/** An XPath value of an XML file, read by libxml2 (not by the project's code). */
async function xpath(file: string, expr: string): Promise<string> {
  return (await run('xmllint', ['--xpath', expr, file])).stdout.trim();
}
const ref = (id: string, child: string) =>
  `string(//*[local-name()='AdditionalDocumentReference'][*[local-name()='ID']='${id}']//*[local-name()='${child}'])`;

/** ZATCA's TLV fields of a base64 QR payload, by tag. */
function tlv(base64: string): Map<number, Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  for (let i = 0; i + 2 <= bytes.length; i += 2 + bytes[i + 1])
    tags.set(bytes[i], bytes.subarray(i + 2, i + 2 + bytes[i + 1]));
  return tags;
}

type Einvoice = {
  id: string;
  number: string;
  state: string;
  icv: number;
  hash: string;
  xml: boolean;
  errors: { code: string; message: string }[];
};

/** The e-invoices of an order, as staff's API reads them (the database's rows). */
async function einvoicesOf(page: Page, staff: string, orderId: string): Promise<Einvoice[]> {
  const filter = encodeURIComponent(JSON.stringify({ order_id: orderId }));
  const res = await page.request.get(`${apiUrl}/api/admin/einvoices?filter=${filter}`, {
    headers: { Authorization: staff },
  });
  return (await res.json()) as Einvoice[];
}

test('a plan’s invoice is stamped and reported; staff read its ZATCA state in Arabic; the coach downloads the PDF and the XML on a phone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const staff = await staffToken(page);
  // The coach pays a plan in the sandbox; the worker stamps and reports its invoice.
  const { coach, coachAuth } = await coachWithPlan(page);
  const billing = await (
    await page.request.post(`${apiUrl}/api/orders`, { headers: coachAuth, data: { page: 0 } })
  ).json();
  const order = billing.myOrders[0] as { _id: string; invoice_number: string };
  expect(order.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
  await expect
    .poll(async () => (await einvoicesOf(page, staff, order._id)).map((d) => [d.number, d.state]), { timeout: 30_000 })
    .toEqual([[order.invoice_number, 'reported']]);
  const [doc] = await einvoicesOf(page, staff, order._id);
  // Fatoora accepted it, chained to the document before it.
  const { accepted } = (await (await page.request.get(`${fatooraUrl()}/_fake/state`)).json()) as {
    accepted: AcceptedDocument[];
  };
  const mine = accepted.find((a) => a.hash === doc.hash)!;
  expect(mine).toMatchObject({ icv: doc.icv, profile: 'simplified' });
  const before = accepted.find((a) => a.icv === doc.icv - 1);
  if (before) expect(mine.pih).toBe(before.hash);

  // Staff, in Arabic, on a desktop: the E-invoices list shows it reported, with its counter.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdminArabic(page);
  const search = encodeURIComponent(JSON.stringify({ q: order.invoice_number }));
  await page.goto(`${adminUrl}#/einvoices?filter=${search}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.locator('tbody tr', { hasText: order.invoice_number });
  // The back-office's screens load lazily: the first one waits longer on a busy machine.
  await expect(row.getByText('مُبلَّغ عنها', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText(/^أُبلغ عنها في /)).toBeVisible();
  await expect(
    row.getByRole('button', { name: `تنزيل الفاتورة الإلكترونية (XML) ${order.invoice_number}` }),
  ).toBeVisible();
  await noViolations(page, 'the E-invoices list (Arabic, 1280 px)');
  await shot(page, 'einvoices-list-ar-1280');
  // Staff download its XML: the document as stamped.
  const [staffXml] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `تنزيل الفاتورة الإلكترونية (XML) ${order.invoice_number}` }).click(),
  ]);
  expect(staffXml.suggestedFilename()).toBe(`${order.invoice_number}.xml`);
  expect(await xpath((await staffXml.path())!, "string(/*/*[local-name()='ID'])")).toBe(order.invoice_number);

  // On the transaction: its e-invoice, counter and state.
  await page.goto(
    `${adminUrl}#/transections?filter=${encodeURIComponent(JSON.stringify({ q: order.invoice_number }))}`,
  );
  await page.locator('tbody tr', { hasText: coach.name }).first().locator('td').last().click();
  const dialog = page.getByRole('dialog', { name: 'المعاملة' });
  const einvoices = dialog.getByTestId('order-einvoices');
  await expect(einvoices.getByText(order.invoice_number)).toBeVisible({ timeout: 30_000 });
  await expect(einvoices.getByText(`العداد ${doc.icv}`, { exact: false })).toBeVisible();
  await expect(einvoices.getByText('مُبلَّغ عنها', { exact: true })).toBeVisible();
  await expect(
    einvoices.getByRole('button', { name: `تنزيل الفاتورة الإلكترونية (XML) ${order.invoice_number}` }),
  ).toBeVisible();
  await noViolations(page, 'a transaction with its e-invoice (Arabic, 1280 px)');
  await shot(page, 'einvoices-transaction-ar-1280');
  await dialog.getByRole('button', { name: 'إغلاق' }).click();

  // The same on a phone: the list is a simple list, the state still read.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${adminUrl}#/einvoices?filter=${search}`);
  await expect(page.getByText(order.invoice_number)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('مُبلَّغ عنها', { exact: true }).first()).toBeVisible();
  await noViolations(page, 'the E-invoices list (Arabic, 390 px)');
  await shot(page, 'einvoices-list-ar-390');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The transaction on the phone, then both screens in English.
  await page.goto(
    `${adminUrl}#/transections?filter=${encodeURIComponent(JSON.stringify({ q: order.invoice_number }))}`,
  );
  await page.getByText(coach.name).first().click();
  const phoneDialog = page.getByRole('dialog', { name: 'المعاملة' });
  await expect(phoneDialog.getByTestId('order-einvoices').getByText('مُبلَّغ عنها', { exact: true })).toBeVisible();
  await shot(page, 'einvoices-transaction-ar-390');
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${adminUrl}#/einvoices?filter=${search}`);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    // The back-office loads again in English (its lazy screens take a while on a busy machine).
    await expect(page.getByText('Reported', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await shot(page, `einvoices-list-en-${width}`);
  }

  // The coach, in Arabic on a phone, downloads the PDF and the XML from billing.
  await page.setViewportSize({ width: 390, height: 844 });
  await signOut(page);
  await signInStudent(page, coach.id, coach.password, 'coach');
  await page.goto('/accounts?tab=subscriptions');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = page.locator(`li[data-order="${order._id}"]`);
  const pdfLink = card.getByRole('link', { name: `تنزيل الفاتورة ${order.invoice_number}` });
  const xmlLink = card.getByRole('link', { name: `تنزيل الفاتورة الإلكترونية (XML) للفاتورة ${order.invoice_number}` });
  await expect(pdfLink).toBeVisible();
  await expect(xmlLink).toBeVisible();
  await noViolations(page, 'billing with an e-invoice (Arabic, 390 px)');
  await shot(page, 'einvoices-billing-ar-390');
  const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
  expect(pdf.suggestedFilename()).toBe(`${order.invoice_number}.pdf`);
  const { stdout: pdfText } = await run('pdftotext', ['-enc', 'UTF-8', (await pdf.path())!, '-']);
  expect(pdfText).toContain(order.invoice_number);
  const [xml] = await Promise.all([page.waitForEvent('download'), xmlLink.click()]);
  expect(xml.suggestedFilename()).toBe(`${order.invoice_number}.xml`);
  const file = (await xml.path())!;
  // libxml2 parses it; it carries the invoice's number, its counter as staff saw it, and the nine-tag QR.
  await run('xmllint', ['--noout', file]);
  expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  expect(await xpath(file, "string(/*/*[local-name()='ID'])")).toBe(order.invoice_number);
  expect(await xpath(file, ref('ICV', 'UUID'))).toBe(String(doc.icv));
  const qr = tlv(await xpath(file, ref('QR', 'EmbeddedDocumentBinaryObject')));
  expect([...qr.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(qr.get(2)!.toString()).toBe('310122393500003');
  expect(qr.get(6)!.toString()).toBe(doc.hash);
  // On a desktop, in both languages, the XML link sits beside the PDF's in the invoice's cell.
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [lang, name] of [
    ['en', `Download the e-invoice (XML) of invoice ${order.invoice_number}`],
    ['ar', `تنزيل الفاتورة الإلكترونية (XML) للفاتورة ${order.invoice_number}`],
  ] as const) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: memberUrl }]);
    await page.goto('/accounts?tab=subscriptions');
    await expect(page.locator(`tr[data-order="${order._id}"]`).getByRole('link', { name })).toBeVisible();
    // The table fits its card: nothing (the XML link last) scrolls sideways.
    const table = page.locator('.table-scroll').filter({ has: page.locator(`tr[data-order="${order._id}"]`) });
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth), `billing table overflow (${lang})`).toBe(0);
    await shot(page, `einvoices-billing-${lang}-1280`);
  }
  // And on a phone in English: cards, nothing off-screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: 'lang', value: 'en', url: memberUrl }]);
  await page.goto('/accounts?tab=subscriptions');
  await expect(page.locator(`li[data-order="${order._id}"]`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await shot(page, 'einvoices-billing-en-390');
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
});

test('a document Fatoora rejects shows ZATCA’s message to staff, in Arabic', async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await staffToken(page);
  // Fatoora rejects the next document of this coach, by a name of his own (files run side by side: not another's).
  const coach = await createMember(page, 1, { name: `Coach ${uniqueId()}` });
  const reject = await page.request.post(`${fatooraUrl()}/_fake/reject`, { params: { n: 1, buyer: coach.name } });
  expect(reject.status()).toBe(200);
  const { coachAuth } = await coachWithPlan(page, coach);
  const billing = await (
    await page.request.post(`${apiUrl}/api/orders`, { headers: coachAuth, data: { page: 0 } })
  ).json();
  const order = billing.myOrders[0] as { _id: string; invoice_number: string };
  await expect
    .poll(async () => (await einvoicesOf(page, staff, order._id)).map((d) => d.state), { timeout: 30_000 })
    .toEqual(['rejected']);
  const [doc] = await einvoicesOf(page, staff, order._id);
  expect(doc.errors).toEqual([
    expect.objectContaining({ code: 'BR-KSA-25', message: 'The buyer name must be present for this document' }),
  ]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 1280) await signInAdminArabic(page);
    await page.goto(
      `${adminUrl}#/einvoices?filter=${encodeURIComponent(JSON.stringify({ state: 'rejected', q: order.invoice_number }))}`,
    );
    await expect(page.getByText(order.invoice_number)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('مرفوضة', { exact: true }).first()).toBeVisible();
    if (width === 1280) {
      await expect(page.getByText('BR-KSA-25: The buyer name must be present for this document')).toBeVisible();
      // Never "reported": the day ZATCA rejected it, said so.
      const row = page.locator('tbody tr', { hasText: order.invoice_number });
      await expect(row.getByText(/^رُفضت في /)).toBeVisible();
      await expect(row.getByText(/^أُبلغ عنها في /)).toHaveCount(0);
      await noViolations(page, 'a rejected e-invoice (Arabic, 1280 px)');
    }
    await shot(page, `einvoices-rejected-ar-${width}`);
  }
  // On its transaction too, with ZATCA's words.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(
    `${adminUrl}#/transections?filter=${encodeURIComponent(JSON.stringify({ q: order.invoice_number }))}`,
  );
  await page.locator('tbody tr').first().locator('td').last().click();
  const dialog = page.getByRole('dialog', { name: 'المعاملة' });
  await expect(
    dialog.getByTestId('order-einvoices').getByText('BR-KSA-25: The buyer name must be present for this document'),
  ).toBeVisible();
  await expect(dialog.getByTestId('order-einvoices').getByText('مرفوضة', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('order-einvoices').getByText(/^رُفضت في /)).toBeVisible();
  await noViolations(page, 'a transaction with a rejected e-invoice (Arabic, 1280 px)');
  await shot(page, 'einvoices-rejected-transaction-ar-1280');
  // The member site is back in Arabic for the next test.
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: memberUrl }]);
});
