import { execFile } from 'node:child_process';

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
