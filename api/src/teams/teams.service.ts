import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { competitions, seasons, teamPeople, teams, users, type User } from '../db/schema';

export const TEAMS_PAGE_SIZE = 6;

export type Medal = 'Gold' | 'Silver' | 'Bronze';
/** Rank 1 is Gold, rank 2 Silver, any other rank Bronze (spec §1). */
export const medalOf = (rank: number): Medal => (rank === 1 ? 'Gold' : rank === 2 ? 'Silver' : 'Bronze');

/** Teams the member belongs to (an invitation they accepted): as a member, a coach, or the entity the team represents. */
@Injectable()
export class TeamsService {
  constructor(@Inject(DB) private readonly db: Db) {}

  private mine(user: User) {
    return or(
      eq(teams.entityId, user.id),
      inArray(
        teams.id,
        this.db
          .select({ id: teamPeople.teamId })
          .from(teamPeople)
          .where(and(eq(teamPeople.userId, user.id), eq(teamPeople.state, 'accepted'))),
      ),
    );
  }

  private async page(user: User, where: ReturnType<typeof and>, page: number, size: number) {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ team: teams, season: seasons, competition: competitions, entity: { id: users.id, name: users.name } })
        .from(teams)
        .innerJoin(seasons, eq(seasons.id, teams.seasonId))
        .innerJoin(competitions, eq(competitions.id, teams.competitionId))
        .leftJoin(users, eq(users.id, teams.entityId))
        .where(where)
        .orderBy(desc(seasons.createdAt), desc(teams.createdAt), teams.teamNo)
        .limit(size)
        .offset(page * size),
      this.db.select({ total: count() }).from(teams).where(where),
    ]);
    const ids = rows.map((r) => r.team.id);
    const people = ids.length
      ? await this.db
          .select({ teamId: teamPeople.teamId, role: teamPeople.role, name: users.name, picture: users.picture })
          .from(teamPeople)
          .innerJoin(users, eq(users.id, teamPeople.userId))
          .where(and(inArray(teamPeople.teamId, ids), eq(teamPeople.state, 'accepted')))
          .orderBy(users.name)
      : [];
    return { rows, people, total, user };
  }

  /** The spec's team shape (team_no, season, competion, coaches, members, status, payment_status, entity, resultes). */
  async list(user: User, page: number, size: number) {
    const { rows, people, total } = await this.page(user, and(this.mine(user)), page, size);
    return {
      success: true,
      teams: rows.map(({ team, season, competition, entity }) => ({
        _id: team.id,
        team_no: team.teamNo,
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
      })),
      currentPage: page,
      totalPages: Math.ceil(total / size),
    };
  }

  /** Ranked results of the member's active teams, newest season first, each with its medal. */
  async achievements(user: User, page: number, size: number) {
    const where = and(this.mine(user), isNotNull(teams.ranked), eq(teams.status, true));
    const { rows, total } = await this.page(user, where, page, size);
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
