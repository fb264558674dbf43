import type { Language, MemberType } from './accounts.js';
import type { MemberUser } from './members.js';
import type { NamePair } from './teams.js';

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
  | 'tax_id'
  | 'legal_name'
  | 'address'
  | 'subcription'
  | 'isVerified'
  | 'start_date'
  | 'end_date'
  | 'nationality'
  | 'gender'
  | 'dob'
  | 'entityKind'
  | 'guardian_name'
  | 'guardian_phone'
  | 'public_profile'
  | 'language'
  | 'created_at'
> & {
  id: string;
  /** false: disabled, cannot sign in. */
  status: boolean;
  /** A student's grade (education.grade), '' or null when unknown; staff may correct it (audited). */
  grade: string | null;
  /** Consent at sign-up (shown, never edited by staff). */
  terms_accepted_at: string | null;
  terms_version: string | null;
  guardian_consent_at: string | null;
  /** false: the language was guessed (accounts from before it was asked, or created by staff without one), not chosen. */
  language_chosen: boolean;
  /**
   * A sign-up still waiting for its phone to be verified: when it is removed and its national ID and
   * e-mail freed (UNVERIFIED_HOURS after the sign-up). null: not waiting (verified, or made by staff).
   */
  verify_by: string | null;
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
  /** ZATCA e-invoices issued more than 20 hours ago and still not reported (ZATCA allows 24). */
  lateEinvoices?: number;
}

/** What an audit entry says was done. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'toggle',
  'delete',
  'archive',
  'restore',
  'reply',
  'import',
  'refund',
  'refund_pending',
  /** The provider refused a refund (nothing was refunded); its reason is in the entry. */
  'refund_failed',
  'approve',
  'decline',
  /** An admin removed an unverified sign-up to free its national ID and e-mail for their owner. */
  'release',
  // Staff accounts (issue 31): sign-ins, failed ones too, with the address; media uploads; two-factor sign-in.
  'signin',
  'signin_failed',
  'upload',
  'password_change',
  'two_factor_on',
  'two_factor_off',
  'two_factor_reset',
  'resend',
  'send_test',
  'cancel',
  'retry',
  // Privacy (issue 31): a member asked for a copy of their data; a member or staff asked for an account's deletion.
  'data_export',
  'request_deletion',
  /** A staff member made new two-factor recovery codes (the old ones stopped working). */
  'recovery_codes',
  'issue',
  'revoke',
  // The competition day (issue 32): a team checked in, a round locked, results written to the teams.
  'check_in',
  'lock',
  'publish',
  /** Staff corrected a team's score after the day, with a reason; the results were written again. */
  'correct',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The back-office sections an audit entry opens to: every resource staff write (named as its path
 * under /api/admin/) and the media library (`gallery`).
 */
export const AUDIT_SECTIONS = [
  'users',
  'admins',
  'judges',
  'contactus',
  'teams',
  'seasons',
  'competitions',
  'registrations',
  'events',
  'announcements',
  'categories',
  'plans',
  'blogs',
  'settings',
  'gallery',
  'transections',
  'partners',
  'corrections',
  'messages',
  'broadcasts',
  'certificates',
  'certificate-templates',
  'event-days',
] as const;
export type AuditSection = (typeof AUDIT_SECTIONS)[number];
export const isAuditSection = (name: string): name is AuditSection =>
  (AUDIT_SECTIONS as readonly string[]).includes(name);

/**
 * An entry of the audit log as the back-office lists it (`/api/admin/audit`): who did what to which
 * record, with the fields before and after, and the record's name in both languages (from the record,
 * or from the entry itself once the record is gone: `record_exists` false). Dates are ISO strings.
 */
export type AuditRecord = {
  id: string;
  /** null for the platform itself (e.g. an automatic refund). */
  actor_id: string | null;
  actor_name: string;
  /** One of AUDIT_ACTIONS (text, as an entry written by an older version may hold another word). */
  action: string;
  /** One of AUDIT_SECTIONS, the section the entry opens to (text, for the same reason). */
  resource: string;
  record_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
  record_name: NamePair | null;
  record_exists: boolean;
};

/** A message from the public contact form as the back-office lists it (`/api/admin/contactus`). */
export type ContactRecord = {
  id: string;
  _id: string;
  name: string;
  email: string;
  /** '' when the sender gave none. */
  phone: string;
  message: string;
  read: boolean;
  created_at: string;
};

/** A staff reply to a contact message: in the message's thread, and the answer of sending one. */
export type ContactReplyRecord = {
  _id: string;
  message: string;
  /** The staff member's name. */
  author: string;
  created_at: string;
};

/** One contact message (`GET /api/admin/contactus/:id`, which marks it read) with its replies, oldest first. */
export type ContactDetail = ContactRecord & { reply: ContactReplyRecord[] };

/** A staff account (`/api/admin/admins`): an admin (4) or a sub-admin (5); never its password or secrets. */
export type AdminRecord = {
  id: string;
  _id: string;
  name: string;
  email: string | null;
  national_id: string | null;
  phone_number: string | null;
  nationality: string | null;
  picture: string | null;
  type: number;
  /** false: disabled, cannot sign in. */
  status: boolean;
  language: Language;
  /** false: the language was guessed, not chosen. */
  language_chosen: boolean;
  /** Two-factor sign-in is on. */
  two_factor: boolean;
  created_at: string;
};

/** The site's settings (`/api/admin/settings`): copyright, privacy policy and terms, rich text in both languages. */
export type SettingsRecord = {
  id: string;
  _id: string;
  site_name: string;
  site_copy_right: string;
  privacy: string;
  privacy_en: string;
  /** The terms and conditions (the contract's spelling). */
  tearm_condition: string;
  tearm_condition_en: string;
  updated_at: string;
};

/** A partner site allowed to embed the sign-in page (`/api/admin/partners`); its key is never answered. */
export type PartnerRecord = {
  id: string;
  _id: string;
  name: string;
  client_id: string;
  /** Exact origins (scheme://host[:port]) that may frame the page. */
  origins: string[];
  status: boolean;
  created_at: string;
  updated_at: string;
};
