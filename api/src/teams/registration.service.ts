import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ageOn, isMinor, LIMITS, platformDay, toAsciiDigits, type TeamRole } from '@platform/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { isEmail, normalizeMobile } from '../accounts/reference';
import { uniqueViolation } from '../common/unique-violation';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Lang } from '../common/i18n';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { competitions, orders, registrations, seasons, teamPeople, teams, users, type User } from '../db/schema';
import { enqueueMessage } from '../outbox/outbox.service';
import { templates } from '../outbox/templates';
import { PaymentsService } from '../payments/payments.service';
import { RefundsService, type RefundOutcome } from '../payments/refunds.service';
import { langOfUser, notifyMember } from './team-notices';
import {
  guardianInvitationView,
  invitationView,
  registrationView,
  registeredTeamView,
  type PersonRow,
} from './registration.view';

type Registration = typeof registrations.$inferSelect;
type Team = typeof teams.$inferSelect;
type Body = Record<string, unknown>;

/** States in which a team still holds its members (a withdrawn or rejected team frees them). */
const LIVE_STATES = ['waiting_members', 'submitted', 'approved'] as const;
const MAX_NAME = 100;
/** How long a guardian's link stays valid (never past the registration's close). */
export const GUARDIAN_LINK_DAYS = 7;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The entity's e-mail of a body: undefined when absent, '' when cleared. */
function entityEmailOf(body: Body): string | undefined {
  const v = body.entity_email;
  if (v === undefined) return undefined;
  if (v !== null && typeof v !== 'string') throw new AppError(400, 'request.invalid_field', { field: 'entity_email' });
  return (v ?? '').trim().toLowerCase();
}

/** A list of national IDs from a body field: strings or numbers, Arabic-Indic digits accepted, each 10 digits. */
function nationalIds(body: Body, field: string, max: number): string[] {
  const raw = body[field];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 50) throw new AppError(400, 'request.invalid_field', { field }, field);
  const ids: string[] = [];
  for (const v of raw) {
    if (typeof v !== 'string' && typeof v !== 'number') throw new AppError(400, 'request.invalid_field', { field });
    const id = toAsciiDigits(String(v).trim());
    if (id === '') continue;
    if (!new RegExp(`^\\d{${LIMITS.nationalIdDigits}}$`).test(id))
      throw new AppError(400, 'team.bad_national_id', { id: id.slice(0, 20) }, field);
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > max) throw new AppError(400, 'request.invalid_field', { field }, field);
  return ids;
}

function teamName(body: Body, required: boolean): string | undefined {
  const v = body.name;
  if (v === undefined && !required) return undefined;
  const name = typeof v === 'string' ? v.trim() : '';
  if (!name || name.length > MAX_NAME) throw new AppError(400, 'team.name_required', {}, 'name');
  return name;
}

/**
 * Team registration (issue 20): coaches with full access register teams for an open registration,
 * invited students, coaches and the entity answer, the coach submits and pays the fee, an admin
 * approves (teams.resource.ts). Every rule is checked here; a team's changes run with its row locked.
 */
@Injectable()
export class RegistrationService {
  /** The member's pending invitations, read on every home page: built once as prepared statements. */
  private readonly invitationReads;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
    private readonly refunds: RefundsService,
  ) {
    this.invitationReads = {
      pending: db
        .select({ person: teamPeople, team: teams, season: seasons, competition: competitions })
        .from(teamPeople)
        .innerJoin(teams, eq(teams.id, teamPeople.teamId))
        .innerJoin(seasons, eq(seasons.id, teams.seasonId))
        .innerJoin(competitions, eq(competitions.id, teams.competitionId))
        .where(
          and(
            eq(teamPeople.userId, sql.placeholder('user')),
            eq(teamPeople.state, 'pending'),
            eq(teamPeople.active, true),
            inArray(teams.state, ['waiting_members', 'submitted']),
          ),
        )
        .orderBy(desc(teams.createdAt))
        .prepare('team_invitations_pending'),
      // The accepted coaches of some teams (`teams`: an array of ids).
      coaches: db
        .select({ teamId: teamPeople.teamId, name: users.name })
        .from(teamPeople)
        .innerJoin(users, eq(users.id, teamPeople.userId))
        .where(
          and(
            sql`${teamPeople.teamId} = any(${sql.placeholder('teams')})`,
            eq(teamPeople.role, 'coach'),
            eq(teamPeople.state, 'accepted'),
          ),
        )
        .prepare('team_invitations_coaches'),
    };
  }

  private homeLink() {
    return `${this.config.memberUrl.replace(/\/+$/, '')}/`;
  }

  /** Registrations whose window has not closed, soonest closing first, with their rules. */
  async open() {
    const rows = await this.db
      .select({ registration: registrations, season: seasons, competition: competitions })
      .from(registrations)
      .innerJoin(seasons, eq(seasons.id, registrations.seasonId))
      .innerJoin(competitions, eq(competitions.id, registrations.competitionId))
      .where(
        and(
          eq(registrations.status, true),
          eq(seasons.status, true),
          eq(competitions.status, true),
          gt(registrations.closesAt, new Date()),
        ),
      )
      .orderBy(asc(registrations.closesAt));
    return rows.map((r) => registrationView(r.registration, r.season, r.competition));
  }

  private async registrationFor(tx: Db, seasonId: unknown, competitionId: unknown): Promise<Registration> {
    if (!isUuid(seasonId) || !isUuid(competitionId)) throw new AppError(404, 'team.registration_not_found');
    const [reg] = await tx
      .select({ registration: registrations })
      .from(registrations)
      .innerJoin(seasons, eq(seasons.id, registrations.seasonId))
      .innerJoin(competitions, eq(competitions.id, registrations.competitionId))
      .where(
        and(
          eq(registrations.seasonId, seasonId),
          eq(registrations.competitionId, competitionId),
          eq(registrations.status, true),
          eq(seasons.status, true),
          eq(competitions.status, true),
        ),
      );
    if (!reg) throw new AppError(404, 'team.registration_not_found');
    return reg.registration;
  }

  /** The window is checked on the database's clock, the same for every API instance. */
  private windowOpen(reg: Registration, now = new Date()) {
    if (now < reg.opensAt) throw new AppError(403, 'team.registration_not_open', { date: platformDay(reg.opensAt) });
    if (now >= reg.closesAt) throw new AppError(403, 'team.registration_closed');
  }

  /** Students by national ID, each registered and eligible (grade, or age on the reference date). */
  private async students(tx: Db, reg: Registration, ids: string[]): Promise<User[]> {
    if (!ids.length) return [];
    const found = await tx
      .select()
      .from(users)
      .where(and(inArray(users.nationalId, ids), eq(users.type, 0)));
    const byId = new Map(found.map((u) => [u.nationalId, u]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw new AppError(404, 'team.unknown_student', { id: missing }, 'members');
    const list = ids.map((id) => byId.get(id)!);
    const reference = reg.ageOn ? new Date(`${reg.ageOn}T12:00:00Z`) : new Date();
    for (const s of list) {
      const gradeOk = reg.grades.length === 0 || reg.grades.includes(s.education?.grade ?? '');
      const age = ageOn(s.dob, reference);
      const ageOk =
        (reg.minAge === null || (age !== null && age >= reg.minAge)) &&
        (reg.maxAge === null || (age !== null && age <= reg.maxAge));
      if (!gradeOk || !ageOk) throw new AppError(400, 'team.not_eligible', { name: s.name }, 'members');
    }
    return list;
  }

  private async coaches(tx: Db, ids: string[]): Promise<User[]> {
    if (!ids.length) return [];
    const found = await tx
      .select()
      .from(users)
      .where(and(inArray(users.nationalId, ids), eq(users.type, 1), eq(users.isActive, true)));
    const missing = ids.find((id) => !found.some((u) => u.nationalId === id));
    if (missing) throw new AppError(404, 'team.unknown_coach', { id: missing }, 'coaches');
    return found;
  }

  /** The student already held by another live team of this competition and season, if any. */
  private async takenStudent(tx: Db, reg: Registration, studentIds: string[], exceptTeam?: string) {
    if (!studentIds.length) return null;
    const [taken] = await tx
      .select({ name: users.name })
      .from(teamPeople)
      .innerJoin(teams, eq(teams.id, teamPeople.teamId))
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(
        and(
          inArray(teamPeople.userId, studentIds),
          eq(teamPeople.role, 'member'),
          ne(teamPeople.state, 'declined'),
          eq(teams.seasonId, reg.seasonId),
          eq(teams.competitionId, reg.competitionId),
          inArray(teams.state, [...LIVE_STATES]),
          exceptTeam ? ne(teams.id, exceptTeam) : undefined,
        ),
      )
      .limit(1);
    return taken ?? null;
  }

  /** Runs a change that inserts members; a clash on the one-team index (a race) names the student. */
  private async guarded<T>(reg: Registration, studentIds: string[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const index = uniqueViolation(err);
      if (!index?.includes('team_people_one_team')) throw err;
      const taken = await this.takenStudent(this.db, reg, studentIds);
      throw new AppError(409, 'team.student_taken', { name: taken?.name ?? '' }, 'members');
    }
  }

  /** A minor with a guardian's phone: the guardian answers for them by a link. */
  private static byGuardian(user: User, role: TeamRole) {
    return role === 'member' && !!user.guardianPhone && isMinor(user.dob);
  }

  /**
   * Invites people to a team and tells them. A minor student with a guardian's phone: the guardian
   * gets a single-use link to answer for them (guardianLink); the student is told on their own
   * phone or e-mail.
   */
  private async invite(tx: Db, team: Team, reg: Registration, coach: User, people: { user: User; role: TeamRole }[]) {
    if (!people.length) return;
    const rows = await tx
      .insert(teamPeople)
      .values(
        people.map(({ user, role }) => ({
          teamId: team.id,
          userId: user.id,
          role,
          state: 'pending' as const,
          seasonId: reg.seasonId,
          competitionId: reg.competitionId,
        })),
      )
      .returning({ id: teamPeople.id, userId: teamPeople.userId });
    for (const { user, role } of people) {
      const guardian = RegistrationService.byGuardian(user, role);
      await notifyMember(
        tx,
        user,
        (lang) =>
          templates.teamInvitation(lang, {
            name: user.name,
            team: team.name ?? team.teamNo,
            teamNo: team.teamNo,
            coach: coach.name,
            role,
            link: this.homeLink(),
          }),
        { guardian: !guardian },
      );
      if (guardian) await this.guardianLink(tx, team, reg, coach, user, rows.find((r) => r.userId === user.id)!.id);
    }
  }

  /**
   * Sends the guardian, by WhatsApp in the student's language, a new single-use link for one
   * invitation: a random token of which only the hash is kept, valid GUARDIAN_LINK_DAYS days and
   * never past the registration's close. A new link replaces the previous one.
   */
  private async guardianLink(tx: Db, team: Team, reg: Registration, coach: User, user: User, personId: string) {
    const token = randomBytes(24).toString('base64url');
    const expires = new Date(Math.min(Date.now() + GUARDIAN_LINK_DAYS * 86_400_000, reg.closesAt.getTime()));
    await tx
      .update(teamPeople)
      .set({ guardianTokenHash: tokenHash(token), guardianTokenExpiresAt: expires })
      .where(eq(teamPeople.id, personId));
    const [competition] = await tx.select().from(competitions).where(eq(competitions.id, reg.competitionId));
    const lang = langOfUser(user);
    await enqueueMessage(tx, {
      channel: 'whatsapp',
      to: user.guardianPhone!,
      ...templates.teamGuardianInvitation(lang, {
        student: user.name,
        team: team.name ?? team.teamNo,
        teamNo: team.teamNo,
        coach: coach.name,
        competition: lang === 'ar' ? competition.name : competition.nameEn || competition.name,
        link: `${this.homeLink()}invitations/${token}`,
        days: Math.max(1, Math.ceil((expires.getTime() - Date.now()) / 86_400_000)),
      }),
    });
  }

  /** POST /api/teams: a coach with full access registers a team; it gets its number at once. */
  async create(coach: User, body: Body) {
    if (coach.type !== 1) throw new AppError(403, 'team.not_coach');
    const reg = await this.registrationFor(this.db, body.season_id, body.competition_id);
    this.windowOpen(reg);
    const name = teamName(body, true)!;
    const memberIds = nationalIds(body, 'members', 50);
    if (memberIds.length > reg.maxMembers)
      throw new AppError(400, 'team.too_many_members', { max: reg.maxMembers }, 'members');
    const coachIds = nationalIds(body, 'coaches', 50).filter((id) => id !== coach.nationalId);
    if (coachIds.length + 1 > reg.maxCoaches)
      throw new AppError(400, 'team.too_many_coaches', { max: reg.maxCoaches }, 'coaches');
    const rawEmail = entityEmailOf(body) ?? '';
    if (!rawEmail && reg.entityRequired) throw new AppError(400, 'team.entity_required', {}, 'entity_email');

    const students = await this.students(this.db, reg, memberIds);
    const others = await this.coaches(this.db, coachIds);
    const entity = rawEmail ? await this.entity(this.db, rawEmail) : null;
    const taken = await this.takenStudent(
      this.db,
      reg,
      students.map((s) => s.id),
    );
    if (taken) throw new AppError(409, 'team.student_taken', { name: taken.name }, 'members');

    const teamId = await this.guarded(
      reg,
      students.map((s) => s.id),
      () =>
        this.db.transaction(async (raw) => {
          const tx = raw as unknown as Db;
          const [team] = await tx
            .insert(teams)
            .values({
              teamNo: await this.nextTeamNo(tx),
              seasonId: reg.seasonId,
              competitionId: reg.competitionId,
              registrationId: reg.id,
              name,
              state: 'waiting_members',
              status: false,
              createdBy: coach.id,
            })
            .returning();
          await tx.insert(teamPeople).values({
            teamId: team.id,
            userId: coach.id,
            role: 'coach',
            state: 'accepted',
            respondedAt: new Date(),
          });
          await this.invite(tx, team, reg, coach, [
            ...students.map((user) => ({ user, role: 'member' as const })),
            ...others.map((user) => ({ user, role: 'coach' as const })),
            ...(entity ? [{ user: entity, role: 'entity' as const }] : []),
          ]);
          return team.id;
        }),
    );
    return this.teamOf(coach, teamId);
  }

  private async entity(tx: Db, email: string): Promise<User> {
    const [entity] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.type, 2), eq(users.isActive, true)));
    if (!entity) throw new AppError(404, 'team.unknown_entity', {}, 'entity_email');
    return entity;
  }

  /** The next free number of the sequence (a number staff gave a team by hand is skipped). */
  private async nextTeamNo(tx: Db): Promise<string> {
    for (;;) {
      const result = (await tx.execute(sql`select nextval('team_no_seq')::text as n`)) as unknown as {
        rows: { n: string }[];
      };
      const n = result.rows[0].n;
      const teamNo = `T-${n}`;
      const [taken] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.teamNo, teamNo));
      if (!taken) return teamNo;
    }
  }

  /** The coach's registered teams, newest first, with everyone's invitation state. */
  async mine(user: User) {
    const rows = await this.db
      .select({ id: teams.id })
      .from(teams)
      .innerJoin(teamPeople, eq(teamPeople.teamId, teams.id))
      .where(
        and(
          eq(teamPeople.userId, user.id),
          eq(teamPeople.role, 'coach'),
          eq(teamPeople.state, 'accepted'),
          isNotNull(teams.registrationId),
        ),
      )
      .orderBy(desc(teams.createdAt));
    return Promise.all(rows.map((r) => this.teamOf(user, r.id)));
  }

  private async teamOf(_viewer: User, teamId: string) {
    const [row] = await this.db
      .select({ team: teams, season: seasons, competition: competitions, registration: registrations })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .innerJoin(competitions, eq(competitions.id, teams.competitionId))
      .leftJoin(registrations, eq(registrations.id, teams.registrationId))
      .where(eq(teams.id, teamId));
    const people: PersonRow[] = await this.db
      .select({
        id: teamPeople.id,
        role: teamPeople.role,
        state: teamPeople.state,
        name: users.name,
        nationalId: users.nationalId,
        email: users.email,
      })
      .from(teamPeople)
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(eq(teamPeople.teamId, teamId))
      .orderBy(teamPeople.role, users.name);
    const [refunded] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.teamId, teamId), eq(orders.orderType, 'team_fee'), eq(orders.status, 'refunded')))
      .limit(1);
    return registeredTeamView(row.team, row.season, row.competition, row.registration, people, !!refunded);
  }

  /**
   * Locks the team for a change by one of its coaches: the team, its registration, and the
   * transaction. Another coach's or a member's change waits for this one.
   */
  private async lockOwnTeam(tx: Db, coach: User, teamId: unknown) {
    if (!isUuid(teamId)) throw new AppError(404, 'team.not_found');
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
    if (!team || !team.registrationId) throw new AppError(404, 'team.not_found');
    const [own] = await tx
      .select({ id: teamPeople.id })
      .from(teamPeople)
      .where(
        and(
          eq(teamPeople.teamId, team.id),
          eq(teamPeople.userId, coach.id),
          eq(teamPeople.role, 'coach'),
          eq(teamPeople.state, 'accepted'),
        ),
      );
    if (!own) throw new AppError(403, 'team.not_your_team');
    const [reg] = await tx.select().from(registrations).where(eq(registrations.id, team.registrationId));
    return { team, reg };
  }

  /**
   * Replaces the people of one role on a team (members, or the coaches other than the caller): those
   * left out are removed (and freed), one who declined and is named again is asked again, the new
   * ones are invited. Answers whether anyone changed.
   */
  private async replacePeople(
    tx: Db,
    team: Team,
    reg: Registration,
    coach: User,
    role: 'member' | 'coach',
    wantedUsers: User[],
  ): Promise<{ changed: boolean; added: string[] }> {
    const current = (
      await tx
        .select()
        .from(teamPeople)
        .where(and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, role)))
    ).filter((p) => p.userId !== coach.id);
    const wanted = new Set(wantedUsers.map((u) => u.id));
    const gone = current.filter((p) => !wanted.has(p.userId) || p.state === 'declined').map((p) => p.id);
    if (gone.length) await tx.delete(teamPeople).where(inArray(teamPeople.id, gone));
    const kept = new Set(current.filter((p) => wanted.has(p.userId) && p.state !== 'declined').map((p) => p.userId));
    const fresh = wantedUsers.filter((u) => !kept.has(u.id));
    const added = fresh.map((u) => u.id);
    // Saving the team with a minor still waiting sends the guardian a new link when theirs expired.
    const now = new Date();
    for (const p of current) {
      const user = wantedUsers.find((u) => u.id === p.userId);
      if (!user || p.state !== 'pending' || !RegistrationService.byGuardian(user, role)) continue;
      if (p.guardianTokenExpiresAt && p.guardianTokenExpiresAt > now) continue;
      await this.guardianLink(tx, team, reg, coach, user, p.id);
    }
    if (role === 'member') {
      const taken = await this.takenStudent(tx, reg, added, team.id);
      if (taken) throw new AppError(409, 'team.student_taken', { name: taken.name }, 'members');
    }
    await this.invite(
      tx,
      team,
      reg,
      coach,
      fresh.map((user) => ({ user, role })),
    );
    const removed = current.filter((p) => !wanted.has(p.userId) && p.state !== 'declined').length;
    return { changed: fresh.length > 0 || removed > 0, added };
  }

  /**
   * PUT /api/teams/:id until registration closes: a new name, the members, the other coaches and the
   * entity (`entity_email`, '' for none). New people are invited and accept again; those left out are
   * freed; a new entity confirms again. A submitted team whose people changed waits for them again.
   * An approved team that changes goes back to approval (inactive until an admin approves it again):
   * waiting for its new people, or submitted when only its name changed. Its fee stays paid.
   */
  async update(coach: User, teamId: unknown, body: Body) {
    const name = teamName(body, false);
    const memberIds = body.members === undefined ? undefined : nationalIds(body, 'members', 50);
    const coachIds =
      body.coaches === undefined ? undefined : nationalIds(body, 'coaches', 50).filter((id) => id !== coach.nationalId);
    const entityEmail = entityEmailOf(body);
    let reg: Registration | undefined;
    let added: string[] = [];
    const result = await this.db
      .transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const locked = await this.lockOwnTeam(tx, coach, teamId);
        reg = locked.reg;
        const team = locked.team;
        if (!(['waiting_members', 'submitted', 'approved'] as string[]).includes(team.state))
          throw new AppError(409, 'team.locked');
        this.windowOpen(reg);
        let peopleChanged = false;
        if (memberIds) {
          if (memberIds.length > reg.maxMembers)
            throw new AppError(400, 'team.too_many_members', { max: reg.maxMembers }, 'members');
          const students = await this.students(tx, reg, memberIds);
          const done = await this.replacePeople(tx, team, reg, coach, 'member', students);
          added = done.added;
          peopleChanged ||= done.changed;
        }
        if (coachIds) {
          if (coachIds.length + 1 > reg.maxCoaches)
            throw new AppError(400, 'team.too_many_coaches', { max: reg.maxCoaches }, 'coaches');
          const others = await this.coaches(tx, coachIds);
          const done = await this.replacePeople(tx, team, reg, coach, 'coach', others);
          peopleChanged ||= done.changed;
        }
        if (entityEmail !== undefined) {
          if (!entityEmail && reg.entityRequired) throw new AppError(400, 'team.entity_required', {}, 'entity_email');
          const entity = entityEmail ? await this.entity(tx, entityEmail) : null;
          const [current] = await tx
            .select()
            .from(teamPeople)
            .where(and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, 'entity')));
          const same = current && entity && current.userId === entity.id && current.state !== 'declined';
          if (!same && (current || entity)) {
            if (current) await tx.delete(teamPeople).where(eq(teamPeople.id, current.id));
            await tx.update(teams).set({ entityId: null }).where(eq(teams.id, team.id));
            if (entity) await this.invite(tx, team, reg, coach, [{ user: entity, role: 'entity' }]);
            peopleChanged ||= !(current?.state === 'declined' && !entity);
          }
        }
        const renamed = name !== undefined && name !== team.name;
        if (renamed) await tx.update(teams).set({ name }).where(eq(teams.id, team.id));
        const reapproval = team.state === 'approved' && (peopleChanged || renamed);
        if (reapproval)
          await tx
            .update(teams)
            .set({ state: peopleChanged ? 'waiting_members' : 'submitted', status: false })
            .where(eq(teams.id, team.id));
        else if (peopleChanged && team.state === 'submitted')
          await tx.update(teams).set({ state: 'waiting_members' }).where(eq(teams.id, team.id));
        return { id: team.id, reapproval };
      })
      .catch(async (err) => {
        if (reg && uniqueViolation(err)?.includes('team_people_one_team')) {
          const taken = await this.takenStudent(this.db, reg, added);
          throw new AppError(409, 'team.student_taken', { name: taken?.name ?? '' }, 'members');
        }
        throw err;
      });
    return { team: await this.teamOf(coach, result.id), reapproval: result.reapproval };
  }

  /**
   * DELETE /api/teams/:id: the coach withdraws the team until registration closes; its members are
   * free again. A paid fee is refunded in full through the provider in the same transaction: when the
   * provider refuses, the team stays as it was (and its order paid). Withdrawing again answers the
   * withdrawn team, with no second refund.
   */
  async withdraw(coach: User, teamId: unknown) {
    const result = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const { team, reg } = await this.lockOwnTeam(tx, coach, teamId);
      if (team.state === 'withdrawn') return { id: team.id, refund: null };
      if (team.state === 'rejected') throw new AppError(409, 'team.locked');
      this.windowOpen(reg);
      let refund: RefundOutcome['refund'] | null = null;
      const [paid] = team.paymentStatus
        ? await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.teamId, team.id), eq(orders.orderType, 'team_fee'), eq(orders.status, 'paid')))
            .orderBy(desc(orders.createdAt))
            .limit(1)
        : [];
      if (paid) {
        try {
          ({ refund } = await this.refunds.refundRest(
            tx,
            coach,
            paid.id,
            `Team ${team.teamNo} withdrawn by its coach`,
            `team-withdrawal:${team.id}`,
          ));
        } catch (err) {
          if (err instanceof AppError && err.key === 'refund.provider_refused')
            throw new AppError(502, 'team.refund_failed');
          throw err;
        }
      }
      await tx
        .update(teams)
        .set({ state: 'withdrawn', status: false, ...(refund ? { paymentStatus: false } : {}) })
        .where(eq(teams.id, team.id));
      await tx.update(teamPeople).set({ active: false }).where(eq(teamPeople.teamId, team.id));
      return { id: team.id, refund };
    });
    const team = await this.teamOf(coach, result.id);
    return {
      team,
      refund: result.refund && {
        amount: result.refund.amount,
        currency: team.currency,
        credit_note: result.refund.creditNoteNumber,
      },
    };
  }

  /** POST /api/teams/:id/submit: enough members accepted and the entity confirmed (when required). */
  async submit(coach: User, teamId: unknown) {
    const id = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const { team, reg } = await this.lockOwnTeam(tx, coach, teamId);
      if (team.state !== 'waiting_members') throw new AppError(409, 'team.not_submittable');
      this.windowOpen(reg);
      const [{ accepted }] = await tx
        .select({ accepted: sql<number>`count(*)::int` })
        .from(teamPeople)
        .where(and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, 'member'), eq(teamPeople.state, 'accepted')));
      if (accepted < reg.minMembers) throw new AppError(409, 'team.too_few_members', { min: reg.minMembers });
      if (reg.entityRequired && !team.entityId) throw new AppError(409, 'team.entity_not_confirmed');
      await tx.update(teams).set({ state: 'submitted' }).where(eq(teams.id, team.id));
      return team.id;
    });
    return this.teamOf(coach, id);
  }

  /** POST /api/teams/:id/pay: an order for the registration's fee and the provider's page (as /api/subcripe/). */
  async pay(coach: User, teamId: unknown, lang: Lang) {
    const { team, reg } = await this.db.transaction((tx) => this.lockOwnTeam(tx as unknown as Db, coach, teamId));
    if (team.state === 'withdrawn' || team.state === 'rejected') throw new AppError(409, 'team.locked');
    if (Number(reg.fee) <= 0) throw new AppError(409, 'team.no_fee');
    if (team.paymentStatus) throw new AppError(409, 'team.already_paid');
    return this.payments.payTeamFee(coach, team, { amount: reg.fee, currency: reg.currency }, lang);
  }

  /** Invitations waiting for the member's answer, on teams still forming. */
  async invitations(user: User) {
    const rows = await this.invitationReads.pending.execute({ user: user.id });
    const ids = rows.map((r) => r.team.id);
    const coaches = ids.length ? await this.invitationReads.coaches.execute({ teams: ids }) : [];
    return rows.map((r) =>
      invitationView(
        r.person,
        r.team,
        r.season,
        r.competition,
        coaches.filter((c) => c.teamId === r.team.id),
      ),
    );
  }

  /**
   * Accepts or declines one of the member's invitations. The team's row is locked first, so two
   * members accepting at once are counted one after the other and never exceed the maximum.
   */
  async answer(user: User, invitationId: unknown, accept: boolean) {
    if (!isUuid(invitationId)) throw new AppError(404, 'team.invitation_not_found');
    return this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [found] = await tx
        .select({ teamId: teamPeople.teamId })
        .from(teamPeople)
        .where(and(eq(teamPeople.id, invitationId), eq(teamPeople.userId, user.id)));
      if (!found) throw new AppError(404, 'team.invitation_not_found');
      const [team] = await tx.select().from(teams).where(eq(teams.id, found.teamId)).for('update');
      const [person] = await tx.select().from(teamPeople).where(eq(teamPeople.id, invitationId));
      if (!person || person.state !== 'pending' || !person.active) throw new AppError(409, 'team.invitation_answered');
      if (team.state !== 'waiting_members' && team.state !== 'submitted') throw new AppError(409, 'team.locked');
      const [reg] = await tx.select().from(registrations).where(eq(registrations.id, team.registrationId!));
      if (accept) {
        this.windowOpen(reg);
        if (person.role === 'member') {
          const [{ accepted }] = await tx
            .select({ accepted: sql<number>`count(*)::int` })
            .from(teamPeople)
            .where(
              and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, 'member'), eq(teamPeople.state, 'accepted')),
            );
          if (accepted >= reg.maxMembers) throw new AppError(409, 'team.full', { max: reg.maxMembers });
        }
        if (person.role === 'coach') {
          const [{ accepted }] = await tx
            .select({ accepted: sql<number>`count(*)::int` })
            .from(teamPeople)
            .where(and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, 'coach'), eq(teamPeople.state, 'accepted')));
          if (accepted >= reg.maxCoaches) throw new AppError(409, 'team.too_many_coaches', { max: reg.maxCoaches });
        }
        if (person.role === 'entity') await tx.update(teams).set({ entityId: user.id }).where(eq(teams.id, team.id));
      }
      await tx
        .update(teamPeople)
        .set({ state: accept ? 'accepted' : 'declined', respondedAt: new Date() })
        .where(eq(teamPeople.id, person.id));
      return { state: accept ? ('accepted' as const) : ('declined' as const), team_id: team.id };
    });
  }

  /**
   * The invitation behind a guardian's link: wrong or unknown (404), answered already, also through
   * the student's own page (409: the link is single-use), or expired (410).
   */
  private async guardianInvitationOf(token: unknown) {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token))
      throw new AppError(404, 'team.guardian_link_invalid');
    const [person] = await this.db
      .select()
      .from(teamPeople)
      .where(eq(teamPeople.guardianTokenHash, tokenHash(token)));
    if (!person) throw new AppError(404, 'team.guardian_link_invalid');
    if (person.state !== 'pending' || !person.active) throw new AppError(409, 'team.invitation_answered');
    if (!person.guardianTokenExpiresAt || person.guardianTokenExpiresAt <= new Date())
      throw new AppError(410, 'team.guardian_link_expired');
    return person;
  }

  /** GET /api/team-invitations/guardian/:token: the team, its coaches, the competition and the student. */
  async guardianInvitation(token: unknown) {
    const person = await this.guardianInvitationOf(token);
    const [row] = await this.db
      .select({ team: teams, season: seasons, competition: competitions, student: users })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .innerJoin(competitions, eq(competitions.id, teams.competitionId))
      .innerJoin(users, eq(users.id, person.userId))
      .where(eq(teams.id, person.teamId));
    if (!row || (row.team.state !== 'waiting_members' && row.team.state !== 'submitted'))
      throw new AppError(409, 'team.locked');
    const coaches = await this.db
      .select({ name: users.name })
      .from(teamPeople)
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(and(eq(teamPeople.teamId, row.team.id), eq(teamPeople.role, 'coach'), eq(teamPeople.state, 'accepted')));
    return guardianInvitationView(person, row.team, row.season, row.competition, coaches, row.student);
  }

  /** The guardian accepts or declines for the student, with the same rules as the student's own answer. */
  async guardianAnswer(token: unknown, accept: boolean) {
    const person = await this.guardianInvitationOf(token);
    const [student] = await this.db.select().from(users).where(eq(users.id, person.userId));
    const answered = await this.answer(student, person.id, accept);
    return { ...answered, student: { name: student.name } };
  }

  /** Asks a student who has no account yet to sign up: by the guardian's phone or the student's e-mail. */
  async inviteSignup(coach: User, body: Body, lang: Lang) {
    if (coach.type !== 1) throw new AppError(403, 'team.not_coach');
    const phoneRaw = typeof body.phone === 'string' ? toAsciiDigits(body.phone.trim()) : '';
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const link = `${this.config.memberUrl.replace(/\/+$/, '')}/student/signup/`;
    if (phoneRaw) {
      const mobile = normalizeMobile(phoneRaw);
      if (mobile.error !== null) throw new AppError(400, mobile.error, {}, 'phone');
      await enqueueMessage(this.db, {
        channel: 'whatsapp',
        to: mobile.phone,
        ...templates.teamSignupInvite(lang, { coach: coach.name, link }),
      });
      return;
    }
    if (!email || !isEmail(email)) throw new AppError(400, 'team.signup_invite_target', {}, 'phone');
    await enqueueMessage(this.db, {
      channel: 'email',
      to: email,
      ...templates.teamSignupInvite(lang, { coach: coach.name, link }),
    });
  }
}
