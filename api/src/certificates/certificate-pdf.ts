import type PDFDocument from 'pdfkit';
import { pdfkit, qrcode, visualRuns } from '../payments/invoice';

const FONT = require.resolve('@expo-google-fonts/cairo/400Regular/Cairo_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/cairo/700Bold/Cairo_700Bold.ttf');
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

type Doc = InstanceType<typeof PDFDocument>;

/** Everything a certificate's page shows, already in its language and with its wording filled in. */
export interface CertificatePage {
  lang: 'ar' | 'en';
  issuer: string;
  title: string;
  holder: string;
  /** The template's wording with its placeholders replaced. */
  wording: string;
  /** "Issued on …" and the date on the platform's clock, in the page's language. */
  dateLine: string;
  /** The code as printed (XXXXX-XXXXX) and the words before it. */
  codeLine: string;
  /** The public verification page the QR code leads to. */
  verifyUrl: string;
  background: Buffer | null;
  signatures: { image: Buffer | null; name: string; role: string }[];
  /** A preview says so across the page. */
  sample?: string;
}

type Dir = 'ltr' | 'rtl' | 'auto';
/** Arabic-Indic digits: pdfkit's shaper takes a piece of them for Arabic script and reverses it. */
const INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

/**
 * The pieces of a line in visual order (the bidi algorithm, as invoices do), in the line's base
 * direction (`auto`: right to left when it has Arabic). A left-to-right piece of Arabic-Indic digits
 * (٢٠٢٦) is handed to pdfkit reversed, since its shaper reverses Arabic-script text.
 */
function runsOf(text: string, dir: Dir) {
  const base = dir === 'auto' ? (ARABIC.test(text) ? 'rtl' : 'ltr') : dir;
  return visualRuns(text, base).flatMap((r) =>
    !r.rtl && INDIC_DIGITS.test(r.text)
      ? r.text
          .split(/(\s+)/)
          .filter(Boolean)
          .map((w) => ({ ...r, text: INDIC_DIGITS.test(w) ? Array.from(w).reverse().join('') : w }))
      : [r],
  );
}

/** The width of a line as drawn (its runs in visual order). */
function widthOf(doc: Doc, text: string, dir: Dir = 'auto') {
  return runsOf(text, dir).reduce((w, r) => w + doc.widthOfString(r.text), 0);
}

/** One line centred on `cx`, Arabic joined and in right-to-left order. */
function centred(doc: Doc, text: string, cx: number, y: number, size: number, maxWidth: number, dir: Dir = 'auto') {
  let fontSize = size;
  doc.fontSize(fontSize);
  while (widthOf(doc, text, dir) > maxWidth && fontSize > 7) doc.fontSize((fontSize -= 0.5));
  const runs = runsOf(text, dir);
  let x = cx - widthOf(doc, text, dir) / 2;
  for (const run of runs) {
    doc.text(run.text, x, y, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
}

/** Words into lines no wider than `width` (measured as drawn); a paragraph break (newline) starts a line. */
function wrap(doc: Doc, text: string, width: number, dir: Dir): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (current && widthOf(doc, next, dir) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    lines.push(current);
  }
  return lines;
}

/**
 * Draws a certificate: an A4 landscape page with the template's background picture (or a plain
 * frame), the issuer, the title, the holder's name as written, the wording, the signatures, and a
 * QR code of the verification page with the short code printed under it.
 */
export async function drawCertificate(page: CertificatePage): Promise<Buffer> {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${page.title} — ${page.holder}`, Author: page.issuer },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const W = doc.page.width;
  const H = doc.page.height;
  const cx = W / 2;
  if (page.background) {
    doc.image(page.background, 0, 0, { cover: [W, H], align: 'center', valign: 'center' });
  } else {
    doc
      .rect(18, 18, W - 36, H - 36)
      .lineWidth(3)
      .strokeColor('#1f4e79')
      .stroke();
    doc
      .rect(28, 28, W - 56, H - 56)
      .lineWidth(1)
      .strokeColor('#8fb0d0')
      .stroke();
  }
  if (page.sample) {
    doc
      .save()
      .rotate(-20, { origin: [cx, H / 2] })
      .font('bold')
      .fillColor('#e0e0e0');
    centred(doc, page.sample, cx, H / 2 - 40, 90, W);
    doc.restore();
  }
  doc.fillColor('#1f4e79').font('bold');
  centred(doc, page.issuer, cx, 56, 16, W - 160);
  doc.fillColor('#111111');
  centred(doc, page.title, cx, 96, 30, W - 160);
  doc.font('body').fillColor('#333333');
  centred(doc, page.lang === 'ar' ? 'تُمنح هذه الشهادة إلى' : 'This certificate is presented to', cx, 152, 13, W - 160);
  doc.font('bold').fillColor('#111111');
  centred(doc, page.holder, cx, 176, 28, W - 160);
  doc.font('body').fillColor('#222222').fontSize(14);
  let y = 232;
  const dir = page.lang === 'ar' ? 'rtl' : 'ltr';
  for (const l of wrap(doc, page.wording, W - 220, dir).slice(0, 5)) {
    centred(doc, l, cx, y, 14, W - 220, dir);
    y += 24;
  }
  doc.fillColor('#444444');
  centred(doc, page.dateLine, cx, Math.max(y + 6, 350), 12, W - 220, dir);

  // Signatures along the bottom, between the QR code's corner and the other side.
  const sigs = page.signatures.slice(0, 3);
  const slot = 190;
  const startX = cx - (sigs.length * slot) / 2;
  sigs.forEach((s, i) => {
    const sx = startX + (page.lang === 'ar' ? sigs.length - 1 - i : i) * slot;
    const mid = sx + slot / 2;
    if (s.image) {
      try {
        doc.image(s.image, mid - 60, 400, { fit: [120, 50], align: 'center', valign: 'bottom' });
      } catch {
        // A picture pdfkit cannot read is left out rather than failing the certificate.
      }
    }
    doc
      .moveTo(mid - 70, 456)
      .lineTo(mid + 70, 456)
      .lineWidth(0.7)
      .strokeColor('#777777')
      .stroke();
    doc.font('bold').fillColor('#111111');
    centred(doc, s.name, mid, 460, 11, slot - 10);
    doc.font('body').fillColor('#555555');
    centred(doc, s.role, mid, 478, 9.5, slot - 10);
  });

  // The QR code in the corner where a line of the page's language ends.
  const qr = await qrcode().toBuffer(page.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const size = 92;
  const qx = page.lang === 'ar' ? 46 : W - 46 - size;
  const qy = H - 46 - size - 26;
  doc.rect(qx - 4, qy - 4, size + 8, size + 8).fill('#ffffff');
  doc.image(qr, qx, qy, { width: size, height: size });
  doc.font('body').fillColor('#111111');
  centred(doc, page.codeLine, qx + size / 2, qy + size + 6, 9, 200, dir);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
