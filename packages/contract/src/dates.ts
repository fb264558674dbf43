import { PLATFORM_TIME_ZONE } from './entitlement.js';

/**
 * Dates as Saudi readers write them, day first in both languages (never the US month-first
 * order): English as in Britain ("5 Mar 2026"), Arabic with the Gregorian calendar and Latin
 * digits ("5 مارس 2026"), as the rest of the platform writes numbers.
 */
export const DATE_LOCALES = { en: 'en-GB', ar: 'ar-SA-u-ca-gregory-nu-latn' } as const;

const STYLES = {
  /** 5 March 2026 */
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  /** 5 Mar 2026 */
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 5 Mar 2026, 14:05 */
  time: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 14:05 (Arabic: 02:05 م): the time of day alone, beside a long date. */
  clock: { hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof STYLES;

// Building an Intl.DateTimeFormat costs more than formatting a page's dates: one per language and style.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The options of a style on the platform's clock, for components that take Intl options. */
export function dateOptions(style: DateStyle = 'short'): Intl.DateTimeFormatOptions {
  return { ...STYLES[style], timeZone: PLATFORM_TIME_ZONE };
}

/** The locale of a page language ('ar' or anything else: English). */
export const dateLocale = (lang: string): string => (lang === 'ar' ? DATE_LOCALES.ar : DATE_LOCALES.en);

/**
 * A moment or a day ('2026-03-05', read as that day) in the page's language, on the platform's
 * clock (Riyadh, UTC+3 all year), so the server's render and the browser's agree. '' when the value
 * is empty or not a date.
 */
export function formatDate(value: string | Date | null | undefined, lang: string, style: DateStyle = 'long'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${lang === 'ar' ? 'ar' : 'en'}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(lang), dateOptions(style));
    formats.set(key, format);
  }
  return format.format(date);
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: PLATFORM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Whether `value` is a calendar day written YYYY-MM-DD (a real day: no 2026-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** The instant a platform day (YYYY-MM-DD) begins: midnight in Riyadh. */
export function platformDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const parts = Object.fromEntries(wallClock.formatToParts(utcMidnight).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return new Date(utcMidnight.getTime() - (wall - utcMidnight.getTime()));
}

/** The day `n` days after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The day after a YYYY-MM-DD day. */
export const nextDay = (day: string): string => addDays(day, 1);

/** How many days from one YYYY-MM-DD day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A moment as a form's date-and-time field writes it on the platform's clock: 'YYYY-MM-DDTHH:mm'. */
export function toPlatformWallClock(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // Already a wall-clock time (a form may format its value twice): kept as it is.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(wallClock.formatToParts(date).map((part) => [part.type, part.value]));
  const two = (n: string) => n.padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The moment a platform wall-clock time ('YYYY-MM-DDTHH:mm', Riyadh) names; null when it is not one. */
export function fromPlatformWallClock(local: string | null | undefined): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local ?? '');
  if (!m || !isDay(m[1]) || +m[2] > 23 || +m[3] > 59) return null;
  const start = platformDayStart(m[1]);
  return new Date(start.getTime() + (+m[2] * 60 + +m[3]) * 60_000);
}

/**
 * A moment as a form or a client writes it: an instant with its zone ('…Z', '…+03:00') as it is, or a
 * time without one ('YYYY-MM-DDTHH:mm', with seconds or a space: what a date-and-time field sends) on
 * the platform's clock, so staff in Riyadh who type 08:00 mean 05:00Z. Only real days and times (no
 * 30 February, no 24:00); null for anything else. Digits must already be ASCII (toAsciiDigits).
 */
export function readMoment(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  if (!m) return null;
  const [, day, hours, minutes, seconds = '00', fraction = '', zone] = m;
  if (!isDay(day) || +hours > 23 || +minutes > 59 || +seconds > 59) return null;
  if (zone) {
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    const date = new Date(`${day}T${hours}:${minutes}:${seconds}${fraction}${offset}`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const start = fromPlatformWallClock(`${day}T${hours}:${minutes}`)!;
  return new Date(start.getTime() + Number(`${seconds}${fraction}`) * 1000);
}
