import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';
import { formatDate, formatMoney, type OrderBuyer } from '@platform/contract';
import { translate } from '../common/i18n';
import type { Order } from './payments.service';

const bidi = bidiFactory();
/**
 * pdfkit and qrcode are loaded with the first PDF, not at start: most processes (and API test files)
 * never make one, and loading them cost every one of them (docs/testing.md, "Test time").
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const pdfkit = () => require('pdfkit') as typeof import('pdfkit');
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const qrcode = () => require('qrcode') as typeof import('qrcode');
/** Bidi formatting characters: they steer the algorithm but have no glyph. */
const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Left-to-right isolate: keeps a date or number reading left to right inside Arabic (2027-11-22, not 22-11-2027). */
export const ltr = (s: string) => `\u2066${s}\u2069`;
/** First-strong isolate: an amount in Arabic (`200.00 ر.س`) kept whole inside an Arabic sentence. */
const isolate = (s: string) => `\u2068${s}\u2069`;

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

/** pdfkit's embedded font, as far as its ToUnicode map is concerned (not in its typings). */
interface EmbeddedFontMap {
  unicode: (number[] | undefined)[];
  encode(text: string, features?: unknown): [string[], unknown[]];
  visualLigatures?: true;
}
const ARABIC_CODE = (c: number) => ARABIC.test(String.fromCodePoint(c));

/**
 * Text extractors (poppler's pdftotext, pdf.js, pypdf, screen readers reading the page) take the
 * glyphs of right-to-left text in drawing order, left to right, and reverse them character by
 * character. A ligature glyph (لا, the lam-alef; الله) stands for several letters: pdfkit maps it
 * to them in logical order, so after that reversal its letters come out swapped (ضريبية read as
 * رضيبية). An Arabic ligature's ToUnicode entry is written in drawing order instead, as every other
 * glyph of the word is, so the reversal gives the letters back in reading order.
 */
function visualLigatures(doc: Doc) {
  const font = (doc as unknown as { _font?: EmbeddedFontMap })._font;
  if (!font || font.visualLigatures || typeof font.encode !== 'function' || !Array.isArray(font.unicode)) return;
  font.visualLigatures = true;
  const encode = font.encode.bind(font);
  const fixed = new Set<number>();
  font.encode = (text, features) => {
    const encoded = encode(text, features);
    font.unicode.forEach((codes, gid) => {
      if (!codes || codes.length < 2 || fixed.has(gid) || !codes.every(ARABIC_CODE)) return;
      fixed.add(gid);
      font.unicode[gid] = [...codes].reverse();
    });
    return encoded;
  };
}

type Struct = ReturnType<Doc['struct']>;
/** Each document's structure root (a tagged PDF: what a screen reader walks). */
const roots = new WeakMap<Doc, Struct>();

/**
 * Draws one line of mixed text: `align` right for Arabic, left for English, inside [x, x + width].
 * In the structure tree it is a paragraph in its language (Arabic when it has Arabic letters) whose
 * ActualText is the line in reading order, for screen readers that read the tags.
 */
function line(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right', size = 11) {
  const root = roots.get(doc);
  if (!root) return drawLine(doc, text, x, y, width, align, size);
  const arabic = ARABIC.test(text);
  root.add(
    doc.struct('P', { lang: arabic ? 'ar' : 'en', ...(arabic ? { actual: text.replace(CONTROLS, '') } : {}) }, () =>
      drawLine(doc, text, x, y, width, align, size),
    ),
  );
}

/** Decoration (the rules between parts): an artifact, skipped by screen readers. */
function artifact(doc: Doc, draw: () => void) {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

function drawLine(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right', size: number) {
  visualLigatures(doc);
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

/** One simplified tax invoice (a paid order) or credit note (a refund of one), as drawn. */
export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  /** INV-2026-000001 or CN-2026-000001. */
  number: string;
  /** When it was issued: the payment, or the refund. */
  issuedAt: Date;
  /** A credit note's invoice. */
  invoiceNumber?: string | null;
  /** The amount it is for, VAT included (the order's total, or the refund's amount). */
  total: string;
  /** A credit note's reason, in each language (the same words when staff typed it). */
  reason?: { en: string; ar: string };
  /** A team fee's team (its number, never the name a coach typed) and competition. */
  team?: { teamNo: string; competition: { en: string; ar: string } } | null;
  order: Order;
  member: { name: string; nationalId: string | null; email: string | null };
  seller: { name: string; nameEn: string; vatNumber: string };
  vatPercent: number;
  /** The ZATCA Phase 2 QR (nine TLV tags) of the stamped e-invoice (of the cleared one for a standard invoice); without it, the Phase 1 QR. */
  qr?: string;
  /** An organisation's order (a standard tax invoice): its legal name, VAT number and address. */
  buyer?: OrderBuyer | null;
  /** A school's order for several teams: one row per team (a credit note of one line: that line). */
  lines?: { teamNo: string; amount: string }[];
  /** The e-invoice (UBL XML) to attach: the PDF is then a PDF/A-3 carrying it, as ZATCA describes. */
  xml?: string | null;
}

/** An amount as each side of the document writes it: `SAR 300.00` and `300.00 ر.س` (the contract's formatMoney). */
function money(amount: number, currency: string, lang: 'en' | 'ar' = 'en') {
  return formatMoney(amount, currency, lang);
}

/** The VAT included in a total, in cents (prices include VAT). */
export function vatCents(total: string, vatPercent: number): number {
  const cents = Math.round(Number(total) * 100);
  return vatPercent > 0 ? Math.round((cents * vatPercent) / (100 + vatPercent)) : 0;
}

/** A moment as ZATCA's QR writes it: ISO 8601 in UTC to the second (2026-03-05T11:05:00Z). */
export const zatcaTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The ZATCA phase-1 QR payload: TLV fields (tag byte, length byte, UTF-8 value) 1 seller name,
 * 2 VAT number, 3 time stamp, 4 total with VAT, 5 VAT amount, the whole in Base64.
 */
export function zatcaQr(fields: { seller: string; vatNumber: string; time: string; total: string; vat: string }) {
  const values = [fields.seller, fields.vatNumber, fields.time, fields.total, fields.vat];
  const parts = values.map((value, i) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 255) throw new Error(`ZATCA QR field ${i + 1} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

/**
 * The QR payload of a document: the stamped e-invoice's nine tags (ZATCA Phase 2) when it has one,
 * else its total and VAT, issued by the seller at its time (Phase 1).
 */
export function documentQr(d: Pick<TaxDocument, 'seller' | 'issuedAt' | 'total' | 'vatPercent' | 'qr'>) {
  if (d.qr) return d.qr;
  return zatcaQr({
    seller: d.seller.name,
    vatNumber: d.seller.vatNumber,
    time: zatcaTime(d.issuedAt),
    total: Number(d.total).toFixed(2),
    vat: (vatCents(d.total, d.vatPercent) / 100).toFixed(2),
  });
}

/**
 * Writes a bilingual simplified tax invoice or credit note to `path` (through a temporary file, so
 * no half PDF is left): seller and VAT number, buyer, plan and period, the amount before VAT, the VAT
 * and the total, and ZATCA's QR code. Without a VAT number (development) it says it is not a tax
 * invoice and carries no QR code. Dates are on the platform's clock, written for each language.
 */
export async function writeTaxDocument(path: string, data: TaxDocument): Promise<void> {
  const { order, member, seller, vatPercent } = data;
  const en = (k: Parameters<typeof translate>[1]) => translate('en', k);
  const ar = (k: Parameters<typeof translate>[1]) => translate('ar', k);
  const credit = data.kind === 'credit_note';
  const taxed = !!seller.vatNumber;
  const cents = Math.round(Number(data.total) * 100);
  const vat = vatCents(data.total, vatPercent);
  const plan = order.plan ?? { name: '—', name_en: '—', duration: 0, duration_type: 'year' };
  const qr = taxed
    ? await qrcode().toBuffer(documentQr(data), { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 })
    : null;
  const titleKey = credit
    ? 'payment.credit_note_title'
    : !taxed
      ? 'payment.not_tax_invoice'
      : data.buyer
        ? 'payment.standard_invoice_title'
        : 'payment.invoice_title';

  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${en(titleKey)} ${data.number}`, Author: seller.nameEn },
    // Tagged (structure, each paragraph's language) for screen readers; the title shown, not the file name.
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en',
    displayTitle: true,
    // With an e-invoice: PDF/A-3 (archival, accessible), the XML attached below.
    ...(data.xml ? { subset: 'PDF/A-3a' as const } : {}),
  });
  if (data.xml)
    doc.file(Buffer.from(data.xml, 'utf8'), {
      name: `${data.number}.xml`,
      type: 'application/xml',
      description: 'ZATCA e-invoice (UBL 2.1) / الفاتورة الإلكترونية',
      creationDate: data.issuedAt,
      modifiedDate: data.issuedAt,
      // PDF/A-3: the XML is the invoice in another form (pdfkit's option, not in its types).
      ...({ relationship: 'Alternative' } as object),
    });
  const root = doc.struct('Document');
  doc.addStructure(root);
  roots.set(doc, root);
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
  line(doc, en(titleKey), left, 76, width / 2, 'left', 13);
  line(doc, ar(titleKey), left + width / 2, 76, width / 2, 'right', 13);
  if (taxed) {
    line(doc, `VAT No. ${seller.vatNumber}`, left, 96, width / 2, 'left', 9);
    line(doc, `الرقم الضريبي ${ltr(seller.vatNumber)}`, left + width / 2, 96, width / 2, 'right', 9);
  }
  artifact(doc, () =>
    doc
      .moveTo(left, 120)
      .lineTo(left + width, 120)
      .strokeColor('#999999')
      .stroke(),
  );

  const period = (lang: 'en' | 'ar') =>
    order.periodStart && order.periodEnd
      ? `${formatDate(order.periodStart, lang, 'short')} - ${formatDate(order.periodEnd, lang, 'short')}`
      : '—';
  // [English label, value, Arabic label, the value in Arabic when it reads differently]
  const rows: [string, string, string, string?][] = [
    credit
      ? ['Credit note number', data.number, 'رقم الإشعار الدائن']
      : ['Invoice number', data.number, 'رقم الفاتورة'],
    ...(credit ? [['Invoice', data.invoiceNumber ?? '—', 'الفاتورة'] as [string, string, string]] : []),
    ['Date', formatDate(data.issuedAt, 'en', 'time'), 'التاريخ', formatDate(data.issuedAt, 'ar', 'time')],
    ...(data.buyer
      ? // A standard invoice's buyer: its legal name, VAT number and national address.
        ([
          [en('payment.buyer_block'), data.buyer.name, ar('payment.buyer_block')],
          ['Buyer VAT No.', data.buyer.vat_number, 'الرقم الضريبي للمشتري'],
          [
            'Address',
            `${data.buyer.address.building} ${data.buyer.address.street}, ${data.buyer.address.district}, ${data.buyer.address.city} ${data.buyer.address.postal_code}`,
            'العنوان',
            `${data.buyer.address.street}، ${ltr(data.buyer.address.building)}، ${data.buyer.address.district}، ${data.buyer.address.city} ${ltr(data.buyer.address.postal_code)}`,
          ],
        ] as [string, string, string, string?][])
      : ([
          ['Customer', member.name, 'العميل'],
          [
            'ID / e-mail',
            member.nationalId && member.nationalId !== '0000000000' ? member.nationalId : (member.email ?? ''),
            'الهوية / البريد',
          ],
        ] as [string, string, string, string?][])),
    credit && order.orderType === 'team_fees' && data.lines?.length === 1
      ? // A credit note of one team of a school's order: that team's fee only.
        ['Item', `Team fee ${data.lines[0].teamNo}`, 'البند', `رسوم الفريق ${ltr(data.lines[0].teamNo)}`]
      : order.orderType === 'team_fee' || order.orderType === 'team_fees'
        ? ['Item', plan.name_en, 'البند', plan.name]
        : ['Plan', plan.name_en, 'الخطة', plan.name],
    ...(order.orderType === 'team_fees'
      ? []
      : [['Period', period('en'), 'مدة الاشتراك', period('ar')] as [string, string, string, string]]),
    // One row per team of a school's order (its fee, in each language).
    ...(data.lines ?? []).map((l): [string, string, string, string] => [
      `Team ${l.teamNo}`,
      money(Number(l.amount), order.currency),
      `الفريق ${ltr(l.teamNo)}`,
      money(Number(l.amount), order.currency, 'ar'),
    ]),
    ...(data.team
      ? [
          ['Team', data.team.teamNo, 'الفريق'] as [string, string, string],
          ['Competition', data.team.competition.en, 'المسابقة', data.team.competition.ar] as [
            string,
            string,
            string,
            string,
          ],
        ]
      : []),
    ['Order', order.id, 'الطلب'],
    ['Payment method', order.method || '—', 'طريقة الدفع'],
    ['Transaction reference', order.transactionRef ?? '—', 'مرجع العملية'],
  ];
  if (credit && data.reason) rows.push(['Reason', data.reason.en, 'السبب', data.reason.ar]);
  rows.push([
    'Amount before VAT',
    money((cents - vat) / 100, order.currency),
    'المبلغ قبل الضريبة',
    money((cents - vat) / 100, order.currency, 'ar'),
  ]);
  rows.push([
    `VAT ${vatPercent}%`,
    money(vat / 100, order.currency),
    `ضريبة القيمة المضافة ${vatPercent}%`,
    money(vat / 100, order.currency, 'ar'),
  ]);
  let y = 136;
  // The rows close up when there are many (a buyer's address, a line per team), so the totals and
  // the QR code (about 290 pt below the rows) stay on the page.
  const dual = rows.filter(([, value, , valueAr]) => valueAr !== undefined && valueAr !== value).length;
  const fit = Math.min(1, (doc.page.height - 48 - 290 - y) / (rows.length * 24 + dual * 18));
  const [rowStep, dualStep] = [24 * fit, 18 * fit];
  for (const [label, value, labelAr, valueAr] of rows) {
    doc.font('body').fillColor('#555555');
    line(doc, label, left, y, third - 8, 'left', 10);
    line(doc, labelAr, left + 2 * third + 8, y, third - 8, 'right', 10);
    doc.fillColor('#111111');
    if (valueAr !== undefined && valueAr !== value) {
      line(doc, value, left + third - 20, y, third + 40, 'left', 11);
      y += dualStep;
      line(doc, valueAr, left + third - 20, y, third + 40, 'right', 11);
    } else {
      line(doc, value, left + third - 20, y, third + 40, ARABIC.test(value) ? 'right' : 'left', 11);
    }
    y += rowStep;
  }
  artifact(doc, () =>
    doc
      .moveTo(left, y + 4)
      .lineTo(left + width, y + 4)
      .strokeColor('#999999')
      .stroke(),
  );
  y += 14;
  doc.font('bold').fillColor('#111111');
  line(doc, credit ? 'Total refunded' : 'Total paid', left, y, third - 8, 'left', 13);
  line(doc, money(cents / 100, order.currency), left + third - 20, y, third + 40, 'left', 13);
  line(doc, credit ? 'إجمالي المبلغ المسترد' : 'الإجمالي المدفوع', left + 2 * third + 8, y, third - 8, 'right', 13);
  y += 22;
  line(doc, money(cents / 100, order.currency, 'ar'), left + third - 20, y, third + 40, 'right', 13);
  y += 40;
  doc.font('body').fillColor('#333333');
  // A team fee (team registration) buys no period: the line says what was paid.
  const teamFee = order.orderType === 'team_fee' || order.orderType === 'team_fees';
  if (credit) {
    line(doc, `This credit note reduces invoice ${data.invoiceNumber ?? ''}.`, left, y, width, 'left', 10);
    line(doc, `يخفض هذا الإشعار الدائن الفاتورة ${ltr(data.invoiceNumber ?? '')}.`, left, y + 20, width, 'right', 10);
  } else {
    const until = (lang: 'en' | 'ar') => formatDate(order.periodEnd, lang, 'long');
    line(
      doc,
      teamFee
        ? `Thank you. ${plan.name_en} is paid.`
        : `Thank you. Your plan ${plan.name_en} is active until ${until('en')}.`,
      left,
      y,
      width,
      'left',
      10,
    );
    line(
      doc,
      teamFee
        ? `شكرًا لك. تم دفع ${plan.name} بمبلغ ${isolate(formatMoney(cents / 100, order.currency, 'ar'))}.`
        : `شكرًا لك. خطتك ${plan.name} فعّالة حتى ${until('ar')} بمبلغ ${isolate(formatMoney(cents / 100, order.currency, 'ar'))}.`,
      left,
      y + 20,
      width,
      'right',
      10,
    );
  }
  if (qr) {
    const size = 132;
    const place = () => doc.image(qr, left + (width - size) / 2, y + 52, { width: size, height: size });
    root.add(doc.struct('Figure', { alt: `${en('payment.qr_alt')} / ${ar('payment.qr_alt')}` }, place));
  }
  root.end();
  doc.end();
  try {
    await done;
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
