/**
 * Corrections of a member's date of birth or grade. Both are set at sign-up and change afterwards
 * only by staff: directly (the users resource, audited) or by approving a member's request. A
 * member has at most one open request.
 */
export const CORRECTION_STATES = ['open', 'approved', 'declined'] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];

/** The fields a member may ask to correct; grade only for students. */
export const CORRECTION_FIELDS = ['dob', 'grade'] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/**
 * A member's request as the account page reads it (`GET /api/accounts/correction`): what was asked
 * (null: that field unchanged), what the account holds now, and the state. The values before an
 * approval are in the audit log.
 */
export interface CorrectionView {
  _id: string;
  dob: string | null;
  grade: string | null;
  current_dob: string | null;
  current_grade: string | null;
  reason: string | null;
  state: CorrectionState;
  created_at: string;
  decided_at: string | null;
}

/** A request as the back-office lists it (`/api/admin/corrections`), with the member it is about. */
export type CorrectionRecord = {
  id: string;
  _id: string;
  user_id: string;
  user_name: string;
  /** The member's account type (0 student, 1 coach). */
  user_type: number;
  national_id: string | null;
  dob: string | null;
  grade: string | null;
  current_dob: string | null;
  current_grade: string | null;
  reason: string | null;
  state: CorrectionState;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
};
