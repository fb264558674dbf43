import { TEAM_STATES, toAsciiDigits, type TeamState } from '@platform/contract';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import type { Db } from '../../db/database';
import { competitions, registrations, seasons, teamPeople, teams, users } from '../../db/schema';
import { notifyDecision } from '../../teams/team-notices';
import { csvNames } from '../csv';
import { FormReader, defined } from '../form';
import { defineResource, type Body, type ResourceDef } from '../resource';

const roles = (): ResourceDef['roles'] => ({
  read: ['admin'],
  create: ['admin'],
  update: ['admin'],
  delete: ['admin'],
});

/** Seasons and competitions share one small shape: names in both languages and a status. */
function namedResource(name: 'seasons' | 'competitions', table: typeof seasons | typeof competitions) {
  const read = (body: Body, creating: boolean) => {
    const f = new FormReader(body, creating ? 'admin.fill_form' : 'admin.fill_form_edit');
    const v = { name: f.text('name'), nameEn: f.text('name_en'), status: f.bool('status') };
    if (creating) f.need(v.name, v.nameEn);
    else if (v.name === '' || v.nameEn === '') f.need('');
    return defined(v);
  };
  return defineResource<typeof seasons.$inferSelect>({
    name,
    table,
    id: table.id,
    roles: roles(),
    search: [table.name, table.nameEn],
    sort: { name: table.name, name_en: table.nameEn, created_at: table.createdAt },
    defaultSort: ['created_at', 'DESC'],
    filters: { status: { column: table.status, type: 'bool' } },
    toggles: ['status'],
    create: async (body) => read(body, true),
    update: async (body) => read(body, false),
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
      return 'deleted';
    },
    toRecord: (r) => ({
      id: r.id,
      _id: r.id,
      name: r.name,
      name_en: r.nameEn,
      status: r.status,
      created_at: r.createdAt,
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
async function people(tx: Db, body: Body, field: string, types: number[]): Promise<string[] | undefined> {
  const raw = body[field];
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length > 20 || !raw.every(isUuid))
    throw new AppError(400, 'request.invalid_field', { field });
  const ids = [...new Set(raw as string[])];
  if (ids.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), inArray(users.type, types)));
    if (found.length !== ids.length) throw new AppError(400, 'request.invalid_field', { field });
  }
  return ids;
}

async function readTeam(body: Body, tx: Db, creating: boolean) {
  const f = new FormReader(body, creating ? 'admin.fill_form' : 'admin.fill_form_edit');
  const ref = (field: string) => {
    const v = body[field];
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    if (!isUuid(v)) throw new AppError(400, 'request.invalid_field', { field });
    return v;
  };
  const v = {
    teamNo: f.text('team_no', 40),
    seasonId: ref('season'),
    competitionId: ref('competition'),
    entityId: ref('entity'),
    status: f.bool('status'),
    paymentStatus: f.bool('payment_status'),
    score: body.score === null || body.score === '' ? null : f.money('score'),
    ranked: body.ranked === null || body.ranked === '' ? null : f.int('ranked', 1, 100_000),
  };
  if (creating) f.need(v.teamNo, v.seasonId, v.competitionId);
  else if (v.teamNo === '' || v.seasonId === null || v.competitionId === null) f.need('');
  if (v.entityId) {
    const [entity] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, v.entityId), eq(users.type, 2)));
    if (!entity) throw new AppError(400, 'request.invalid_field', { field: 'entity' });
  }
  return defined(v);
}

/**
 * Replaces a team's members and coaches with the lists the form sent (when it sent them). People
 * still listed keep their row (a registered team's invitation state stays); new ones are in at once.
 */
async function savePeople(tx: Db, team: typeof teams.$inferSelect, body: Body) {
  const members = await people(tx, body, 'member_ids', [0]);
  const coaches = await people(tx, body, 'coach_ids', [1]);
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
 * An admin's decision on a submitted registered team (`status` 'approved' or 'rejected', with a
 * `reason` for a rejection); null when the body is not a decision. A fee must be paid first.
 */
async function decide(body: Body, team: typeof teams.$inferSelect, tx: Db) {
  if (body.status !== 'approved' && body.status !== 'rejected') return null;
  if (team.state !== 'submitted') throw new AppError(409, 'team.not_submitted');
  const reason = typeof body.reason === 'string' ? body.reason.trim().slice(0, 500) : '';
  if (body.status === 'rejected') {
    if (!reason) throw new AppError(400, 'team.reason_required', {}, 'reason');
    return { state: 'rejected' as const, status: false, reason };
  }
  const [reg] = team.registrationId
    ? await tx.select().from(registrations).where(eq(registrations.id, team.registrationId))
    : [];
  if (reg && Number(reg.fee) > 0 && !team.paymentStatus) throw new AppError(409, 'team.fee_unpaid');
  return { state: 'approved' as const, status: true, reason: reason || null };
}

/** Teams with their season, competition, entity, people and result. */
export const teamsResource = defineResource<Row>({
  name: 'teams',
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
  toggles: ['status', 'payment_status'],
  create: (body, ctx) => readTeam(body, ctx.tx, true),
  async update(body, row, ctx) {
    const decision = await decide(body, row.teams, ctx.tx);
    if (decision) return decision;
    const values = await readTeam(body, ctx.tx, false);
    await savePeople(ctx.tx, row.teams, body);
    return values;
  },
  async afterWrite(action, row, ctx, before) {
    if (action === 'create') await savePeople(ctx.tx, row.teams, ctx.body);
    // An approval or rejection: a rejected team frees its members; everyone in the team is told.
    if (action === 'update' && before && before.teams.state !== row.teams.state) {
      const t = row.teams;
      if (t.state === 'rejected')
        await ctx.tx.update(teamPeople).set({ active: false }).where(eq(teamPeople.teamId, t.id));
      if (t.state === 'approved' || t.state === 'rejected')
        await notifyDecision(ctx.tx, t, t.state === 'approved', t.reason);
    }
  },
  async detail(row, db) {
    const list = await db
      .select({ person: teamPeople, name: users.name, nationalId: users.nationalId, email: users.email })
      .from(teamPeople)
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(eq(teamPeople.teamId, row.teams.id))
      .orderBy(teamPeople.role, users.name);
    const accepted = list.filter((p) => p.person.state === 'accepted');
    return {
      member_ids: accepted.filter((p) => p.person.role === 'member').map((p) => p.person.userId),
      coach_ids: accepted.filter((p) => p.person.role === 'coach').map((p) => p.person.userId),
      invitations: list.map((p) => ({
        id: p.person.id,
        user_id: p.person.userId,
        name: p.name,
        national_id: p.person.role === 'entity' ? null : p.nationalId,
        email: p.person.role === 'entity' ? p.email : null,
        role: p.person.role,
        state: p.person.state,
      })),
    };
  },
  toRecord: ({ teams: t, seasons: s, competitions: c }) => ({
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
    reason: t.reason,
    status: t.status,
    payment_status: t.paymentStatus,
    score: t.score,
    ranked: t.ranked,
    created_at: t.createdAt,
  }),
  export: {
    filename: 'teams',
    columns: [
      ['TeamNo', teams.teamNo],
      ['Name', teams.name],
      ['Season', seasons.nameEn],
      ['Competition', competitions.nameEn],
      ['RegistrationStatus', teams.state],
      ['Reason', teams.reason],
      ['Active', csvNames(teams.status, { true: 'Active', false: 'Not Active' })],
      ['Paid', teams.paymentStatus],
      [
        'Members',
        sql`(select count(*) from ${teamPeople} where ${teamPeople.teamId} = ${teams.id} and ${teamPeople.role} = 'member' and ${teamPeople.state} = 'accepted')`,
      ],
      ['Score', teams.score],
      ['Rank', teams.ranked],
      ['CreatedAt', teams.createdAt],
    ],
  },
});

type RegistrationRow = {
  registrations: typeof registrations.$inferSelect;
  seasons: typeof seasons.$inferSelect | null;
  competitions: typeof competitions.$inferSelect | null;
};

/** A registration's fields from a form; on an update, checked together with the stored row. */
async function readRegistration(body: Body, before: RegistrationRow['registrations'] | null) {
  const f = new FormReader(body, before ? 'admin.fill_form_edit' : 'admin.fill_form');
  const ref = (field: string) => {
    const v = body[field];
    if (v === undefined) return undefined;
    if (!isUuid(v)) throw new AppError(400, 'request.invalid_field', { field });
    return v;
  };
  const grades = body.grades;
  if (
    grades !== undefined &&
    (!Array.isArray(grades) ||
      grades.length > 20 ||
      !grades.every(
        (g) => (typeof g === 'string' || typeof g === 'number') && /^\d{1,2}$/.test(toAsciiDigits(String(g))),
      ))
  )
    throw new AppError(400, 'request.invalid_field', { field: 'grades' });
  const optionalInt = (field: string) => (body[field] === null || body[field] === '' ? null : f.int(field, 0, 100));
  const v = {
    seasonId: ref('season_id'),
    competitionId: ref('competition_id'),
    opensAt: f.timestamp('opens_at'),
    closesAt: f.timestamp('closes_at'),
    minMembers: f.int('min_members', 1, 50),
    maxMembers: f.int('max_members', 1, 50),
    maxCoaches: f.int('max_coaches', 1, 10),
    entityRequired: f.bool('entity_required'),
    grades:
      grades === undefined
        ? undefined
        : [...new Set((grades as (string | number)[]).map((g) => String(Number(toAsciiDigits(String(g))))))],
    minAge: optionalInt('min_age'),
    maxAge: optionalInt('max_age'),
    ageOn: f.date('age_on'),
    fee: f.money('fee'),
    status: f.bool('status'),
  };
  if (!before) f.need(v.seasonId, v.competitionId, v.opensAt, v.closesAt);
  else if (v.opensAt === null || v.closesAt === null) f.need('');
  const merged = { ...before, ...defined(v) };
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
  return defined(v);
}

/** Team registration per season and competition: window, team size, eligibility and fee (issue 20). */
export const registrationsResource = defineResource<RegistrationRow>({
  name: 'registrations',
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
  create: (body) => readRegistration(body, null),
  update: (body, row) => readRegistration(body, row.registrations),
  async remove(row, ctx) {
    const [used] = await ctx.tx
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.registrationId, row.registrations.id))
      .limit(1);
    if (used) throw new AppError(409, 'registration.in_use');
    return 'deleted';
  },
  toRecord: ({ registrations: r, seasons: s, competitions: c }) => ({
    id: r.id,
    _id: r.id,
    season_id: r.seasonId,
    season_name: s ? { name: s.name, name_en: s.nameEn } : null,
    competition_id: r.competitionId,
    competion_name: c ? { name: c.name, name_en: c.nameEn } : null,
    opens_at: r.opensAt,
    closes_at: r.closesAt,
    min_members: r.minMembers,
    max_members: r.maxMembers,
    max_coaches: r.maxCoaches,
    entity_required: r.entityRequired,
    grades: r.grades,
    min_age: r.minAge,
    max_age: r.maxAge,
    age_on: r.ageOn,
    fee: r.fee,
    currency: r.currency,
    status: r.status,
    created_at: r.createdAt,
  }),
});
