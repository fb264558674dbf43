import { isAccountType, roleOf } from './accounts.js';
import { platformDay } from './entitlement.js';

/** The age from which a member may apply as a judge or referee. */
export const JUDGE_MIN_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and a YYYY-MM-DD day. */
export function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Who may apply as a judge or referee: a person (student or coach, never an entity or staff) whose
 * birth date is known and who is an adult today on the platform's clock.
 */
export function canApplyAsJudge(account: { type: number; dob: string | null }, now: Date = new Date()): boolean {
  if (!isAccountType(account.type)) return false;
  const role = roleOf(account.type);
  if (role !== 'student' && role !== 'coach') return false;
  if (!account.dob || !/^\d{4}-\d{2}-\d{2}$/.test(account.dob)) return false;
  return ageOn(account.dob, platformDay(now)) >= JUDGE_MIN_AGE;
}
