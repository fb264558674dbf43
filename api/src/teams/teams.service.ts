import { medalOf, TEAM_STATE_ORDER, type AchievementView, type Paged, type TeamView } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../core/database';
import type { AppConfig } from '../core/config';
import { CONFIG, DB } from '../core/core.module';
import { checkInCode } from '../event-day/check-in-code';
import { competitions, events, seasons, teamPeople, teams, users, type User } from '../db/schema';
import { ExternalResults } from './external-results';

export const TEAMS_PAGE_SIZE = 6;

/** Teams the member (the `user` placeholder) belongs to: as a member or coach who accepted, or as the entity. */
function mine(db: Db): SQL {
  const user = sql.placeholder('user');
  return or(
    eq(teams.entityId, user),
    inArray(
      teams.id,
      db
        .select({ id: teamPeople.teamId })
        .from(teamPeople)
        .where(and(eq(teamPeople.userId, user), eq(teamPeople.state, 'accepted'))),
    ),
  )!;
}

/**
 * The reads of the member's home page and team pages, built once as prepared statements: building
 * the teams page query cost Drizzle more than PostgreSQL took to run it, on every home page.
 */
const stateOrder = sql`case ${teams.state} ${sql.join(
  Object.entries(TEAM_STATE_ORDER).map(([state, n]) => sql`when ${sql.raw(`'${state}'`)} then ${sql.raw(String(n))}`),
  sql` `,
)} end`;

function prepareTeamReads(db: Db) {
  const page = (name: string, where: SQL) =>
    db
      .select({ team: teams, season: seasons, competition: competitions, entity: { id: users.id, name: users.name } })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .innerJoin(competitions, eq(competitions.id, teams.competitionId))
      .leftJoin(users, eq(users.id, teams.entityId))
      .where(where)
      // Approved teams first (a preview of two shows them), then those that need someone, newest first.
      .orderBy(stateOrder, desc(seasons.createdAt), desc(teams.createdAt), teams.teamNo)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const total = (name: string, where: SQL) => db.select({ total: count() }).from(teams).where(where).prepare(name);
  const ranked = and(mine(db), isNotNull(teams.ranked), eq(teams.status, true))!;
  return {
    teams: { page: page('teams_mine', mine(db)), total: total('teams_mine_total', mine(db)) },
    achievements: { page: page('teams_ranked', ranked), total: total('teams_ranked_total', ranked) },
    // The accepted people of some teams (`teams`: an array of ids).
    people: db
      .select({ teamId: teamPeople.teamId, role: teamPeople.role, name: users.name, picture: users.picture })
      .from(teamPeople)
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(and(sql`${teamPeople.teamId} = any(${sql.placeholder('teams')})`, eq(teamPeople.state, 'accepted')))
      .orderBy(users.name)
      .prepare('teams_people'),
    externalEvent: db
      .select()
      .from(events)
      .where(
        and(
          eq(events.status, true),
          eq(events.homeStatus, true),
          eq(events.type, sql.placeholder('type')),
          gte(events.eventDate, sql.placeholder('now')),
        ),
      )
      .orderBy(asc(events.eventDate))
      .limit(1)
      .prepare('teams_external_event'),
  };
}

/** Teams the member belongs to (an invitation they accepted): as a member, a coach, or the entity the team represents. */
@Injectable()
export class TeamsService {
  private readonly prepared: ReturnType<typeof prepareTeamReads>;

  constructor(
    @Inject(DB) db: Db,
    private readonly external: ExternalResults,
    @Inject(CONFIG) private readonly config: Pick<AppConfig, 'jwtSecret'>,
  ) {
    this.prepared = prepareTeamReads(db);
  }

  /** The event on the home page (next, shown, counting down) when its results live on another site. */
  private async externalEvent(type: string) {
    const [event] = await this.prepared.externalEvent.execute({ type, now: new Date() });
    return event?.resultsUrl ? event : null;
  }

  /**
   * The old results path `{event link}/api/{event type}/get-teams`: the teams of an event whose
   * results live on another site are fetched from it; otherwise (or when that link is this
   * platform itself) the member's own teams. `top` (1-10) for the home page, else `page`.
   */
  async ofEventType(user: User, type: string, page: number, top?: number) {
    const event = await this.externalEvent(type);
    if (event && !this.external.isOwn(event.resultsUrl!)) {
      // The old contract named the member by `id` (national ID or e-mail): no personal data leaves now.
      const query: Record<string, string> =
        top === undefined ? { type, page: String(page) } : { type, top: String(top) };
      return { success: true, ...(await this.external.teams(event.resultsUrl!, type, query)) };
    }
    return this.list(user, page, top ?? TEAMS_PAGE_SIZE);
  }

  private async page(user: User, kind: 'teams' | 'achievements', page: number, size: number) {
    const reads = this.prepared[kind];
    const [rows, [{ total }]] = await Promise.all([
      reads.page.execute({ user: user.id, limit: size, offset: page * size }),
      reads.total.execute({ user: user.id }),
    ]);
    const ids = rows.map((r) => r.team.id);
    const people = ids.length ? await this.prepared.people.execute({ teams: ids }) : [];
    return { rows, people, total, user };
  }

  /** The spec's team shape (team_no, season, competion, coaches, members, status, payment_status, entity, resultes). */
  async list(user: User, page: number, size: number): Promise<Paged<{ teams: TeamView[] }>> {
    const { rows, people, total } = await this.page(user, 'teams', page, size);
    return {
      success: true,
      teams: rows.map(({ team, season, competition, entity }) => ({
        _id: team.id,
        team_no: team.teamNo,
        name: team.name,
        registration_status: team.state,
        reason: team.reason,
        season: { name: season.name, name_en: season.nameEn },
        competion: { name: competition.name, name_en: competition.nameEn },
        coaches: people.filter((p) => p.teamId === team.id && p.role === 'coach').map((p) => ({ name: p.name })),
        members: people
          .filter((p) => p.teamId === team.id && p.role === 'member')
          .map((p) => ({ name: p.name, picture: p.picture })),
        status: team.status,
        payment_status: team.paymentStatus,
        entity: entity?.id ? { _id: entity.id, name: entity.name } : null,
        resultes: team.ranked !== null ? { score: Number(team.score ?? 0), ranked: team.ranked } : null,
        check_in_code: team.state === 'approved' ? checkInCode(this.config.jwtSecret, team) : null,
      })),
      currentPage: page,
      totalPages: Math.ceil(total / size),
    };
  }

  /** Ranked results of the member's active teams, newest season first, each with its medal. */
  async achievements(user: User, page: number, size: number): Promise<Paged<{ achievements: AchievementView[] }>> {
    const { rows, total } = await this.page(user, 'achievements', page, size);
    return {
      success: true,
      achievements: rows.map(({ team, season, competition }) => ({
        _id: team.id,
        team_no: team.teamNo,
        season: { name: season.name, name_en: season.nameEn },
        competion: { name: competition.name, name_en: competition.nameEn },
        score: Number(team.score ?? 0),
        ranked: team.ranked!,
        medal: medalOf(team.ranked!),
      })),
      currentPage: page,
      totalPages: Math.ceil(total / size),
    };
  }
}
