import { platformDay } from './entitlement.js';

/** The age from which a member decides alone: under it, a guardian consents and the public profile starts off. */
export const ADULT_AGE = 18;

/**
 * Whole years between a birth date (YYYY-MM-DD) and today on the platform's clock (Asia/Riyadh);
 * null when the date is missing or not a date.
 */
export function ageOn(dob: string | null | undefined, now: Date = new Date()): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob ?? '');
  if (!birth) return null;
  const [year, monthDay] = [Number(platformDay(now).slice(0, 4)), platformDay(now).slice(5)];
  const age = year - Number(birth[1]) - (monthDay < `${birth[2]}-${birth[3]}` ? 1 : 0);
  return age;
}

/** Under ADULT_AGE on the platform's clock. A missing birth date is not known to be a minor's. */
export function isMinor(dob: string | null | undefined, now: Date = new Date()): boolean {
  const age = ageOn(dob, now);
  return age !== null && age < ADULT_AGE;
}
