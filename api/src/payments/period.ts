/** Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC, for subscription periods. */
import { addDays } from '@platform/contract';

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The date `n` days, months or years after `from`. A month or year step that lands past the end of
 * a month stays on its last day (2027-01-31 + 1 month = 2027-02-28).
 */
export function addPeriod(from: string, n: number, unit: string): string {
  const [y, m, d] = from.split('-').map(Number);
  if (unit === 'day') return addDays(from, n);
  const months = unit === 'year' ? 12 * n : unit === 'month' ? n : NaN;
  if (!Number.isFinite(months)) throw new Error(`Unknown duration type: ${unit}`);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
}
