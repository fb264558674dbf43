import { isAccountType, roleOf } from './accounts.js';

/** The platform's clock: a plan's last day, "today" and dates shown to members are days in Riyadh. */
export const PLATFORM_TIME_ZONE = 'Asia/Riyadh';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today (or `now`) on the platform's clock, as YYYY-MM-DD. */
export function platformDay(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** What the entitlement rule reads of an account. Dates are YYYY-MM-DD. */
export interface Entitlement {
  type: number;
  /** A plan was bought (the contract's `subcription`). */
  subscribed: boolean;
  startDate: string | null;
  endDate: string | null;
}

/**
 * Who has full access (teams, achievements, certificates): students always, staff always, coaches
 * and entities with a plan whose end date is not before today on the platform's clock.
 */
export function hasFullAccess(account: Entitlement, now: Date = new Date()): boolean {
  if (!isAccountType(account.type)) return false;
  const role = roleOf(account.type);
  if (role !== 'coach' && role !== 'entity') return true;
  const { subscribed, startDate, endDate } = account;
  if (!subscribed || !endDate) return false;
  if (startDate && startDate > endDate) return false;
  return endDate >= platformDay(now);
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

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A paid plan's state, as staff filter members by it: active, expired (its last day passed), none. */
export const SUBSCRIPTION_STATES = ['active', 'expired', 'none'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
