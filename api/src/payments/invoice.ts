import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { translate } from '../common/messages';
import type { Order } from './payments.service';

const bidi = bidiFactory();
/** Bidi formatting characters: they steer the algorithm but have no glyph. */
const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Left-to-right isolate: keeps a date or number reading left to right inside Arabic (2027-11-22, not 22-11-2027). */
export const ltr = (s: string) => `\u2066${s}\u2069`;

const mirror = (s: string) =>
  Array.from(s)
    .reverse()
    .map((c) => bidi.getMirroredCharacter(c) ?? c)
    .join('');
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Cairo (SIL Open Font License), from the npm package: Arabic and Latin in one font, so any machine can render. */
const FONT = require.resolve('@expo-google-fonts/cairo/400Regular/Cairo_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/cairo/700Bold/Cairo_700Bold.ttf');

type Doc = InstanceType<typeof PDFDocument>;

/**
 * The pieces of one line in visual order, left to right, by the Unicode bidi algorithm (UAX #9,
 * rules L1–L2 at run level). pdfkit shapes and reverses each Arabic word itself, so an Arabic word
 * keeps its logical letters; a right-to-left run without Arabic letters is reversed here, mirrored.
 */
export function visualRuns(text: string, base: 'ltr' | 'rtl'): { text: string; rtl: boolean }[] {
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const runs: { text: string; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += text[i];
    else runs.push({ text: text[i], level: levels[i] });
  }
  const max = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = runs.reduce((m, r) => (r.level % 2 === 1 ? Math.min(m, r.level) : m), Infinity);
  for (let level = max; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j].level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.flatMap(({ text: t, level }): { text: string; rtl: boolean }[] => {
    const rtl = level % 2 === 1;
    const clean = t.replace(CONTROLS, '');
    if (!clean) return [];
    if (!rtl) return [{ text: clean, rtl }];
    // pdfkit lays out word by word and its shaper reverses each Arabic word, so the words of a
    // right-to-left run are drawn one by one, last word first; pieces without Arabic are mirrored here.
    return clean
      .split(/(\s+)/)
      .filter(Boolean)
      .reverse()
      .map((w) => ({ text: ARABIC.test(w) ? w : mirror(w), rtl }));
  });
}

/** Draws one line of mixed text: `align` right for Arabic, left for English, inside [x, x + width]. */
function line(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right', size = 11) {
  const runs = visualRuns(text, ARABIC.test(text) ? 'rtl' : 'ltr');
  // Shrink long values to fit rather than overflow into the next column.
  let fontSize = size;
  doc.fontSize(fontSize);
  let total = runs.reduce((w, r) => w + doc.widthOfString(r.text), 0);
  while (total > width && fontSize > 6) {
    fontSize -= 0.5;
    doc.fontSize(fontSize);
    total = runs.reduce((w, r) => w + doc.widthOfString(r.text), 0);
  }
  let cursor = align === 'right' ? x + width - total : x;
  for (const run of runs) {
    doc.text(run.text, cursor, y, { lineBreak: false });
    cursor += doc.widthOfString(run.text);
  }
}

export interface InvoiceData {
  order: Order;
  member: { name: string; nationalId: string | null; email: string | null };
  seller: { name: string; nameEn: string; vatNumber: string };
  vatPercent: number;
}

function money(amount: number, currency: string) {
  return `${amount.toFixed(2)} ${currency}`;
}

/** The VAT included in a total, in cents (prices include VAT). */
export function vatCents(total: string, vatPercent: number): number {
  const cents = Math.round(Number(total) * 100);
  return vatPercent > 0 ? Math.round((cents * vatPercent) / (100 + vatPercent)) : 0;
}

/** Writes the bilingual invoice of a paid order to `path` (through a temporary file, so no half PDF is left). */
export async function writeInvoice(path: string, data: InvoiceData): Promise<void> {
  const { order, member, seller, vatPercent } = data;
  const en = (k: Parameters<typeof translate>[1]) => translate('en', k);
  const ar = (k: Parameters<typeof translate>[1]) => translate('ar', k);
  const cents = Math.round(Number(order.total) * 100);
  const vat = vatCents(order.total, vatPercent);
  const paidOn = (order.activatedAt ?? order.updatedAt).toISOString().slice(0, 10);
  const plan = order.plan ?? { name: '—', name_en: '—', duration: 0, duration_type: 'year' };

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Invoice ${order.id}`, Author: seller.nameEn },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const out = createWriteStream(tmp);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  doc.pipe(out);

  const left = 48;
  const width = doc.page.width - 96;
  const third = width / 3;
  doc.font('bold');
  line(doc, seller.nameEn, left, 48, width / 2, 'left', 16);
  line(doc, seller.name, left + width / 2, 48, width / 2, 'right', 16);
  doc.font('body');
  line(doc, en('payment.invoice_title'), left, 76, width / 2, 'left', 13);
  line(doc, ar('payment.invoice_title'), left + width / 2, 76, width / 2, 'right', 13);
  if (seller.vatNumber) {
    line(doc, `VAT No. ${seller.vatNumber}`, left, 96, width / 2, 'left', 9);
    line(doc, `الرقم الضريبي ${ltr(seller.vatNumber)}`, left + width / 2, 96, width / 2, 'right', 9);
  }
  doc
    .moveTo(left, 120)
    .lineTo(left + width, 120)
    .strokeColor('#999999')
    .stroke();

  const rows: [string, string, string][] = [
    ['Invoice number', order.id, 'رقم الفاتورة'],
    ['Date', paidOn, 'التاريخ'],
    ['Customer', member.name, 'العميل'],
    [
      'ID / e-mail',
      member.nationalId && member.nationalId !== '0000000000' ? member.nationalId : (member.email ?? ''),
      'الهوية / البريد',
    ],
    [
      order.orderType === 'team_fee' ? 'Item' : 'Plan',
      plan.name_en,
      order.orderType === 'team_fee' ? 'البند' : 'الخطة',
    ],
    ['', plan.name, ''],
    ['Period', order.periodStart && order.periodEnd ? `${order.periodStart} - ${order.periodEnd}` : '', 'مدة الاشتراك'],
    ['Payment method', order.method || '—', 'طريقة الدفع'],
    ['Transaction reference', order.transactionRef ?? '—', 'مرجع العملية'],
  ];
  if (vat > 0) {
    rows.push(['Amount before VAT', money((cents - vat) / 100, order.currency), 'المبلغ قبل الضريبة']);
    rows.push([`VAT ${vatPercent}%`, money(vat / 100, order.currency), `ضريبة القيمة المضافة ${vatPercent}%`]);
  }
  let y = 136;
  for (const [label, value, labelAr] of rows) {
    doc.font('body').fillColor('#555555');
    if (label) line(doc, label, left, y, third - 8, 'left', 10);
    if (labelAr) line(doc, labelAr, left + 2 * third + 8, y, third - 8, 'right', 10);
    doc.fillColor('#111111');
    const arabicValue = ARABIC.test(value);
    line(doc, value, left + third - 20, y, third + 40, arabicValue ? 'right' : 'left', 11);
    y += 24;
  }
  doc
    .moveTo(left, y + 4)
    .lineTo(left + width, y + 4)
    .strokeColor('#999999')
    .stroke();
  y += 14;
  doc.font('bold').fillColor('#111111');
  line(doc, 'Total paid', left, y, third - 8, 'left', 13);
  line(doc, money(cents / 100, order.currency), left + third - 20, y, third + 40, 'left', 13);
  line(doc, 'الإجمالي المدفوع', left + 2 * third + 8, y, third - 8, 'right', 13);
  y += 40;
  doc.font('body').fillColor('#333333');
  const until = order.periodEnd ?? '';
  // A team fee (team registration) buys no period: the line says what was paid.
  const teamFee = order.orderType === 'team_fee';
  line(
    doc,
    teamFee ? `Thank you. ${plan.name_en} is paid.` : `Thank you. Your plan ${plan.name_en} is active until ${until}.`,
    left,
    y,
    width,
    'left',
    10,
  );
  line(
    doc,
    teamFee
      ? `شكرًا لك. تم دفع ${plan.name} بمبلغ ${ltr(money(cents / 100, order.currency))}.`
      : `شكرًا لك. خطتك ${plan.name} فعّالة حتى ${ltr(until)} بمبلغ ${ltr(money(cents / 100, order.currency))}.`,
    left,
    y + 20,
    width,
    'right',
    10,
  );
  doc.end();
  try {
    await done;
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
