import { PLATFORM_TIME_ZONE } from '@platform/contract';
import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Lang } from '../common/messages';

/** What a column of a CSV export shows: a column of the resource's tables, or an SQL expression. */
export type CsvValue = PgColumn | SQL;

/** A header or value word in both languages; a plain string is fixed (the spec's judges header). */
export type CsvWord = string | { en: string; ar: string };

/**
 * One column of an export: its header, and its value (or a value in the exporting admin's
 * language: words for codes).
 */
export type CsvColumn = [header: CsvWord, value: CsvValue | ((lang: Lang) => CsvValue)];

/** Column types whose text can never start like a formula: written as PostgreSQL prints them. */
const PLAIN = new Set(['PgUUID', 'PgSmallInt', 'PgInteger', 'PgSerial', 'PgDateString', 'PgDate', 'PgNumeric']);

const YES_NO: Record<Lang, [string, string]> = { en: ['Yes', 'No'], ar: ['نعم', 'لا'] };
const ZONE_NAME: Record<Lang, string> = { en: `${PLATFORM_TIME_ZONE} time`, ar: 'بتوقيت الرياض' };

export const csvWord = (word: CsvWord, lang: Lang) => (typeof word === 'string' ? word : word[lang]);

const isTime = (value: CsvValue) => is(value, Column) && value.columnType === 'PgTimestamp';

/**
 * A column's header in the admin's language; a time column names the zone its times are in
 * ("CDate (Asia/Riyadh time)"), except in a fixed header.
 */
export function csvHeader([header, value]: CsvColumn, lang: Lang): string {
  const shown = csvWord(header, lang);
  const v = typeof value === 'function' ? value(lang) : value;
  return typeof header !== 'string' && isTime(v) ? `${shown} (${ZONE_NAME[lang]})` : shown;
}

/**
 * One cell of a CSV export as SQL text, so PostgreSQL's COPY writes the file: a time as
 * 'YYYY-MM-DD HH:MM:SS' on the platform's clock (what spreadsheets read as a date and time),
 * booleans as words, numbers, dates and ids as they read, and any other text through `csv_safe`
 * (migration 0017): digits a spreadsheet would change (a leading 0 or +) are written as text
 * (="0123"), and what a spreadsheet would run as a formula gets a quote before it. A plain number
 * (-5, +1.5) is not a formula and is left alone. Measured on a million rows, each guarded column
 * costs a few % of COPY's time; a to_char() per time cost 25%, so the time is cast instead.
 */
export function csvCell(column: CsvColumn, lang: Lang): SQL {
  const value = typeof column[1] === 'function' ? column[1](lang) : column[1];
  if (!is(value, Column) && SAFE.has(value)) return value;
  if (is(value, Column)) {
    if (value.columnType === 'PgTimestamp')
      return sql`date_trunc('second', ${value} at time zone ${sql.raw(`'${PLATFORM_TIME_ZONE}'`)})::text`;
    if (value.columnType === 'PgBoolean') {
      const [yes, no] = YES_NO[lang];
      return sql`case when ${value} then ${yes} when not ${value} then ${no} end`;
    }
    if (PLAIN.has(value.columnType)) return sql`${value}::text`;
  }
  return sql`csv_safe((${value})::text)`;
}

/** Cells known when the export is declared never to start like a formula: written without csv_safe. */
const SAFE = new WeakSet<SQL>();

/**
 * A code shown by its name in the admin's language ('Student' / 'طالب' for 0); an unknown code as
 * itself. The names are checked here, once, rather than csv_safe on every row (a code is a number or
 * a boolean).
 */
export function csvNames(column: PgColumn, names: Record<string | number, CsvWord>): (lang: Lang) => SQL {
  for (const name of Object.values(names).flatMap((n) => (typeof n === 'string' ? [n] : [n.en, n.ar]))) {
    if (/^[=+\-@\t\r]/.test(name)) throw new Error(`CSV name "${name}" would start like a formula`);
  }
  const byLang = new Map<Lang, SQL>();
  return (lang) => {
    let cell = byLang.get(lang);
    if (!cell) {
      const cases = Object.entries(names).map(([code, name]) => sql`when ${code} then ${csvWord(name, lang)}`);
      // The codes go in as untyped literals, so they compare in the column's own type (no cast per row).
      cell = sql`(case ${column} ${sql.join(cases, sql` `)} else ${column}::text end)`;
      SAFE.add(cell);
      byLang.set(lang, cell);
    }
    return cell;
  };
}
