import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { TestApp } from './harness';

/** A CSV download of the back-office as text (a GET with `filter` as JSON, in `lang`). */
export function downloadCsv(t: TestApp, token: string, path: string, filter: object = {}, lang = 'en') {
  return t.http
    .get(path)
    .query({ filter: JSON.stringify(filter) })
    .set('Authorization', token)
    .set('Accept-Language', lang)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
}

/** Debian's LibreOffice, when installed (CI installs it, .ci/run; a developer's machine may not have it). */
export const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();

/**
 * LibreOffice (Debian's, headless) opens a CSV as a person opening it in a spreadsheet would
 * (comma separated, UTF-8) and saves the cells as shown: what the test reads back is what people see.
 */
export function asSpreadsheetShowsIt(csv: string): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'csv-lo-'));
  try {
    writeFileSync(join(dir, 'export.csv'), csv);
    execFileSync(
      soffice,
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--infilter=CSV:44,34,76,1',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
        '--outdir',
        join(dir, 'shown'),
        join(dir, 'export.csv'),
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return Papa.parse<string[]>(readFileSync(join(dir, 'shown', 'export.csv'), 'utf8'), { skipEmptyLines: true }).data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
