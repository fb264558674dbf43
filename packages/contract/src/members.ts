import type { BuyerAddress } from './buyers.js';
import type { Language } from './accounts.js';
import type { AchievementView } from './teams.js';

/** Entity types a member organisation chooses at sign-up (the contract's `entityType`). */
export const ENTITY_TYPES = [
  'School',
  'University',
  'GOV',
  'Company',
  'Non-Profit',
  'Club/Center',
  'Institute',
  'Other',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const isEntityType = (v: unknown): v is EntityType => (ENTITY_TYPES as readonly unknown[]).includes(v);

/**
 * The kind of organisation an entity is, chosen at sign-up (`entityKind`): it decides whether a VAT
 * number and a commercial-register number are required. Public schools, government bodies and
 * non-profits have neither; private schools and companies are companies under Saudi law and have
 * both. An entity that signed up before the kind was asked has none (null: unknown), and keeps the
 * old rule (both numbers required) until it chooses one.
 */
export const ENTITY_KINDS = ['public_school', 'private_school', 'government', 'company', 'non_profit'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];
export const isEntityKind = (v: unknown): v is EntityKind => (ENTITY_KINDS as readonly unknown[]).includes(v);
/** Whether an entity of this kind must give its VAT and commercial-register numbers (unknown: yes). */
export const entityNumbersRequired = (kind: string | null | undefined): boolean =>
  !(kind === 'public_school' || kind === 'government' || kind === 'non_profit');

/** A student's education level as the contract spells it (its labels are translated by each app). */
export const EDUCATION_LEVELS = ['Elementry', 'Jonior', 'Senior'] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export const isEducationLevel = (v: unknown): v is EducationLevel =>
  (EDUCATION_LEVELS as readonly unknown[]).includes(v);

/** School grades a student can be in. */
export const GRADES = { min: 1, max: 12 } as const;
export const isGrade = (n: number) => Number.isInteger(n) && n >= GRADES.min && n <= GRADES.max;

/** A member's schooling; a field that does not apply is '' (never the old contract's 'None'). */
export interface Education {
  school_name: string;
  education_admin: string;
  level: string;
  grade: string;
}

/** A coach's supervisor at their organisation. */
export interface Supervisor {
  name: string;
  email: string;
  phone_number: string;
  supervisor_id: string;
}

/** The plan a member bought, as kept on the account. */
export interface PlanSnapshot {
  name: string;
  name_en: string;
  duration: number;
  duration_type: string;
}

/**
 * What a partner site learns from the embedded sign-in: who signed in and whether their plan is active,
 * nothing else (no national ID, contact, birth date or teams). It comes with a partner token that
 * names only this (`GET /api/iframe/member` reads it again) and lasts PARTNER_TOKEN_MINUTES; a partner
 * never holds a member session (issue 31, finding 6).
 */
export interface PartnerMember {
  _id: string;
  name: string;
  /** 0 student, 1 coach, 2 entity. */
  type: number;
  subscriptionValid: boolean;
  /** The plan's last day (YYYY-MM-DD), or null. */
  end_date: string | null;
}

/** How long a partner token lasts, in minutes. */
export const PARTNER_TOKEN_MINUTES = 10;

/** The member contract's user object (spec §3), field names as the contract spells them; dates are ISO strings. */
export interface MemberUser {
  _id: string;
  name: string;
  email: string | null;
  national_id: string | null;
  phone_number: string | null;
  picture: string | null;
  type: number;
  isVerified: boolean;
  subcription: boolean;
  subscriptionValid: boolean;
  /** Teams, achievements and certificates: students and staff always, coaches and entities with a valid plan. */
  fullAccess: boolean;
  /** The member's own teams: whoever has full access, and a school (entity) always, for the teams it confirmed. */
  teamsAccess: boolean;
  /** The plan's days (YYYY-MM-DD), null without one. */
  start_date: string | null;
  end_date: string | null;
  plan: PlanSnapshot | null;
  /** The member's account on the partner learning provider, once linked. */
  steb_user_id: string | null;
  refree_judge: boolean;
  /** 'None' (has not applied), 'Refree' or 'Judge': compared, never shown. */
  apply_as: string;
  /** May apply as a judge or referee: an adult person, never an entity. */
  canApplyAsJudge: boolean;
  dob: string | null;
  gender: string | null;
  nationality: string | null;
  region: string | null;
  city: string | null;
  entityType: string | null;
  /** One of ENTITY_KINDS; null for people and for an entity that signed up before it was asked. */
  entityKind: EntityKind | null;
  tax_id: string | null;
  crNumber: string | null;
  /** Entities: the legal name a standard tax invoice names (BT-44); null: the account's name. */
  legal_name: string | null;
  /** Entities: the national address a standard tax invoice needs (null: not given). */
  address: BuyerAddress | null;
  guardian_name: string | null;
  guardian_phone: string | null;
  education: Education | null;
  supervisor: Supervisor | null;
  /** The language of the member's messages (LANGUAGES); set at sign-up, changed in the account settings. */
  language: Language;
  /** Under 18 (the public profile starts off, a guardian consented at sign-up). */
  minor: boolean;
  public_profile: boolean;
  /**
   * Announcements and reminders (the platform's `marketing` messages) reach the member: false once
   * they unsubscribed (a link in such an e-mail, or the account settings). Codes and notices about
   * their teams always arrive.
   */
  announcements: boolean;
  created_at: string;
}

/** A skill on a member's profile. */
export interface Skill {
  _id: string;
  name: string;
}

/** The member's own account (`GET /api/userinfo`): the user with their skills. */
export interface MemberAccount extends MemberUser {
  skilles: Skill[];
}

/**
 * A student's or coach's public profile (`POST /api/profile`): no contact details; an adult's has
 * the type and skills, a minor's only the name, picture and achievements.
 */
export type PublicProfileView = { _id: string; name: string; picture: string | null } & (
  | { type: number; skilles: Skill[]; achievements?: undefined }
  | { achievements: AchievementView[]; type?: undefined; skilles?: undefined }
);

/** One of the member's certificates (`GET /api/certificates`); `date` is the day it was issued (YYYY-MM-DD). */
export interface CertificateView {
  _id: string;
  name: string;
  name_en: string;
  date: string;
  file: string | null;
  /** An issued certificate (issue 33): its public code, its state, and that its PDF is downloaded through the API (either language). */
  code?: string | null;
  state?: 'valid' | 'revoked';
  download?: boolean;
}

/** One of the member's research entries (`GET /api/research`); the file is downloaded through the API. */
export interface ResearchView {
  _id: string;
  title: string;
  desc: string;
  file: { name: string; size: number; type: string };
  created_at: string;
}
