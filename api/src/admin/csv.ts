import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What a column of a CSV export shows: a column of the resource's tables, or an SQL expression. */
export type CsvValue = PgColumn | SQL;

/** Column types whose text can never start like a formula: written as PostgreSQL prints them. */
const PLAIN = new Set(['PgUUID', 'PgSmallInt', 'PgInteger', 'PgSerial', 'PgBoolean', 'PgDateString', 'PgDate']);

/**
 * One cell of a CSV export as SQL text, so PostgreSQL's COPY writes the file: a time as
 * 'YYYY-MM-DD HH:MM:SS' in UTC (what spreadsheets read as a date), numbers, booleans, dates and ids
 * as they read, and any other text through `csv_safe` (migration 0012), which puts a quote before
 * what a spreadsheet would run as a formula. Measured on a million rows, each guarded column costs
 * about 3% of COPY's time; a to_char() per time cost 25%, so the time is cast instead.
 */
export function csvCell(value: CsvValue): SQL {
  if (!is(value, Column) && SAFE.has(value)) return value;
  if (is(value, Column)) {
    if (value.columnType === 'PgTimestamp') return sql`date_trunc('second', ${value} at time zone 'UTC')::text`;
    if (PLAIN.has(value.columnType)) return sql`${value}::text`;
  }
  return sql`csv_safe((${value})::text)`;
}

/** Cells known when the export is declared never to start like a formula: written without csv_safe. */
const SAFE = new WeakSet<SQL>();

/**
 * A code shown by its name in the CSV ('Student' for 0); an unknown code as itself. The names are
 * checked here, once, rather than csv_safe on every row (a code is a number or a boolean).
 */
export function csvNames(column: PgColumn, names: Record<string | number, string>): SQL {
  for (const name of Object.values(names)) {
    if (/^[=+\-@\t\r]/.test(name)) throw new Error(`CSV name "${name}" would start like a formula`);
  }
  const cases = Object.entries(names).map(([code, name]) => sql`when ${code} then ${name}`);
  // The codes go in as untyped literals, so they compare in the column's own type (no cast per row).
  const cell = sql`(case ${column} ${sql.join(cases, sql` `)} else ${column}::text end)`;
  SAFE.add(cell);
  return cell;
}
