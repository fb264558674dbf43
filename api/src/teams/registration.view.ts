import type {
  GuardianInvitationView,
  InvitationState,
  RegisteredTeamView,
  RegistrationRules,
  RegistrationView,
  TeamAction,
  TeamInvitationView,
  TeamRole,
} from '@platform/contract';
import type { competitions, registrations, seasons, teamPeople, teams, users } from '../db/schema';

type Registration = typeof registrations.$inferSelect;
type Season = typeof seasons.$inferSelect;
type Competition = typeof competitions.$inferSelect;
type Team = typeof teams.$inferSelect;

export interface PersonRow {
  id: string;
  role: TeamRole;
  state: InvitationState;
  name: string;
  nationalId: string | null;
  email: string | null;
  guardianPending?: boolean;
  owner?: boolean;
}

export function registrationView(
  r: Registration,
  season: Season,
  competition: Competition,
  now = new Date(),
): RegistrationView {
  return {
    _id: r.id,
    season: { _id: season.id, name: season.name, name_en: season.nameEn },
    competion: { _id: competition.id, name: competition.name, name_en: competition.nameEn },
    ...registrationRules(r),
    open: r.opensAt <= now && now < r.closesAt,
  };
}

/** A registration's window, team size, eligibility and fee, for the member pages and the back-office. */
export function registrationRules(r: Registration): RegistrationRules {
  return {
    opens_at: r.opensAt.toISOString(),
    closes_at: r.closesAt.toISOString(),
    min_members: r.minMembers,
    max_members: r.maxMembers,
    max_coaches: r.maxCoaches,
    max_teams: r.maxTeams,
    entity_required: r.entityRequired,
    grades: r.grades,
    min_age: r.minAge,
    max_age: r.maxAge,
    age_on: r.ageOn,
    fee: r.fee,
    currency: r.currency,
  };
}

/** A registered team as its coaches see it: everyone with their invitation's state. */
export function registeredTeamView(
  team: Team,
  season: Season,
  competition: Competition,
  reg: Registration | null,
  people: PersonRow[],
  extra: { feeRefunded: boolean; owner: boolean; actions: TeamAction[]; waitlistPosition: number | null },
): RegisteredTeamView {
  return {
    _id: team.id,
    team_no: team.teamNo,
    name: team.name ?? team.teamNo,
    season: { name: season.name, name_en: season.nameEn },
    competion: { name: competition.name, name_en: competition.nameEn },
    registration_id: team.registrationId,
    registration_status: team.state,
    reason: team.reason,
    status: team.status,
    payment_status: team.paymentStatus,
    fee: reg?.fee ?? '0.00',
    currency: reg?.currency ?? 'SAR',
    closes_at: reg ? reg.closesAt.toISOString() : null,
    entity_required: reg?.entityRequired ?? false,
    fee_refunded: extra.feeRefunded,
    has_result: team.score !== null || team.ranked !== null,
    owner: extra.owner,
    actions: extra.actions,
    waitlist_position: extra.waitlistPosition,
    people: people.map((p) => ({
      _id: p.id,
      name: p.name,
      role: p.role,
      state: p.state,
      guardian_pending: !!p.guardianPending,
      owner: !!p.owner,
      ...(p.role === 'entity' ? { email: p.email } : { national_id: p.nationalId }),
    })),
  };
}

export function invitationView(
  person: typeof teamPeople.$inferSelect,
  team: Team,
  season: Season,
  competition: Competition,
  coaches: { name: string }[],
  members?: { name: string }[],
): TeamInvitationView {
  return {
    _id: person.id,
    role: person.role,
    state: person.state,
    team: {
      _id: team.id,
      team_no: team.teamNo,
      name: team.name ?? team.teamNo,
      season: { name: season.name, name_en: season.nameEn },
      competion: { name: competition.name, name_en: competition.nameEn },
      coaches: coaches.map((c) => ({ name: c.name })),
      ...(members ? { members: members.map((m) => ({ name: m.name })) } : {}),
    },
  };
}

/** A minor's invitation as the guardian's link shows it: the invitation, the student, when the link expires. */
export function guardianInvitationView(
  person: typeof teamPeople.$inferSelect,
  team: Team,
  season: Season,
  competition: Competition,
  coaches: { name: string }[],
  student: typeof users.$inferSelect,
): GuardianInvitationView {
  return {
    ...invitationView(person, team, season, competition, coaches),
    student: {
      name: student.name,
      gender: student.gender === 'Male' || student.gender === 'Female' ? student.gender : null,
    },
    expires_at: person.guardianTokenExpiresAt!.toISOString(),
    child_accepted: person.childAcceptedAt !== null,
  };
}
