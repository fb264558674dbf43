/**
 * A member's privacy requests (Saudi PDPL; issue 31): a copy of their data, prepared in the background
 * and downloaded once before it expires, and the deletion of their account after a grace period in
 * which they (or staff) can still cancel it. docs/decisions/017-privacy-requests.md.
 */
export const DATA_EXPORT_STATES = ['preparing', 'ready', 'downloaded', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const DELETION_STATES = ['scheduled', 'cancelled', 'done'] as const;
export type DeletionState = (typeof DELETION_STATES)[number];

/** The member's latest copy of their data: being prepared, ready (until `expires_at`), downloaded or expired. */
export interface DataExportView {
  id: string;
  state: DataExportState;
  created_at: string;
  ready_at: string | null;
  /** A ready copy can be downloaded once until then. */
  expires_at: string | null;
  bytes: number | null;
}

/** A deletion waiting for its day: what the member (or staff) can still cancel. */
export interface DeletionView {
  id: string;
  state: DeletionState;
  /** When the account is deleted. */
  due_at: string;
  /** true when staff asked for it (a guardian's request for a minor), with their reason. */
  by_staff: boolean;
  reason: string | null;
  created_at: string;
}

/** GET /api/privacy: the member's privacy requests, and the rules they follow. */
export interface PrivacyOverview {
  export: DataExportView | null;
  deletion: DeletionView | null;
  /** Days between asking for a deletion and the deletion (PRIVACY_DELETION_DAYS). */
  deletion_days: number;
  /** Days a prepared copy can be downloaded (PRIVACY_EXPORT_DAYS). */
  export_days: number;
}

/** The name an account keeps once deleted (its orders and the audit log still point to it). */
export const DELETED_MEMBER_NAME = { ar: 'حساب محذوف', en: 'Deleted account' } as const;
