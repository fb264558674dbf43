/** Where a registered team stands; teams made by staff are `approved`. */
export const TEAM_STATES = ['waiting_members', 'submitted', 'approved', 'rejected', 'withdrawn'] as const;
export type TeamState = (typeof TEAM_STATES)[number];

/** An invitation to a team: pending until the person answers. */
export const INVITATION_STATES = ['pending', 'accepted', 'declined'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** A person's part in a team. */
export type TeamRole = 'member' | 'coach' | 'entity';

export interface NamePair {
  name: string;
  name_en: string;
}

/** A competition open to registration, with its rules (GET /api/registrations). */
export interface RegistrationView {
  _id: string;
  season: NamePair & { _id: string };
  competion: NamePair & { _id: string };
  opens_at: string;
  closes_at: string;
  /** Open now: between opens_at and closes_at. */
  open: boolean;
  min_members: number;
  max_members: number;
  max_coaches: number;
  entity_required: boolean;
  grades: string[];
  min_age: number | null;
  max_age: number | null;
  age_on: string | null;
  fee: string;
  currency: string;
}

export interface TeamPersonView {
  _id: string;
  name: string;
  role: TeamRole;
  state: InvitationState;
  /** A student's or coach's national ID (seen by the team's coaches only); an entity's e-mail. */
  national_id?: string | null;
  email?: string | null;
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
  people: TeamPersonView[];
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
  };
}
