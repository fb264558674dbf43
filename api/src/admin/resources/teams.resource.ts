import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import type { Db } from '../../db/database';
import { competitions, seasons, teamPeople, teams, users } from '../../db/schema';
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

/** Replaces a team's members and coaches with the lists the form sent (when it sent them). */
async function savePeople(tx: Db, teamId: string, body: Body) {
  const members = await people(tx, body, 'member_ids', [0]);
  const coaches = await people(tx, body, 'coach_ids', [1]);
  for (const [role, ids] of [
    ['member', members],
    ['coach', coaches],
  ] as const) {
    if (!ids) continue;
    await tx.delete(teamPeople).where(and(eq(teamPeople.teamId, teamId), eq(teamPeople.role, role)));
    if (ids.length)
      await tx
        .insert(teamPeople)
        .values(ids.map((userId) => ({ teamId, userId, role })))
        .onConflictDoNothing();
  }
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
  search: [teams.teamNo, seasons.nameEn, competitions.nameEn],
  sort: { team_no: teams.teamNo, created_at: teams.createdAt, ranked: teams.ranked, score: teams.score },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    season: { column: teams.seasonId, type: 'uuid' },
    competition: { column: teams.competitionId, type: 'uuid' },
    status: { column: teams.status, type: 'bool' },
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
  unique: { teams_team_no_unique: 'content.team_no_taken' },
  toggles: ['status', 'payment_status'],
  create: (body, ctx) => readTeam(body, ctx.tx, true),
  async update(body, row, ctx) {
    const values = await readTeam(body, ctx.tx, false);
    await savePeople(ctx.tx, row.teams.id, body);
    return values;
  },
  async afterWrite(action, row, ctx) {
    if (action === 'create') await savePeople(ctx.tx, row.teams.id, ctx.body);
  },
  async detail(row, db) {
    const list = await db.select().from(teamPeople).where(eq(teamPeople.teamId, row.teams.id));
    return {
      member_ids: list.filter((p) => p.role === 'member').map((p) => p.userId),
      coach_ids: list.filter((p) => p.role === 'coach').map((p) => p.userId),
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
    status: t.status,
    payment_status: t.paymentStatus,
    score: t.score,
    ranked: t.ranked,
    created_at: t.createdAt,
  }),
});
