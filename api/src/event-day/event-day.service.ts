import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  isStaff,
  rankTeams,
  readDecimal,
  roleScores,
  roundMax,
  RANKING_PRESETS,
  rulesProblem,
  teamNoFrom,
  type CheckInView,
  type EventDayView,
  type EventRole,
  type JudgeEventView,
  type LeaderboardView,
  type PublicTeamView,
  type PublicCompetitionView,
  type RankingRules,
  type ScoreEntry,
  type Standing,
} from '@platform/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service';
import { AppError } from '../common/app-error';
import { uniqueViolation } from '../common/unique-violation';
import type { AppConfig } from '../core/config';
import { CONFIG, DB } from '../core/core.module';
import type { Db } from '../core/database';
import {
  competitions,
  eventAwards,
  eventDays,
  eventRounds,
  eventScores,
  eventStaff,
  eventTeams,
  judgeApplications,
  seasons,
  teamPeople,
  teams,
  users,
  type User,
} from '../db/schema';
import { recordResults } from '../teams/lifecycle/team-state';
import { isMinorAccount } from '../auth/user.view';
import { codeIsFor, codeTeamNo } from './check-in-code';
import type { AssignDto, AwardDto, CorrectionDto, RankingDto, ScoreDto } from './event-day.dto';

type EventDay = typeof eventDays.$inferSelect;
type Tx = Db;

/** The ranking rules a competition's event days are set up with: its own, or the best-of preset. */
export function rulesOf(competition: { ranking: RankingRules | null }): RankingRules {
  return competition.ranking ?? RANKING_PRESETS.best_of;
}

/**
 * Sets up a new event day in the resource's write transaction: the rules copied from its
 * competition, its rounds, and its teams (the given approved teams of its season and competition,
 * or all of them).
 */
export async function setUpEventDay(tx: Tx, day: EventDay, teamIds: string[] | undefined): Promise<void> {
  const approved = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(eq(teams.seasonId, day.seasonId), eq(teams.competitionId, day.competitionId), eq(teams.state, 'approved')),
    );
  const ids = new Set(approved.map((t) => t.id));
  if (teamIds?.length && teamIds.some((id) => !ids.has(id)))
    throw new AppError(400, 'event.teams_not_approved', {}, 'team_ids');
  const taking = teamIds?.length ? teamIds : [...ids];
  if (taking.length) await tx.insert(eventTeams).values(taking.map((teamId) => ({ eventId: day.id, teamId })));
  const rules = day.rules;
  const count = rules.kind === 'best_of' ? rules.rounds : 1;
  await tx
    .insert(eventRounds)
    .values(
      Array.from({ length: count }, (_, i) => ({ eventId: day.id, number: i + 1, max: roundMax(rules).toFixed(2) })),
    );
}

/** An event day's rules from its competition when it is created. */
export async function competitionRules(tx: Tx, competitionId: string): Promise<RankingRules> {
  const [c] = await tx.select().from(competitions).where(eq(competitions.id, competitionId));
  if (!c) throw new AppError(400, 'request.invalid_field', { field: 'competition_id' }, 'competition_id');
  return rulesOf(c);
}

/**
 * The competition day (issue 32): staff set the rules and assign judges; judges check teams in and
 * score; the ranking is computed here from the stored scores, never sent by a client. Every write is
 * audited in its own transaction under `event-days`.
 */
@Injectable()
export class EventDayService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly audits: AuditService,
    @Inject(CONFIG) private readonly config: Pick<AppConfig, 'jwtSecret'>,
  ) {}

  private tx<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction((raw) => work(raw as unknown as Tx));
  }

  private async day(tx: Tx, id: string, lock = false): Promise<EventDay> {
    let q = tx.select().from(eventDays).where(eq(eventDays.id, id)).$dynamic();
    if (lock) q = q.for('update');
    const [day] = await q;
    if (!day) throw new AppError(404, 'event.not_found');
    return day;
  }

  // ---- Staff -------------------------------------------------------------------------------------

  /** A competition's ranking rules: a preset with staff's numbers. Event days already set up keep theirs. */
  async setRanking(actor: User, competitionId: string, dto: RankingDto): Promise<RankingRules> {
    const rules: RankingRules =
      dto.kind === 'best_of'
        ? {
            kind: 'best_of',
            rounds: dto.rounds ?? RANKING_PRESETS.best_of.rounds,
            round_max: dto.round_max ?? RANKING_PRESETS.best_of.round_max,
            timed: dto.timed ?? true,
          }
        : {
            kind: 'rubric',
            criteria: (dto.criteria ?? RANKING_PRESETS.rubric.criteria).map((c) => ({
              key: c.key,
              name: c.name.trim(),
              name_en: c.name_en.trim(),
              max: c.max,
            })),
          };
    const problem = rulesProblem(rules);
    if (problem) throw new AppError(400, problem);
    return this.tx(async (tx) => {
      const [before] = await tx.select().from(competitions).where(eq(competitions.id, competitionId)).for('update');
      if (!before) throw new AppError(404, 'request.not_found');
      await tx.update(competitions).set({ ranking: rules }).where(eq(competitions.id, competitionId));
      await this.audits.record(tx, {
        actor,
        action: 'update',
        resource: 'competitions',
        recordId: competitionId,
        before: { ranking: rulesOf(before) },
        after: { ranking: rules },
      });
      return rules;
    });
  }

  /** Assigns an accepted judge or referee application's member, or a staff member, to an event day. */
  async assign(actor: User, eventId: string, dto: AssignDto) {
    return this.tx(async (tx) => {
      await this.day(tx, eventId, true);
      const [person] = await tx.select().from(users).where(eq(users.id, dto.user_id!));
      if (!person) throw new AppError(400, 'event.not_judge', {}, 'user_id');
      if (!isStaff(person.type)) {
        const [accepted] = await tx
          .select({ id: judgeApplications.id })
          .from(judgeApplications)
          .where(and(eq(judgeApplications.userId, person.id), eq(judgeApplications.status, 'accepted')))
          .limit(1);
        if (!accepted) throw new AppError(400, 'event.not_judge', {}, 'user_id');
      }
      const [live] = await tx
        .select({ id: eventStaff.id })
        .from(eventStaff)
        .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.userId, person.id), isNull(eventStaff.revokedAt)));
      if (live) throw new AppError(409, 'event.already_assigned', {}, 'user_id');
      const [row] = await tx.insert(eventStaff).values({ eventId, userId: person.id, role: dto.role! }).returning();
      await this.audits.record(tx, {
        actor,
        action: 'create',
        resource: 'event-days',
        recordId: eventId,
        after: { assigned: { id: row.id, user_id: person.id, name: person.name, role: row.role } },
      });
      return { id: row.id, user_id: person.id, name: person.name, role: row.role, revoked_at: null };
    });
  }

  /** Ends an assignment: the person no longer sees or scores the event; their stored scores stay. */
  async revoke(actor: User, eventId: string, assignmentId: string) {
    await this.tx(async (tx) => {
      const [row] = await tx
        .update(eventStaff)
        .set({ revokedAt: new Date() })
        .where(and(eq(eventStaff.id, assignmentId), eq(eventStaff.eventId, eventId), isNull(eventStaff.revokedAt)))
        .returning();
      if (!row) throw new AppError(404, 'event.assignment_not_found');
      await this.audits.record(tx, {
        actor,
        action: 'delete',
        resource: 'event-days',
        recordId: eventId,
        before: { assigned: { id: row.id, user_id: row.userId, role: row.role } },
      });
    });
  }

  async assignments(eventId: string) {
    const rows = await this.db
      .select({
        id: eventStaff.id,
        user_id: eventStaff.userId,
        name: users.name,
        role: eventStaff.role,
        revoked_at: eventStaff.revokedAt,
      })
      .from(eventStaff)
      .innerJoin(users, eq(users.id, eventStaff.userId))
      .where(eq(eventStaff.eventId, eventId))
      .orderBy(asc(eventStaff.createdAt));
    return rows;
  }

  /** The people who may be assigned: members with an accepted application (staff are found by id). */
  async candidates() {
    return this.db
      .selectDistinct({ id: users.id, name: users.name, apply_as: judgeApplications.applyAs })
      .from(judgeApplications)
      .innerJoin(users, eq(users.id, judgeApplications.userId))
      .where(eq(judgeApplications.status, 'accepted'))
      .orderBy(asc(users.name));
  }

  /** Locks a round (staff, or the event's head referee): it takes no more scores. */
  async lock(actor: User, eventId: string, number: number) {
    return this.tx(async (tx) => {
      await this.day(tx, eventId);
      if (!isStaff(actor.type)) {
        const role = await this.liveRole(tx, eventId, actor.id);
        if (role !== 'head_referee') throw new AppError(403, role ? 'event.not_head' : 'event.not_assigned');
      }
      const [round] = await tx
        .select()
        .from(eventRounds)
        .where(and(eq(eventRounds.eventId, eventId), eq(eventRounds.number, number)))
        .for('update');
      if (!round) throw new AppError(404, 'event.round_not_found');
      if (round.lockedAt) return { number, locked_at: round.lockedAt };
      const [after] = await tx
        .update(eventRounds)
        .set({ lockedAt: new Date(), lockedBy: actor.id })
        .where(eq(eventRounds.id, round.id))
        .returning();
      await this.audits.record(tx, {
        actor,
        action: 'lock',
        resource: 'event-days',
        recordId: eventId,
        before: { round: number, locked: false },
        after: { round: number, locked: true },
      });
      return { number, locked_at: after.lockedAt };
    });
  }

  /**
   * Writes the ranking to the teams' result fields (`teams.score`, `teams.ranked`) through the team
   * lifecycle, as the CSV import does, and gives the 1st, 2nd and 3rd place awards from it.
   */
  async publish(actor: User, eventId: string): Promise<number> {
    return this.tx(async (tx) => {
      const day = await this.day(tx, eventId, true);
      const standings = await this.writeResults(tx, day);
      await this.audits.record(tx, {
        actor,
        action: 'publish',
        resource: 'event-days',
        recordId: eventId,
        after: { published: standings.map((s) => ({ team_id: s.team_id, score: s.score, ranked: s.rank })) },
      });
      return standings.length;
    });
  }

  /**
   * A result corrected after the day by staff, with a reason: the team's current entries for the
   * round (every judge's) give way to staff's one (kept as history, as a judge's replaced entry is),
   * a locked round included, and the results are written to the teams again, so the team cards,
   * achievements and the public pages show the corrected rank.
   */
  async correct(actor: User, eventId: string, dto: CorrectionDto) {
    const reason = dto.reason?.trim();
    if (!reason) throw new AppError(400, 'event.correction_reason', {}, 'reason');
    return this.tx(async (tx) => {
      const day = await this.day(tx, eventId, true);
      if (!day.publishedAt) throw new AppError(409, 'event.not_published');
      const [round] = await tx
        .select()
        .from(eventRounds)
        .where(and(eq(eventRounds.eventId, eventId), eq(eventRounds.number, dto.round!)))
        .for('update');
      if (!round) throw new AppError(404, 'event.round_not_found', {}, 'round');
      const { team } = await this.teamOf(tx, eventId, dto.team!);
      const entry = this.readEntry(day.rules, Number(round.max), dto);
      const replaced = await tx
        .update(eventScores)
        .set({ replacedAt: new Date() })
        .where(and(eq(eventScores.roundId, round.id), eq(eventScores.teamId, team.id), isNull(eventScores.replacedAt)))
        .returning();
      const [row] = await tx
        .insert(eventScores)
        .values({
          clientId: randomUUID(),
          eventId,
          roundId: round.id,
          teamId: team.id,
          judgeId: actor.id,
          value: entry.value.toFixed(2),
          points: entry.points,
          time: entry.time === null ? null : entry.time.toFixed(2),
          reason,
        })
        .returning();
      const standings = await this.writeResults(tx, day);
      const now = standings.find((s) => s.team_id === team.id);
      await this.audits.record(tx, {
        actor,
        action: 'correct',
        resource: 'event-days',
        recordId: eventId,
        before: { scores: replaced.map((s) => scoreAudit(s, team.teamNo, round.number)) },
        after: {
          score: scoreAudit(row, team.teamNo, round.number),
          reason,
          result: { team_no: team.teamNo, score: now?.score ?? null, ranked: now?.rank ?? null },
        },
      });
      return { team_no: team.teamNo, score: now?.score ?? null, ranked: now?.rank ?? null };
    });
  }

  /** The ranking written to the teams (through the team lifecycle) and the 1st–3rd places made from it. */
  private async writeResults(tx: Tx, day: EventDay): Promise<Standing[]> {
    const eventId = day.id;
    const standings = (await this.standingsIn(tx, day)).filter((s) => s.rank !== null);
    if (!standings.length) throw new AppError(400, 'event.nothing_to_publish');
    await recordResults(
      tx,
      standings.map((s) => ({ teamId: s.team_id, score: s.score!.toFixed(2), ranked: s.rank! })),
    );
    await tx.delete(eventAwards).where(and(eq(eventAwards.eventId, eventId), eq(eventAwards.kind, 'place')));
    const places = standings.filter((s) => s.rank! <= 3);
    const PLACE = [
      ['المركز الأول', '1st place'],
      ['المركز الثاني', '2nd place'],
      ['المركز الثالث', '3rd place'],
    ];
    if (places.length)
      await tx.insert(eventAwards).values(
        places.map((s) => ({
          eventId,
          kind: 'place' as const,
          teamId: s.team_id,
          place: s.rank!,
          name: PLACE[s.rank! - 1][0],
          nameEn: PLACE[s.rank! - 1][1],
        })),
      );
    await tx.update(eventDays).set({ publishedAt: new Date() }).where(eq(eventDays.id, eventId));
    return standings;
  }

  /** A special award or a team advancing, given by hand to a team of the event. */
  async award(actor: User, eventId: string, dto: AwardDto) {
    return this.tx(async (tx) => {
      await this.day(tx, eventId);
      const [taking] = await tx
        .select()
        .from(eventTeams)
        .where(and(eq(eventTeams.eventId, eventId), eq(eventTeams.teamId, dto.team_id!)));
      if (!taking) throw new AppError(400, 'event.team_not_in_event', {}, 'team_id');
      const [row] = await tx
        .insert(eventAwards)
        .values({ eventId, kind: dto.kind!, teamId: dto.team_id!, name: dto.name!, nameEn: dto.name_en! })
        .returning();
      await this.audits.record(tx, {
        actor,
        action: 'create',
        resource: 'event-days',
        recordId: eventId,
        after: { award: row },
      });
      return { id: row.id, kind: row.kind, team_id: row.teamId, name: row.name, name_en: row.nameEn };
    });
  }

  async removeAward(actor: User, eventId: string, awardId: string) {
    await this.tx(async (tx) => {
      const [row] = await tx
        .delete(eventAwards)
        .where(and(eq(eventAwards.id, awardId), eq(eventAwards.eventId, eventId)))
        .returning();
      if (!row) throw new AppError(404, 'request.not_found');
      await this.audits.record(tx, {
        actor,
        action: 'delete',
        resource: 'event-days',
        recordId: eventId,
        before: { award: row },
      });
    });
  }

  // ---- Judges ------------------------------------------------------------------------------------

  private async liveRole(tx: Tx, eventId: string, userId: string): Promise<EventRole | null> {
    const [row] = await tx
      .select({ role: eventStaff.role })
      .from(eventStaff)
      .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.userId, userId), isNull(eventStaff.revokedAt)));
    return row?.role ?? null;
  }

  /** The role of someone assigned to the event (403 for anyone else, staff included: they assign themselves). */
  async requireRole(tx: Tx, eventId: string, user: User): Promise<EventRole> {
    const role = await this.liveRole(tx, eventId, user.id);
    if (!role) throw new AppError(403, 'event.not_assigned');
    return role;
  }

  /**
   * The event's team with the number typed or read from its check-in QR code: a code shaped as the
   * platform's must be the platform's code for that team (else `event.bad_code`).
   */
  private async teamOf(tx: Tx, eventId: string, typed: string) {
    const coded = codeTeamNo(typed);
    const teamNo = coded ?? teamNoFrom(typed);
    const [row] = teamNo
      ? await tx
          .select({ team: teams, checkedInAt: eventTeams.checkedInAt })
          .from(eventTeams)
          .innerJoin(teams, eq(teams.id, eventTeams.teamId))
          .where(and(eq(eventTeams.eventId, eventId), eq(teams.teamNo, teamNo)))
      : [];
    if (!row) throw new AppError(404, 'event.team_not_found', { team_no: teamNo ?? typed.slice(0, 20) }, 'team');
    if (coded && !codeIsFor(this.config.jwtSecret, typed, row.team.id))
      throw new AppError(400, 'event.bad_code', {}, 'team');
    return row;
  }

  /** Checks a team in (any role of the event): once; checking in again changes nothing. */
  async checkIn(user: User, eventId: string, typed: string) {
    return this.tx(async (tx) => {
      await this.day(tx, eventId);
      await this.requireRole(tx, eventId, user);
      const { team, checkedInAt } = await this.teamOf(tx, eventId, typed);
      if (!checkedInAt) {
        await tx
          .update(eventTeams)
          .set({ checkedInAt: new Date(), checkedInBy: user.id })
          .where(and(eq(eventTeams.eventId, eventId), eq(eventTeams.teamId, team.id)));
        await this.audits.record(tx, {
          actor: user,
          action: 'check_in',
          resource: 'event-days',
          recordId: eventId,
          after: { checked_in: team.teamNo },
        });
      }
      return {
        team_id: team.id,
        team_no: team.teamNo,
        name: team.name,
        checked_in_before: checkedInAt !== null,
        people: await this.arrivingPeople(tx, team.id),
      };
    });
  }

  /**
   * Who the volunteer at the door should see arrive: the team's accepted coaches and students by
   * name and picture, and whether a student is a minor whose guardian has not given consent. Never
   * an ID number, phone or birth date.
   */
  private async arrivingPeople(tx: Tx, teamId: string): Promise<CheckInPerson[]> {
    const rows = await tx
      .select({
        role: teamPeople.role,
        name: users.name,
        picture: users.picture,
        type: users.type,
        dob: users.dob,
        consentAt: users.guardianConsentAt,
      })
      .from(teamPeople)
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(
        and(
          eq(teamPeople.teamId, teamId),
          eq(teamPeople.state, 'accepted'),
          inArray(teamPeople.role, ['coach', 'member']),
        ),
      )
      .orderBy(asc(teamPeople.role), asc(users.name));
    return rows.map((p) => {
      const minor = p.role === 'member' && isMinorAccount(p);
      return {
        name: p.name,
        picture: p.picture ?? null,
        role: p.role as 'coach' | 'member',
        minor,
        consent_missing: minor && !p.consentAt,
      };
    });
  }

  /**
   * Stores a judge's score. A `client_id` already stored for the same judge, round and team answers
   * the stored entry (a phone resending after the network came back): nothing is stored twice.
   */
  async score(user: User, eventId: string, dto: ScoreDto) {
    try {
      return await this.scoreOnce(user, eventId, dto);
    } catch (err) {
      // The same entry arriving twice at once (a phone's retry racing its first send): the second
      // insert meets the first's unique client id or current-entry index; read again, and it is seen.
      if (!uniqueViolation(err)) throw err;
      return this.scoreOnce(user, eventId, dto);
    }
  }

  private scoreOnce(user: User, eventId: string, dto: ScoreDto) {
    return this.tx(async (tx) => {
      const [seen] = await tx.select().from(eventScores).where(eq(eventScores.clientId, dto.client_id!));
      if (seen) return this.resent(tx, seen, user, eventId, dto);
      const day = await this.day(tx, eventId);
      const role = await this.requireRole(tx, eventId, user);
      if (!roleScores(role, day.rules.kind)) throw new AppError(403, 'event.role_cannot_score');
      const [round] = await tx
        .select()
        .from(eventRounds)
        .where(and(eq(eventRounds.eventId, eventId), eq(eventRounds.number, dto.round!)))
        .for('update');
      if (!round) throw new AppError(404, 'event.round_not_found', {}, 'round');
      // Scores of a round are written one at a time (the round's row lock): a resend that waited here
      // for its first send now sees it.
      const [waited] = await tx.select().from(eventScores).where(eq(eventScores.clientId, dto.client_id!));
      if (waited) return this.resent(tx, waited, user, eventId, dto);
      if (round.lockedAt) throw new AppError(409, 'event.round_locked', {}, 'round');
      const { team, checkedInAt } = await this.teamOf(tx, eventId, dto.team!);
      if (!checkedInAt) throw new AppError(409, 'event.team_not_checked_in', {}, 'team');
      const entry = this.readEntry(day.rules, Number(round.max), dto);
      const [current] = await tx
        .select()
        .from(eventScores)
        .where(
          and(
            eq(eventScores.roundId, round.id),
            eq(eventScores.teamId, team.id),
            eq(eventScores.judgeId, user.id),
            isNull(eventScores.replacedAt),
          ),
        )
        .for('update');
      const reason = dto.reason?.trim() || null;
      if (current && !reason) throw new AppError(409, 'event.reason_required', {}, 'reason');
      if (current) await tx.update(eventScores).set({ replacedAt: new Date() }).where(eq(eventScores.id, current.id));
      const [row] = await tx
        .insert(eventScores)
        .values({
          clientId: dto.client_id!,
          eventId,
          roundId: round.id,
          teamId: team.id,
          judgeId: user.id,
          value: entry.value.toFixed(2),
          points: entry.points,
          time: entry.time === null ? null : entry.time.toFixed(2),
          reason: current ? reason : null,
        })
        .returning();
      await this.audits.record(tx, {
        actor: user,
        action: current ? 'update' : 'create',
        resource: 'event-days',
        recordId: eventId,
        before: current ? { score: scoreAudit(current, team.teamNo, round.number) } : null,
        after: { score: scoreAudit(row, team.teamNo, round.number) },
      });
      return { ...scoreView(row, team.teamNo, round.number), duplicate: false };
    });
  }

  private async resent(tx: Tx, seen: typeof eventScores.$inferSelect, user: User, eventId: string, dto: ScoreDto) {
    const [round] = await tx.select().from(eventRounds).where(eq(eventRounds.id, seen.roundId));
    const [team] = await tx.select().from(teams).where(eq(teams.id, seen.teamId));
    const same =
      seen.judgeId === user.id &&
      seen.eventId === eventId &&
      round.number === dto.round &&
      teamNoFrom(dto.team!) === team.teamNo;
    if (!same) throw new AppError(409, 'event.client_id_reused', {}, 'client_id');
    return { ...scoreView(seen, team.teamNo, round.number), duplicate: true };
  }

  /** The entry's total, points and time, checked against the rules: decimals from 0 to the maximum. */
  private readEntry(rules: RankingRules, max: number, dto: Pick<ScoreDto, 'score' | 'time' | 'points'>) {
    if (rules.kind === 'best_of') {
      const value = readDecimal(dto.score);
      if (value === null || value > max) throw new AppError(400, 'event.bad_score', { max }, 'score');
      let time: number | null = null;
      if (rules.timed) {
        if (dto.time === undefined || dto.time === null || dto.time === '')
          throw new AppError(400, 'event.time_required', {}, 'time');
        time = readDecimal(dto.time);
        if (time === null) throw new AppError(400, 'event.bad_time', {}, 'time');
      }
      return { value, time, points: null };
    }
    const given = dto.points ?? {};
    const points: Record<string, number> = {};
    for (const c of rules.criteria) {
      const p = readDecimal(given[c.key]);
      if (p === null || p > c.max) throw new AppError(400, 'event.bad_points', {}, `points.${c.key}`);
      points[c.key] = p;
    }
    const value = Math.round(Object.values(points).reduce((s, p) => s + p, 0) * 100) / 100;
    return { value, time: null, points };
  }

  /** The events someone is assigned to (not revoked), soonest first. */
  async myEvents(user: User) {
    const rows = await this.db
      .select({ day: eventDays, role: eventStaff.role, competition: competitions })
      .from(eventStaff)
      .innerJoin(eventDays, eq(eventDays.id, eventStaff.eventId))
      .innerJoin(competitions, eq(competitions.id, eventDays.competitionId))
      .where(and(eq(eventStaff.userId, user.id), isNull(eventStaff.revokedAt)))
      .orderBy(asc(eventDays.eventDate));
    return rows.map((r) => ({ ...dayView(r.day, r.competition), role: r.role }));
  }

  /** One event for someone assigned: its rounds, its teams (checked in or not) and their own current scores. */
  async judgeEvent(user: User, eventId: string): Promise<JudgeEventView> {
    return this.tx(async (tx) => {
      const day = await this.day(tx, eventId);
      const role = await this.requireRole(tx, eventId, user);
      const [competition] = await tx.select().from(competitions).where(eq(competitions.id, day.competitionId));
      const rounds = await tx
        .select()
        .from(eventRounds)
        .where(eq(eventRounds.eventId, eventId))
        .orderBy(asc(eventRounds.number));
      const taking = await tx
        .select({ team: teams, checkedInAt: eventTeams.checkedInAt })
        .from(eventTeams)
        .innerJoin(teams, eq(teams.id, eventTeams.teamId))
        .where(eq(eventTeams.eventId, eventId))
        .orderBy(asc(teams.teamNo));
      const mine = await tx
        .select()
        .from(eventScores)
        .where(and(eq(eventScores.eventId, eventId), eq(eventScores.judgeId, user.id), isNull(eventScores.replacedAt)));
      const numberOf = new Map(rounds.map((r) => [r.id, r.number]));
      return {
        ...dayView(day, competition),
        role,
        scores: roleScores(role, day.rules.kind),
        rounds: rounds.map((r) => ({ number: r.number, max: Number(r.max), locked: r.lockedAt !== null })),
        teams: taking.map(({ team, checkedInAt }) => ({
          team_id: team.id,
          team_no: team.teamNo,
          name: team.name,
          checked_in: checkedInAt !== null,
          my_scores: mine
            .filter((s) => s.teamId === team.id)
            .map((s) => ({
              round: numberOf.get(s.roundId)!,
              value: Number(s.value),
              time: s.time === null ? null : Number(s.time),
            })),
        })),
      };
    });
  }

  // ---- Standings ---------------------------------------------------------------------------------

  /** The ranking of an event's teams from its current scores and its rules. */
  async standingsIn(tx: Tx, day: EventDay): Promise<Standing[]> {
    const taking = await tx
      .select({ teamId: eventTeams.teamId })
      .from(eventTeams)
      .where(eq(eventTeams.eventId, day.id));
    const rows = await tx
      .select({ score: eventScores, number: eventRounds.number })
      .from(eventScores)
      .innerJoin(eventRounds, eq(eventRounds.id, eventScores.roundId))
      .where(and(eq(eventScores.eventId, day.id), isNull(eventScores.replacedAt)));
    const entries: ScoreEntry[] = rows.map(({ score, number }) => ({
      team_id: score.teamId,
      round: number,
      judge_id: score.judgeId ?? score.id,
      value: Number(score.value),
      time: score.time === null ? null : Number(score.time),
    }));
    return rankTeams(
      day.rules,
      taking.map((t) => t.teamId),
      entries,
    );
  }

  /** The active competitions of active seasons' event days, with their rules and days, soonest first. */
  async publicCompetitions(): Promise<PublicCompetition[]> {
    const comps = await this.db
      .select()
      .from(competitions)
      .where(eq(competitions.status, true))
      .orderBy(asc(competitions.nameEn));
    const days = await this.db
      .select({ day: eventDays })
      .from(eventDays)
      .innerJoin(seasons, eq(seasons.id, eventDays.seasonId))
      .where(eq(seasons.status, true))
      .orderBy(asc(eventDays.eventDate));
    return comps.map((c) => ({
      id: c.id,
      name: c.name,
      name_en: c.nameEn,
      rules: rulesOf(c),
      event_days: days.filter((d) => d.day.competitionId === c.id).map((d) => dayView(d.day, c)),
    }));
  }

  /** A competition's results: each of its event days' leaderboard, latest day first. */
  async competitionResults(competitionId: string) {
    const [c] = await this.db
      .select()
      .from(competitions)
      .where(and(eq(competitions.id, competitionId), eq(competitions.status, true)));
    if (!c) throw new AppError(404, 'request.not_found');
    const days = await this.db
      .select({ id: eventDays.id })
      .from(eventDays)
      .innerJoin(seasons, eq(seasons.id, eventDays.seasonId))
      .where(and(eq(eventDays.competitionId, c.id), eq(seasons.status, true)))
      .orderBy(desc(eventDays.eventDate));
    const boards = [];
    for (const d of days) boards.push(await this.leaderboard(d.id));
    return { competition: { id: c.id, name: c.name, name_en: c.nameEn, rules: rulesOf(c) }, event_days: boards };
  }

  /**
   * A team's public page: its number, name, school (the entity it represents), coaches' names, its
   * competition and season, and its results — each event day's rank, score and awards, and the
   * result written to the team. Only a team that takes part in an event day of an active season;
   * never a student's name, nor anyone's ID, phone or birth date.
   */
  async publicTeam(teamId: string): Promise<PublicTeamView> {
    const [row] = await this.db
      .select({ team: teams, competition: competitions, season: seasons })
      .from(teams)
      .innerJoin(competitions, eq(competitions.id, teams.competitionId))
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .where(and(eq(teams.id, teamId), eq(seasons.status, true)));
    const days = row
      ? await this.db
          .select({ id: eventDays.id })
          .from(eventTeams)
          .innerJoin(eventDays, eq(eventDays.id, eventTeams.eventId))
          .where(eq(eventTeams.teamId, teamId))
          .orderBy(desc(eventDays.eventDate))
      : [];
    if (!row || !days.length) throw new AppError(404, 'request.not_found');
    const { team, competition, season } = row;
    const [entity] = team.entityId
      ? await this.db.select({ name: users.name }).from(users).where(eq(users.id, team.entityId))
      : [];
    const coaches = await this.db
      .select({ name: users.name })
      .from(teamPeople)
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(and(eq(teamPeople.teamId, teamId), eq(teamPeople.role, 'coach'), eq(teamPeople.state, 'accepted')))
      .orderBy(asc(users.name));
    const results = [];
    for (const d of days) {
      const board = await this.leaderboard(d.id);
      const standing = board.standings.find((s) => s.team_id === teamId);
      results.push({
        event: {
          id: board.id,
          event_date: board.event_date,
          venue_name: board.venue_name,
          venue_name_en: board.venue_name_en,
          venue_city: board.venue_city,
          published: board.published,
        },
        rank: standing?.rank ?? null,
        score: standing?.score ?? null,
        rounds: standing?.rounds ?? [],
        awards: board.awards.filter((a) => a.team_no === team.teamNo),
      });
    }
    return {
      id: team.id,
      team_no: team.teamNo,
      name: team.name,
      school: entity?.name ?? null,
      coaches: coaches.map((c) => c.name),
      competition: { id: competition.id, name: competition.name, name_en: competition.nameEn },
      season: { name: season.name, name_en: season.nameEn },
      result: team.ranked !== null && team.status ? { score: Number(team.score ?? 0), ranked: team.ranked } : null,
      events: results,
    };
  }

  /**
   * The public leaderboard of an event: the teams (number, name) in their ranking with each round's
   * score, and the awards. Nothing about a team's people.
   */
  async leaderboard(eventId: string): Promise<LeaderboardView> {
    const day = await this.day(this.db, eventId);
    const [competition] = await this.db.select().from(competitions).where(eq(competitions.id, day.competitionId));
    const standings = await this.standingsIn(this.db, day);
    const ids = standings.map((s) => s.team_id);
    const named = ids.length
      ? await this.db
          .select({ id: teams.id, teamNo: teams.teamNo, name: teams.name })
          .from(teams)
          .where(inArray(teams.id, ids))
      : [];
    const byId = new Map(named.map((t) => [t.id, t]));
    const awards = await this.db
      .select()
      .from(eventAwards)
      .where(eq(eventAwards.eventId, eventId))
      .orderBy(asc(eventAwards.place), asc(eventAwards.createdAt));
    const rounds = await this.db
      .select()
      .from(eventRounds)
      .where(eq(eventRounds.eventId, eventId))
      .orderBy(asc(eventRounds.number));
    return {
      ...dayView(day, competition),
      rounds: rounds.map((r) => ({ number: r.number, max: Number(r.max), locked: r.lockedAt !== null })),
      standings: standings.map((s) => ({
        ...s,
        team_no: byId.get(s.team_id)!.teamNo,
        name: byId.get(s.team_id)!.name,
      })),
      awards: awards.map((a) => ({
        id: a.id,
        kind: a.kind,
        place: a.place,
        name: a.name,
        name_en: a.nameEn,
        team_no: byId.get(a.teamId)?.teamNo ?? null,
        team_name: byId.get(a.teamId)?.name ?? null,
      })),
    };
  }
}

/** Someone of a team at the check-in desk (names and pictures only). */
export type CheckInPerson = CheckInView['people'][number];

/** The public side of the competition day, kept beside the service that computes it. */
export type PublicCompetition = PublicCompetitionView;

function scoreAudit(s: typeof eventScores.$inferSelect, teamNo: string, round: number) {
  return { id: s.id, team_no: teamNo, round, value: s.value, points: s.points, time: s.time, reason: s.reason };
}

function scoreView(s: typeof eventScores.$inferSelect, teamNo: string, round: number) {
  return {
    id: s.id,
    client_id: s.clientId,
    team_no: teamNo,
    round,
    value: Number(s.value),
    points: s.points,
    time: s.time === null ? null : Number(s.time),
    reason: s.reason,
    created_at: s.createdAt,
  };
}

/** An event day as pages show it: when, where, which competition, and its rules. */
export function dayView(day: EventDay, competition: typeof competitions.$inferSelect): EventDayView {
  return {
    id: day.id,
    event_date: day.eventDate,
    venue_name: day.venueName,
    venue_name_en: day.venueNameEn,
    venue_city: day.venueCity,
    map_url: day.mapUrl,
    season_id: day.seasonId,
    competition_id: day.competitionId,
    competition: competition.name,
    competition_en: competition.nameEn,
    rules: day.rules,
    published: day.publishedAt !== null,
  };
}
