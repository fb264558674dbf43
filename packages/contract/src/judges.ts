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

/** What a member applies as: the old contract's codes ('Refree' as it spells it). */
export const APPLY_AS = ['Refree', 'Judge'] as const;
export type ApplyAs = (typeof APPLY_AS)[number];

/** Whether the applicant has judged or refereed before, as the contract sends it. */
export const EXPERIENCE_ANSWERS = ['yes', 'no'] as const;

/** An application's state in the back-office. */
export const JUDGE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type JudgeStatus = (typeof JUDGE_STATUSES)[number];

/**
 * An application as the back-office's judges resource lists it (`/api/admin/judges`), with its
 * member (null once the account is gone); certificates are downloaded through `url`. Dates are ISO
 * strings (a type, so it is a record).
 */
export type JudgeRecord = {
  id: string;
  _id: string;
  user: {
    _id: string;
    name: string;
    national_id: string | null;
    email: string | null;
    phone_number: string | null;
    type: number;
    picture: string | null;
  } | null;
  organization_name: string;
  /** 'Refree' or 'Judge' (APPLY_AS). */
  apply_as: string;
  city: string;
  /** 'yes' or 'no' (EXPERIENCE_ANSWERS), the contract's spelling. */
  pexperince: string;
  certifcates: { name: string; size: number; url: string }[];
  status: JudgeStatus;
  created_at: string;
};
