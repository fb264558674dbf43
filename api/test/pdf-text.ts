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
 * `dpi` (kept as a PNG at `keep` when given), the code found and decoded by jsQR. A dense code (a
 * cleared invoice's carries ZATCA's stamp) that jsQR misses at one resolution, by where its modules
 * fall on the pixel grid, is read again at a finer one, as a phone held closer; no code at either
 * fails.
 */
export async function qrOfPdf(pdf: Buffer, { dpi = 200, keep }: { dpi?: number; keep?: string } = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    for (const resolution of [dpi, Math.round(dpi * 1.5)]) {
      const prefix = join(dir, `page-${resolution}`);
      await run('pdftoppm', ['-png', '-r', String(resolution), '-f', '1', '-l', '1', join(dir, 'doc.pdf'), prefix]);
      const file = join(
        dir,
        readdirSync(dir).find((f) => f.startsWith(`page-${resolution}`) && f.endsWith('.png'))!,
      );
      if (keep) writeFileSync(keep, readFileSync(file));
      const png = PNG.sync.read(readFileSync(file));
      const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      if (code) return code.data;
    }
    throw new Error('no QR code found on the page');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
