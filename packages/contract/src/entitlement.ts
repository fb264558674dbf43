import { AccountType, isAccountType, roleOf } from './accounts.js';

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

/** A paid plan's state, as staff filter members by it: active, expired (its last day passed), none. */
export const SUBSCRIPTION_STATES = ['active', 'expired', 'none'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * Whether a member sees their own teams (issue 29): whoever has full access, and a school (entity)
 * always, for the teams it confirmed, with or without a plan.
 */
export const seesOwnTeams = (account: { type: number; fullAccess: boolean }): boolean =>
  account.fullAccess || account.type === AccountType.Entity;
