import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's pdftotext reads it (the tool a person or an outside checker would
 * use; installed by .ci/run with pdftoppm). Arabic comes back as its letters in reading order.
 */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-enc', 'UTF-8', '-', '-'], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

/**
 * The QR code on a PDF's first page as a phone reads it: the page drawn by poppler's pdftoppm at
 * `dpi` (kept as a PNG at `keep` when given), the code found and decoded by jsQR.
 */
export async function qrOfPdf(pdf: Buffer, { dpi = 200, keep }: { dpi?: number; keep?: string } = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', join(dir, 'doc.pdf'), join(dir, 'page')]);
    const file = readdirSync(dir).find((f) => f.endsWith('.png'))!;
    if (keep) writeFileSync(keep, readFileSync(join(dir, file)));
    const png = PNG.sync.read(readFileSync(join(dir, file)));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    if (!code) throw new Error('no QR code found on the page');
    return code.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
