import { isAccountType, roleOf } from './accounts.js';
import { ADULT_AGE, ageOn } from './age.js';

/** The age from which a member may apply as a judge or referee. */
export const JUDGE_MIN_AGE = ADULT_AGE;

/**
 * Who may apply as a judge or referee: a person (student or coach, never an entity or staff) whose
 * birth date is known and who is an adult today on the platform's clock.
 */
export function canApplyAsJudge(account: { type: number; dob: string | null }, now: Date = new Date()): boolean {
  if (!isAccountType(account.type)) return false;
  const role = roleOf(account.type);
  if (role !== 'student' && role !== 'coach') return false;
  const age = ageOn(account.dob, now);
  return age !== null && age >= JUDGE_MIN_AGE;
}
