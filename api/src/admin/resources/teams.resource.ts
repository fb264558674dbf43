import {
  TEAM_STATES,
  type CompetitionRecord,
  type RankingRules,
  type RegistrationRecord,
  type SeasonRecord,
  type TeamDetail,
  type TeamRecord,
  type TeamState,
} from '@platform/contract';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import type { Db } from '../../core/database';
import {
  certificates,
  competitions,
  eventDays,
  registrations,
  seasons,
  teamPeople,
  teams,
  users,
} from '../../db/schema';
import { rulesOf } from '../../event-day/event-day.service';
import { registrationRules } from '../../teams/registration.view';
import { AuditService } from '../../audit/audit.service';
import * as lifecycle from '../../teams/lifecycle/team-state';
import { csvNames } from '../csv';
import { defined, defineResource, type ResourceDef, type WriteContext } from '../resource';
import { teamDetail } from './team-detail';
import { TEAM_STATE_NAMES } from './team-words';
import { NamedDto, RegistrationDto, TeamDto } from './teams.dto';

/** The audit log's writer for the lifecycle's own entries (a manual payment's reason). */
const audits = new AuditService();

const roles = (): ResourceDef['roles'] => ({
  read: ['admin'],
  create: ['admin'],
  update: ['admin'],
  delete: ['admin'],
});

/** Seasons and competitions share one small shape: names in both languages and a status. */
function namedResource(name: 'seasons' | 'competitions', table: typeof seasons | typeof competitions) {
  const read = (v: NamedDto) => defined({ name: v.name, nameEn: v.name_en, status: v.status });
  return defineResource<typeof seasons.$inferSelect, NamedDto>({
    name,
    shapes: { record: name === 'seasons' ? 'SeasonRecord' : 'CompetitionRecord' },
    table,
    id: table.id,
    roles: roles(),
    search: [table.name, table.nameEn],
    sort: { name: table.name, name_en: table.nameEn, created_at: table.createdAt },
    defaultSort: ['created_at', 'DESC'],
    filters: { status: { column: table.status, type: 'bool' } },
    toggles: ['status'],
    input: { create: NamedDto },
    create: async (input) => read(input),
    update: async (input) => read(input),
    async remove(row, ctx) {
      const column = name === 'seasons' ? teams.seasonId : teams.competitionId;
      const [used] = await ctx.tx.select({ id: teams.id }).from(teams).where(eq(column, row.id)).limit(1);
      if (used) throw new AppError(409, 'content.in_use_by_teams');
      const regColumn = name === 'seasons' ? registrations.seasonId : registrations.competitionId;
      const [opened] = await ctx.tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(regColumn, row.id))
        .limit(1);
      if (opened) throw new AppError(409, 'content.in_use_by_teams');
      // Issued certificates name it for good (issue 33).
      const certColumn = name === 'seasons' ? certificates.seasonId : certificates.competitionId;
      const [named] = await ctx.tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certColumn, row.id))
        .limit(1);
      if (named) throw new AppError(409, 'certificate.in_use');
      const dayColumn = name === 'seasons' ? eventDays.seasonId : eventDays.competitionId;
      const [day] = await ctx.tx.select({ id: eventDays.id }).from(eventDays).where(eq(dayColumn, row.id)).limit(1);
      if (day) throw new AppError(409, 'content.in_use_by_teams');
      return 'deleted';
    },
    toRecord: (r): SeasonRecord | CompetitionRecord => ({
      id: r.id,
      _id: r.id,
      name: r.name,
      name_en: r.nameEn,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      // A competition's ranking rules (issue 32): its preset with staff's numbers.
      ...('ranking' in r ? { ranking: rulesOf(r as { ranking: RankingRules | null }) } : {}),
    }),
  });
}

export const seasonsResource = namedResource('seasons', seasons);
export const competitionsResource = namedResource('competitions', competitions);

type Row = {
  teams: typeof teams.$inferSelect;
  seasons: typeof seasons.$inferSelect | null;
  competitions: typeof competitions.$inferSelect | null;
};

/** A list of user ids of the given account types; every id must exist. */
async function people(tx: Db, list: string[] | undefined, field: string, types: number[]) {
  if (list === undefined) return undefined;
  const ids = [...new Set(list)];
  if (ids.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), inArray(users.type, types)));
    if (found.length !== ids.length) throw new AppError(400, 'request.invalid_field', { field });
  }
  return ids;
}

async function readTeam(t: TeamDto, tx: Db) {
  const v = {
    teamNo: t.team_no,
    seasonId: t.season,
    competitionId: t.competition,
    entityId: t.entity,
    status: t.status,
    score: t.score,
    ranked: t.ranked,
  };
  if (v.entityId) {
    const [entity] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, v.entityId), eq(users.type, 2)));
    if (!entity) throw new AppError(400, 'request.invalid_field', { field: 'entity' }, 'entity');
  }
  return defined(v);
}

/**
 * Replaces a team's members and coaches with the lists the form sent (when it sent them). People
 * still listed keep their row (a registered team's invitation state stays); new ones are in at once.
 */
async function savePeople(tx: Db, team: typeof teams.$inferSelect, input: TeamDto) {
  const members = await people(tx, input.member_ids, 'member_ids', [0]);
  const coaches = await people(tx, input.coach_ids, 'coach_ids', [1]);
  for (const [role, ids] of [
    ['member', members],
    ['coach', coaches],
  ] as const) {
    if (!ids) continue;
    await tx
      .delete(teamPeople)
      .where(
        and(
          eq(teamPeople.teamId, team.id),
          eq(teamPeople.role, role),
          ids.length ? notInArray(teamPeople.userId, ids) : undefined,
        ),
      );
    if (ids.length)
      await tx
        .insert(teamPeople)
        .values(
          ids.map((userId) => ({
            teamId: team.id,
            userId,
            role,
            // A registered team's members count for the one-team-per-competition rule.
            ...(team.registrationId ? { seasonId: team.seasonId, competitionId: team.competitionId } : {}),
            active: team.state !== 'withdrawn' && team.state !== 'rejected',
          })),
        )
        .onConflictDoNothing({ target: [teamPeople.teamId, teamPeople.userId] });
  }
}

/**
 * A staff member's change of a team's lifecycle (issue 29): a decision ('approved', 'rejected' or
 * 'changes_requested' with a reason) or a payment made outside the provider, with its reason. Each
 * goes through the team lifecycle, which writes it, tells the team and refuses what its table does not
 * allow; answers whether the body was one (then nothing else of it is written).
 */
async function lifecycleChange(input: TeamDto, row: Row, ctx: WriteContext): Promise<boolean> {
  const decision = input.status;
  const manual = input.manual_payment_reason;
  const owner = input.owner;
  if (
    decision !== 'approved' &&
    decision !== 'rejected' &&
    decision !== 'changes_requested' &&
    manual === undefined &&
    !owner
  )
    return false;
  const { team, reg } = await lifecycle.lockTeam(ctx.tx, row.teams.id);
  if (owner) {
    await lifecycle.handOver(ctx.tx, team, reg, 'staff', owner);
    return true;
  }
  if (manual !== undefined) {
    if (!manual) throw new AppError(400, 'team.payment_reason_required', {}, 'manual_payment_reason');
    await lifecycle.recordManualPayment(ctx.tx, audits, ctx.actor, team, reg, manual);
    return true;
  }
  await lifecycle.decide(
    ctx.tx,
    team,
    reg,
    decision as 'approved' | 'rejected' | 'changes_requested',
    input.reason ?? null,
  );
  return true;
}

/** Teams with their season, competition, entity, people and result. */
export const teamsResource = defineResource<Row, TeamDto>({
  name: 'teams',
  shapes: { record: 'TeamRecord', detail: 'TeamDetail' },
  table: teams,
  id: teams.id,
  joins: [
    [seasons, eq(seasons.id, teams.seasonId)],
    [competitions, eq(competitions.id, teams.competitionId)],
  ],
  roles: roles(),
  search: [teams.teamNo, teams.name, seasons.nameEn, competitions.nameEn],
  sort: {
    team_no: teams.teamNo,
    name: teams.name,
    registration_status: teams.state,
    created_at: teams.createdAt,
    ranked: teams.ranked,
    score: teams.score,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    season: { column: teams.seasonId, type: 'uuid' },
    competition: { column: teams.competitionId, type: 'uuid' },
    status: { column: teams.status, type: 'bool' },
    payment_status: { column: teams.paymentStatus, type: 'bool' },
    // A school's (entity's) teams: the teams that represent it.
    entity: { column: teams.entityId, type: 'uuid' },
    registration_status: { type: 'choice', choices: TEAM_STATES, where: (v) => eq(teams.state, v as TeamState) },
    // A member's teams (the user's page): as a member or coach, or as the team's entity.
    user: {
      type: 'uuid',
      where: (id) =>
        or(
          eq(teams.entityId, id as string),
          sql`${teams.id} in (select ${teamPeople.teamId} from ${teamPeople} where ${teamPeople.userId} = ${id})`,
        )!,
    },
  },
  unique: { teams_team_no_unique: 'content.team_no_taken', team_people_one_team: 'team.student_in_other_team' },
  toggles: ['status'],
  input: { create: TeamDto },
  create: (input, ctx) => readTeam(input, ctx.tx),
  async update(input, row, ctx) {
    if (await lifecycleChange(input, row, ctx)) return {};
    const values = await readTeam(input, ctx.tx);
    await savePeople(ctx.tx, row.teams, input);
    return values;
  },
  async afterWrite(action, row, ctx, before) {
    if (action === 'create') await savePeople(ctx.tx, row.teams, ctx.body as TeamDto);
    // Staff typed a score and rank: the team is told, as after the results import.
    if (action === 'update' && before) await lifecycle.resultRecorded(ctx.tx, before.teams, row.teams);
  },
  detail: (row, db): Promise<Omit<TeamDetail, keyof TeamRecord>> => teamDetail(row.teams, db),
  toRecord: ({ teams: t, seasons: s, competitions: c }): TeamRecord => ({
    id: t.id,
    _id: t.id,
    team_no: t.teamNo,
    season: t.seasonId,
    season_name: s ? { name: s.name, name_en: s.nameEn } : null,
    competition: t.competitionId,
    competion_name: c ? { name: c.name, name_en: c.nameEn } : null,
    entity: t.entityId,
    name: t.name,
    registration_id: t.registrationId,
    registration_status: t.state,
    waitlisted: t.waitlistedAt !== null,
    reason: t.reason,
    status: t.status,
    payment_status: t.paymentStatus,
    score: t.score,
    ranked: t.ranked,
    created_at: t.createdAt.toISOString(),
  }),
  export: {
    filename: 'teams',
    columns: [
      [{ en: 'TeamNo', ar: 'رقم الفريق' }, teams.teamNo],
      [{ en: 'Name', ar: 'الاسم' }, teams.name],
      [{ en: 'Season', ar: 'الموسم' }, (lang) => (lang === 'ar' ? seasons.name : seasons.nameEn)],
      [{ en: 'Competition', ar: 'المسابقة' }, (lang) => (lang === 'ar' ? competitions.name : competitions.nameEn)],
      [{ en: 'RegistrationStatus', ar: 'حالة التسجيل' }, csvNames(teams.state, TEAM_STATE_NAMES)],
      [{ en: 'Reason', ar: 'السبب' }, teams.reason],
      [
        { en: 'Active', ar: 'نشط' },
        csvNames(teams.status, { true: { en: 'Active', ar: 'نشط' }, false: { en: 'Not Active', ar: 'غير نشط' } }),
      ],
      [{ en: 'Paid', ar: 'مدفوع' }, teams.paymentStatus],
      [
        { en: 'Members', ar: 'الأعضاء' },
        sql`(select count(*) from ${teamPeople} where ${teamPeople.teamId} = ${teams.id} and ${teamPeople.role} = 'member' and ${teamPeople.state} = 'accepted')`,
      ],
      [{ en: 'Score', ar: 'الدرجة' }, teams.score],
      [{ en: 'Rank', ar: 'الترتيب' }, teams.ranked],
      [{ en: 'CreatedAt', ar: 'تاريخ الإنشاء' }, teams.createdAt],
    ],
  },
});

type RegistrationRow = {
  registrations: typeof registrations.$inferSelect;
  seasons: typeof seasons.$inferSelect | null;
  competitions: typeof competitions.$inferSelect | null;
};

/** A registration's fields from its validated form; on an update, checked together with the stored row. */
async function readRegistration(r: RegistrationDto, before: RegistrationRow['registrations'] | null) {
  const v = defined({
    seasonId: r.season_id,
    competitionId: r.competition_id,
    opensAt: r.opens_at ?? undefined,
    closesAt: r.closes_at ?? undefined,
    minMembers: r.min_members,
    maxMembers: r.max_members,
    maxCoaches: r.max_coaches,
    maxTeams: r.max_teams,
    entityRequired: r.entity_required,
    grades: r.grades && [...new Set(r.grades.map(String))],
    minAge: r.min_age,
    maxAge: r.max_age,
    ageOn: r.age_on,
    fee: r.fee,
    status: r.status,
  });
  const merged = { ...before, ...v };
  if (merged.opensAt && merged.closesAt && merged.closesAt <= merged.opensAt)
    throw new AppError(400, 'registration.bad_window');
  const min = merged.minMembers ?? 1;
  const max = merged.maxMembers ?? 3;
  if (min > max) throw new AppError(400, 'registration.bad_size');
  const [minAge, maxAge] = [merged.minAge ?? null, merged.maxAge ?? null];
  if (
    (minAge !== null && maxAge !== null && minAge > maxAge) ||
    ((minAge !== null || maxAge !== null) && !merged.ageOn)
  )
    throw new AppError(400, 'registration.bad_ages');
  return v;
}

/** Team registration per season and competition: window, team size, eligibility and fee (issue 20). */
export const registrationsResource = defineResource<RegistrationRow, RegistrationDto>({
  name: 'registrations',
  shapes: { record: 'RegistrationRecord' },
  table: registrations,
  id: registrations.id,
  joins: [
    [seasons, eq(seasons.id, registrations.seasonId)],
    [competitions, eq(competitions.id, registrations.competitionId)],
  ],
  roles: roles(),
  search: [seasons.name, seasons.nameEn, competitions.name, competitions.nameEn],
  sort: { opens_at: registrations.opensAt, closes_at: registrations.closesAt, created_at: registrations.createdAt },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    season_id: { column: registrations.seasonId, type: 'uuid' },
    competition_id: { column: registrations.competitionId, type: 'uuid' },
    status: { column: registrations.status, type: 'bool' },
  },
  unique: { registrations_season_competition_unique: 'registration.taken' },
  toggles: ['status', 'entity_required'],
  input: { create: RegistrationDto },
  create: (input) => readRegistration(input, null),
  update: (input, row) => readRegistration(input, row.registrations),
  async remove(row, ctx) {
    const [used] = await ctx.tx
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.registrationId, row.registrations.id))
      .limit(1);
    if (used) throw new AppError(409, 'registration.in_use');
    return 'deleted';
  },
  toRecord: ({ registrations: r, seasons: s, competitions: c }): RegistrationRecord => ({
    id: r.id,
    _id: r.id,
    season_id: r.seasonId,
    season_name: s ? { name: s.name, name_en: s.nameEn } : null,
    competition_id: r.competitionId,
    competion_name: c ? { name: c.name, name_en: c.nameEn } : null,
    ...registrationRules(r),
    status: r.status,
    created_at: r.createdAt.toISOString(),
  }),
});
