import type { TeamAction, TeamState } from './team-lifecycle.js';
import type { RankingRules } from './event-day.js';

/**
 * An invitation to a team: pending until the person answers, expired when nobody answered in time
 * (or the student joined another team of the competition). A minor's acceptance waits for the
 * guardian's (`guardian_pending` on the view).
 */
export const INVITATION_STATES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** A person's part in a team. */
export type TeamRole = 'member' | 'coach' | 'entity';

/** A name in both languages: Arabic in `name`, English in `name_en`. */
export interface NamePair {
  name: string;
  name_en: string;
}

/**
 * A registration's rules as the member pages and the back-office read them: its window (ISO
 * strings), team size, eligibility (grades, or ages on `age_on`, a day) and fee.
 */
export type RegistrationRules = {
  opens_at: string;
  closes_at: string;
  min_members: number;
  max_members: number;
  max_coaches: number;
  /** At most this many teams hold a place; the next ones wait in order (null: no cap). */
  max_teams: number | null;
  entity_required: boolean;
  /** Eligible grades as text ('7'); empty: any grade. */
  grades: string[];
  min_age: number | null;
  max_age: number | null;
  age_on: string | null;
  fee: string;
  currency: string;
};

/** A competition open to registration, with its rules (GET /api/registrations). */
export interface RegistrationView extends RegistrationRules {
  _id: string;
  season: NamePair & { _id: string };
  competion: NamePair & { _id: string };
  /** Open now: between opens_at and closes_at. */
  open: boolean;
}

export interface TeamPersonView {
  _id: string;
  name: string;
  role: TeamRole;
  state: InvitationState;
  /** A student's or coach's national ID (seen by the team's coaches only); an entity's e-mail. */
  national_id?: string | null;
  email?: string | null;
  /** A minor who accepted: the place waits for the guardian's confirmation. */
  guardian_pending?: boolean;
  /** The coach who registered the team (only they or staff can withdraw it or hand it over). */
  owner?: boolean;
}

/** A registered team as its coaches see it (GET /api/teams, POST /api/teams). */
export interface RegisteredTeamView {
  _id: string;
  team_no: string;
  name: string;
  season: NamePair;
  competion: NamePair;
  registration_id: string | null;
  registration_status: TeamState;
  reason: string | null;
  status: boolean;
  payment_status: boolean;
  fee: string;
  currency: string;
  closes_at: string | null;
  /** The registration requires a school (entity) to confirm the team. */
  entity_required: boolean;
  /** The team's fee was refunded in full (a withdrawn team's, or by staff). */
  fee_refunded: boolean;
  /** The team has a score or rank: it can no longer be changed or withdrawn. */
  has_result: boolean;
  /** The signed-in coach registered the team. */
  owner: boolean;
  /** What the signed-in coach may do now (the lifecycle's `teamActions`). */
  actions: TeamAction[];
  /** On the registration's waiting list: its place in the queue (1 is next), else null. */
  waitlist_position: number | null;
  people: TeamPersonView[];
}

/** A page of the coach's teams (GET /api/teams?page=0): `currentPage` counts from 0. */
export interface RegisteredTeamsPage {
  success: boolean;
  teams: RegisteredTeamView[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/** An invitation waiting for the signed-in member's answer (GET /api/team-invitations). */
export interface TeamInvitationView {
  _id: string;
  role: TeamRole;
  state: InvitationState;
  team: {
    _id: string;
    team_no: string;
    name: string;
    season: NamePair;
    competion: NamePair;
    coaches: { name: string }[];
    /** For a school asked to confirm the team: the students invited (only to the school's invitation). */
    members?: { name: string }[];
  };
}

/** A minor's invitation behind the guardian's link (GET /api/team-invitations/guardian/:token). */
export interface GuardianInvitationView extends TeamInvitationView {
  /** The student, with the gender the profile gives (the guardian's page speaks of him or her), null when not said. */
  student: { name: string; gender: 'Male' | 'Female' | null };
  /** When the link stops working (it also stops once the invitation is answered). */
  expires_at: string;
  /** The student accepted already: the guardian confirms (or declines) the place. */
  child_accepted: boolean;
}

/** A rank's medal: 1 Gold, 2 Silver, any other Bronze. */
export type Medal = 'Gold' | 'Silver' | 'Bronze';
export const medalOf = (rank: number): Medal => (rank === 1 ? 'Gold' : rank === 2 ? 'Silver' : 'Bronze');

/** A page of a member list: `currentPage` counts from 0. */
export type Paged<T> = T & { success: boolean; currentPage: number; totalPages: number };

/** A member's team (spec §4, `GET /api/{type}/get-teams`); `resultes` is null until it is ranked. */
export interface TeamView {
  _id: string;
  team_no: string;
  /** A registered team's name (null for a team staff made). */
  name: string | null;
  /** Where the team stands; its `reason` is staff's note on a rejection or requested changes. */
  registration_status: TeamState;
  reason: string | null;
  season: NamePair;
  competion: NamePair;
  coaches: { name: string }[];
  members: { name: string; picture: string | null }[];
  status: boolean;
  payment_status: boolean;
  entity: { _id: string; name: string } | null;
  resultes: { score: number; ranked: number } | null;
  /**
   * An approved team's check-in code for the competition day (its QR on the team page): the team's
   * number and the platform's signature, nothing personal. Null before approval.
   */
  check_in_code?: string | null;
}

/** A ranked result of one of the member's active teams (`GET /api/achievements`). */
export interface AchievementView {
  _id: string;
  team_no: string;
  season: NamePair;
  competion: NamePair;
  score: number;
  ranked: number;
  medal: Medal;
}

/** The columns of a results file, in the order of the back-office's template; the import needs each of them. */
export const RESULTS_COLUMNS = ['team_no', 'score', 'ranked'] as const;

/** One row of a results file as the import previews it (`line` counts the header as 1); `error` in the caller's language. */
export interface ResultsPreviewRow {
  line: number;
  team_no: string;
  score: string;
  ranked: string;
  /** The approved team the row names (its number as stored, whatever case the file used), its name and competition. */
  team_id: string | null;
  team_name: string | null;
  competition: string | null;
  error: string | null;
}

/**
 * A team as the back-office's teams resource lists it and answers a write (`/api/admin/teams`).
 * `season_name` and `competion_name` are null when the season or competition is gone; dates are ISO
 * strings (a type, so it is a record).
 */
export type TeamRecord = {
  id: string;
  _id: string;
  team_no: string;
  season: string;
  season_name: NamePair | null;
  competition: string;
  competion_name: NamePair | null;
  entity: string | null;
  /** A registered team's name (null for a team made by staff). */
  name: string | null;
  registration_id: string | null;
  registration_status: TeamState;
  /** On the registration's waiting list (its cap of teams was reached). */
  waitlisted: boolean;
  /** Why staff rejected a registered team. */
  reason: string | null;
  status: boolean;
  payment_status: boolean;
  score: string | null;
  ranked: number | null;
  created_at: string;
};

/** One person of a team in the back-office, with the state of their invitation. */
export type TeamInvitationRecord = {
  id: string;
  user_id: string;
  name: string;
  /** A student's or coach's national ID; null for the entity. */
  national_id: string | null;
  /** The entity's e-mail; null for a student or coach. */
  email: string | null;
  role: TeamRole;
  state: InvitationState;
  /**
   * A student's whole years on the team's reference date (its registration's `age_on`, else today
   * on the platform's clock), from their date of birth; null for a coach, the entity, or without a birth date.
   */
  age: number | null;
  /** The student's grade and (also a coach's) school as their account holds them (education); null when not given. */
  grade: string | null;
  school: string | null;
  /** Under 18 today (a guardian answers for them); false for the entity or without a birth date. */
  minor: boolean;
};

/**
 * What staff check a registered team's students against: its registration's ages (on `age_on`),
 * grades and fee.
 */
export type TeamRegistrationRules = Pick<
  RegistrationRules,
  'min_age' | 'max_age' | 'age_on' | 'grades' | 'fee' | 'currency'
>;

/**
 * One team in the back-office (`GET /api/admin/teams/:id`): the record, the ids of its accepted
 * members and coaches (what the form edits), everyone in it with their invitations (and each
 * student's age, grade and school, to check eligibility before approving), and its registration's rules.
 */
export type TeamDetail = TeamRecord & {
  member_ids: string[];
  coach_ids: string[];
  invitations: TeamInvitationRecord[];
  /** The rules of the team's registration; null for a team made by staff (ages are then counted today). */
  registration: TeamRegistrationRules | null;
};

/**
 * A team registration (a season's competition open to teams) as the back-office's registrations
 * resource lists it (`/api/admin/registrations`), with its rules; `created_at` an ISO string.
 */
export type RegistrationRecord = {
  id: string;
  _id: string;
  season_id: string;
  season_name: NamePair | null;
  competition_id: string;
  competion_name: NamePair | null;
  status: boolean;
  created_at: string;
} & RegistrationRules;

/** A record named in both languages, with a status (a season, a blog category). Dates are ISO strings. */
export type NamedStatusRecord = {
  id: string;
  _id: string;
  name: string;
  name_en: string;
  status: boolean;
  created_at: string;
};

/** A season (`/api/admin/seasons`). */
export type SeasonRecord = NamedStatusRecord;

/** A competition (`/api/admin/competitions`): a season's fields and its ranking rules (its preset with staff's numbers). */
export type CompetitionRecord = SeasonRecord & { ranking: RankingRules };
