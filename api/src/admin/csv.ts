import { PLATFORM_TIME_ZONE } from '@platform/contract';
import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Lang } from '../common/i18n';

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
 * (migrations 0017 and 0022): digits a spreadsheet would change (a leading 0 or +) are written as
 * text (="0123"), and what a spreadsheet would run as a formula gets a quote before it. A plain
 * number (-5, +1.5) is not a formula and is left alone. Measured on a million rows (PostgreSQL's
 * CPU time), a guarded column starting with a letter or 1-9 adds about 2% to COPY's, a phone number
 * (+: a regular expression, then the ="…" cell) about half; a to_char() per time cost 25%, so the
 * time is cast instead.
 */
export function csvCell(column: CsvColumn, lang: Lang): SQL {
  const value = typeof column[1] === 'function' ? column[1](lang) : column[1];
  if (!is(value, Column) && SAFE.has(value)) return value;
  if (is(value, Column)) {
    if (value.columnType === 'PgTimestamp') return platformTime(value);
    if (value.columnType === 'PgBoolean') {
      const [yes, no] = YES_NO[lang];
      return sql`case when ${value} then ${yes} when not ${value} then ${no} end`;
    }
    // As the column's own type: COPY writes it with the same output function a cast to text would
    // call, without the cast's extra copy per row (a fifth of COPY's time for a uuid).
    if (PLAIN.has(value.columnType)) return sql`${value}`;
  }
  return sql`csv_safe((${value})::text)`;
}

/** The wall-clock offset of the platform's zone at an instant, as '+HH:MM:SS' (Intl's time zone data). */
function offsetAt(clock: Intl.DateTimeFormat, at: number): string {
  const p = Object.fromEntries(clock.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  const seconds = Math.round((wall - Math.floor(at / 1000) * 1000) / 1000);
  const abs = Math.abs(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${seconds < 0 ? '-' : '+'}${two(Math.floor(abs / 3600))}:${two(Math.floor(abs / 60) % 60)}:${two(abs % 60)}`;
}

const DAY = 86_400_000;

/**
 * The span around now in which the platform's zone keeps the offset it has now (Riyadh: +03:00 since
 * 1947, no daylight saving): found by weeks, 130 years back and two years on, then to the
 * millisecond. Worked out once per process, when the first export asks.
 */
export const fixedOffsetSpan = (() => {
  let span: { from: Date; to: Date; offset: string } | undefined;
  return (now = Date.now()) => {
    if (span) return span;
    const clock = new Intl.DateTimeFormat('en-US', {
      timeZone: PLATFORM_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const offset = offsetAt(clock, now);
    // The last instant with the offset, walking by `step` from `at` up to `limit`; then halves the last step.
    const edge = (at: number, step: number, limit: number) => {
      while (Math.abs(limit - at) > Math.abs(step) && offsetAt(clock, at + step) === offset) at += step;
      if (Math.abs(limit - at) <= Math.abs(step)) return offsetAt(clock, limit) === offset ? limit : at;
      let bad = at + step;
      while (Math.abs(bad - at) > 1) {
        const mid = Math.trunc((at + bad) / 2);
        if (offsetAt(clock, mid) === offset) at = mid;
        else bad = mid;
      }
      return at;
    };
    span = {
      from: new Date(edge(now, -7 * DAY, now - 130 * 365 * DAY)),
      to: new Date(edge(now, 7 * DAY, now + 2 * 365 * DAY)),
      offset,
    };
    return span;
  };
})();

/**
 * A time on the platform's clock as 'YYYY-MM-DD HH:MM:SS'. Inside the span where the zone's offset
 * does not change, the offset is added as a fixed interval (a sum per row, where the zone's name is
 * looked up and its rules applied per row: a sixth of the export's formatting on a million rows);
 * outside it, by the zone's name. The same text either way.
 */
function platformTime(value: PgColumn): SQL {
  const { from, to, offset } = fixedOffsetSpan();
  // A timestamp without zone: COPY writes it as text itself, with no cast per row.
  const byName = sql`date_trunc('second', ${value} at time zone ${sql.raw(`'${PLATFORM_TIME_ZONE}'`)})`;
  const byOffset = sql`date_trunc('second', ${value} at time zone interval ${sql.raw(`'${offset}'`)})`;
  return sql`(case when ${value} >= ${sql.raw(`'${from.toISOString()}'`)} and ${value} <= ${sql.raw(`'${to.toISOString()}'`)} then ${byOffset} else ${byName} end)`;
}

/** Cells known when the export is declared never to start like a formula: written without csv_safe. */
const SAFE = new WeakSet<SQL>();

/**
 * A column that already holds its CSV cell (a generated column computed by `csv_safe` when the row is
 * written, like `users.phone_number_csv`): written as it is.
 */
export function csvReady(column: PgColumn): SQL {
  const cell = sql`${column}`;
  SAFE.add(cell);
  return cell;
}

/**
 * A text of digits a spreadsheet must show as written (a national ID, a guardian's phone): only
 * digits (or + and digits) as a text cell (="1145678908", not 1.146E+09), anything else through
 * csv_safe; a placeholder in `none` (a school's 0000000000) or no value as an empty cell. The regular
 * expression per row is csv_safe's own for a phone.
 */
export function csvDigits(value: CsvValue, none: string[] = []): SQL {
  const blanks = none.length
    ? sql`when ${value} in (${sql.join(
        none.map((n) => sql`${n}`),
        sql`, `,
      )}) then null `
    : sql``;
  const cell = sql`(case ${blanks}when ${value} ~ '^[+]?[0-9]+$' then '="' || ${value} || '"' else csv_safe((${value})::text) end)`;
  SAFE.add(cell);
  return cell;
}

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
