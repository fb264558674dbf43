import type { MemberType } from './accounts.js';
import type { MemberUser } from './members.js';

/**
 * A member as the back-office's users resource lists and shows it: the member user's own fields,
 * with the state staff manage. Dates are ISO strings (a type, so it is a record).
 */
export type UserRecord = Pick<
  MemberUser,
  | '_id'
  | 'name'
  | 'email'
  | 'national_id'
  | 'phone_number'
  | 'picture'
  | 'type'
  | 'crNumber'
  | 'subcription'
  | 'isVerified'
  | 'start_date'
  | 'end_date'
  | 'nationality'
  | 'gender'
  | 'dob'
  | 'guardian_name'
  | 'guardian_phone'
  | 'public_profile'
  | 'created_at'
> & {
  id: string;
  /** false: disabled, cannot sign in. */
  status: boolean;
  /** Consent at sign-up (shown, never edited by staff). */
  terms_accepted_at: string | null;
  terms_version: string | null;
  guardian_consent_at: string | null;
};

/** The back-office home (`GET /api/admin/dashboard`); money and pending work only for admins. */
export interface DashboardFigures {
  /** Members by account type. */
  members: Record<MemberType, number>;
  /** Sign-ups per week (the week's Monday, YYYY-MM-DD), oldest first. */
  signups: { week: string; count: number }[];
  /** Members with a paid plan whose end date has not passed. */
  activeSubscriptions: number;
  /** SAR paid per month (YYYY-MM), net of the refunds made in it. */
  revenue?: { month: string; total: number }[];
  refundsThisMonth?: number;
  pendingJudges?: number;
  unreadMessages?: number;
}
