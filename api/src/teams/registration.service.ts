import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ANSWERABLE_TEAM_STATES,
  editNeedsConfirmation,
  isAnswerableTeamState,
  ineligibility,
  isMinor,
  LIVE_TEAM_STATES,
  refusal as teamRefusal,
  type SchoolFeeTeam,
  platformDay,
  TEAM_STATE_ORDER,
  teamActions,
  toAsciiDigits,
  type TeamRole,
} from '@platform/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { isEmail, normalizeMobile } from '../accounts/reference';
import { uniqueViolation } from '../common/unique-violation';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Lang } from '../common/i18n';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import {
  competitions,
  orderLines,
  orders,
  registrations,
  seasons,
  teamInvitationNotices,
  teamPeople,
  teams,
  users,
  type User,
} from '../db/schema';
import { enqueueMessage } from '../outbox/outbox.service';
import { templates } from '../outbox/templates';
import { PaymentsService } from '../payments/payments.service';
import { isRefundOutcome, RefundsService, type Refund } from '../payments/refunds.service';
import * as lifecycle from './lifecycle/team-state';
import { hitLimit } from './lifecycle/limits';
import { competitionName, langOfUser, notifyMember, notifyTeam } from './team-notices';
import type { CreateTeamDto, HandOverDto, InviteSignupDto, UpdateTeamDto } from './team.dto';
import {
  guardianInvitationView,
  invitationView,
  registrationView,
  registeredTeamView,
  type PersonRow,
} from './registration.view';

type Registration = typeof registrations.$inferSelect;
type Team = typeof teams.$inferSelect;

/** How long an invitation (and a guardian's link) stays valid, never past the registration's close. */
export const GUARDIAN_LINK_DAYS = 7;
/** Limits on what one coach can make the platform do (issue 29: a hostile coach). */
export const TEAM_LIMITS = {
  /** Teams a coach registers in 24 hours. */
  teamsPerDay: 10,
  /** People a coach invites in 24 hours (each one a message). */
  invitationsPerDay: 60,
  /** National IDs a coach looks up that cannot be invited, per hour. */
  refusedLookupsPerHour: 10,
  /** Sign-up invitations to people without an account, per day. */
  signupInvitesPerDay: 10,
  /** Invitation messages one person (or their guardian) receives in 24 hours, whoever invites them. */
  messagesPerInviteePerDay: 3,
  /** Teams on one page of GET /api/teams (each a full panel on a phone). */
  pageSize: 10,
} as const;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A person the coach asked for: found, verified, active, of the right type, eligible and free. */
type Invitee = { user: User; role: TeamRole };

/**
 * Team registration for members (issues 20 and 29): coaches with full access register teams for an
 * open registration, invited students, coaches and the entity answer, the team forms (waiting, ready,
 * submitted), the coach pays and staff decide. Every change of a team goes through the lifecycle
 * (lifecycle/team-state.ts) with the team's row locked; the rules are the contract's table.
 */
@Injectable()
export class RegistrationService {
  /** The member's pending invitations, read on every home page: built once as prepared statements. */
  private readonly invitationReads;
  /** The coach's teams, a page at a time: prepared once. */
  private readonly teamReads;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
    private readonly refunds: RefundsService,
  ) {
    // The coach's teams page: its ids in the order coaches read them, then those teams with what they show.
    const order = sql.raw(
      `case "teams"."state" ${Object.entries(TEAM_STATE_ORDER)
        .map(([state, n]) => `when '${state}' then ${n}`)
        .join(' ')} end`,
    );
    this.teamReads = {
      page: db
        .select({ id: teams.id, total: sql<number>`count(*) over ()::int` })
        .from(teams)
        .innerJoin(teamPeople, eq(teamPeople.teamId, teams.id))
        .where(
          and(
            eq(teamPeople.userId, sql.placeholder('user')),
            eq(teamPeople.role, 'coach'),
            eq(teamPeople.state, 'accepted'),
            isNotNull(teams.registrationId),
          ),
        )
        .orderBy(order, desc(teams.createdAt))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('registered_teams_page'),
      byIds: db
        .select({ team: teams, season: seasons, competition: competitions, registration: registrations })
        .from(teams)
        .innerJoin(seasons, eq(seasons.id, teams.seasonId))
        .innerJoin(competitions, eq(competitions.id, teams.competitionId))
        .leftJoin(registrations, eq(registrations.id, teams.registrationId))
        .where(sql`${teams.id} = any(${sql.placeholder('ids')})`)
        .prepare('registered_teams_by_ids'),
      // Everyone in some teams, with their invitation's state (`ids`: an array of team ids).
      people: db
        .select({
          teamId: teamPeople.teamId,
          id: teamPeople.id,
          userId: teamPeople.userId,
          role: teamPeople.role,
          state: teamPeople.state,
          expiresAt: teamPeople.expiresAt,
          childAcceptedAt: teamPeople.childAcceptedAt,
          name: users.name,
          nationalId: users.nationalId,
          email: users.email,
        })
        .from(teamPeople)
        .innerJoin(users, eq(users.id, teamPeople.userId))
        .where(sql`${teamPeople.teamId} = any(${sql.placeholder('ids')})`)
        .orderBy(teamPeople.role, users.name)
        .prepare('registered_teams_people'),
      refunded: db
        .select({ teamId: orders.teamId })
        .from(orders)
        .where(
          and(
            sql`${orders.teamId} = any(${sql.placeholder('ids')})`,
            eq(orders.orderType, 'team_fee'),
            eq(orders.status, 'refunded'),
          ),
        )
        .prepare('registered_teams_refunded'),
    };
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
            // A minor who accepted waits for the guardian: nothing left for them to answer.
            isNull(teamPeople.childAcceptedAt),
            sql`(${teamPeople.expiresAt} is null or ${teamPeople.expiresAt} > now())`,
            inArray(teams.state, [...ANSWERABLE_TEAM_STATES]),
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
      // The students invited to some teams, who did not decline (for the school asked to confirm them).
      members: db
        .select({ teamId: teamPeople.teamId, name: users.name })
        .from(teamPeople)
        .innerJoin(users, eq(users.id, teamPeople.userId))
        .where(
          and(
            sql`${teamPeople.teamId} = any(${sql.placeholder('teams')})`,
            eq(teamPeople.role, 'member'),
            inArray(teamPeople.state, ['pending', 'accepted']),
          ),
        )
        .orderBy(users.name)
        .prepare('team_invitations_members'),
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

  private async registrationFor(seasonId: unknown, competitionId: unknown): Promise<Registration> {
    if (!isUuid(seasonId) || !isUuid(competitionId)) throw new AppError(404, 'team.registration_not_found');
    const [reg] = await this.db
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

  private windowOpen(reg: Registration, now = new Date()) {
    if (now < reg.opensAt) throw new AppError(403, 'team.registration_not_open', { date: platformDay(reg.opensAt) });
    if (now >= reg.closesAt) throw new AppError(403, 'team.registration_closed');
  }

  /**
   * The people a coach names by national ID, each one checked the same way, and refused the same way
   * whatever the reason (no account, not verified, disabled, not eligible, in another team): a look-up
   * never tells a coach a child's name or eligibility. Refused look-ups are limited per coach.
   */
  private async invitees(coach: User, reg: Registration, ids: string[], role: 'member' | 'coach', exceptTeam?: string) {
    if (!ids.length) return [];
    const found = await this.db
      .select()
      .from(users)
      .where(
        and(
          inArray(users.nationalId, ids),
          eq(users.type, role === 'member' ? 0 : 1),
          eq(users.isActive, true),
          eq(users.isVerified, true),
        ),
      );
    const taken =
      role === 'member' && found.length
        ? await this.db
            .select({ userId: teamPeople.userId })
            .from(teamPeople)
            .innerJoin(teams, eq(teams.id, teamPeople.teamId))
            .where(
              and(
                inArray(
                  teamPeople.userId,
                  found.map((u) => u.id),
                ),
                eq(teamPeople.role, 'member'),
                eq(teamPeople.state, 'accepted'),
                eq(teamPeople.active, true),
                eq(teams.seasonId, reg.seasonId),
                eq(teams.competitionId, reg.competitionId),
                inArray(teams.state, [...LIVE_TEAM_STATES]),
                exceptTeam ? ne(teams.id, exceptTeam) : undefined,
              ),
            )
        : [];
    const busy = new Set(taken.map((t) => t.userId));
    const out: User[] = [];
    for (const id of ids) {
      const user = found.find((u) => u.nationalId === id);
      const ok =
        user &&
        (role === 'coach' ||
          (!busy.has(user.id) &&
            ineligibility({ dob: user.dob, grade: user.education?.grade ?? null }, registrationRulesOf(reg)) === null));
      if (!ok) {
        const hits = await hitLimit(this.db, `team-lookup:${coach.id}`, 3_600_000);
        if (hits > TEAM_LIMITS.refusedLookupsPerHour) throw new AppError(429, 'team.lookup_limited');
        throw new AppError(
          404,
          role === 'member' ? 'team.student_unavailable' : 'team.unknown_coach',
          { id },
          role === 'member' ? 'members' : 'coaches',
        );
      }
      out.push(user);
    }
    return out;
  }

  private async entity(email: string): Promise<User> {
    const [entity] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.type, 2), eq(users.isActive, true)));
    if (!entity) throw new AppError(404, 'team.unknown_entity', {}, 'entity_email');
    return entity;
  }

  /** Refuses a coach past the day's limit of teams or invitations (counted in the caller's transaction). */
  private async withinDailyLimits(tx: Db, coach: User, newTeam: boolean, newPeople: number) {
    const since = sql`now() - interval '24 hours'`;
    if (newTeam) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teams)
        .where(and(eq(teams.createdBy, coach.id), sql`${teams.createdAt} > ${since}`));
      if (n >= TEAM_LIMITS.teamsPerDay)
        throw new AppError(429, 'team.too_many_teams_today', { max: TEAM_LIMITS.teamsPerDay });
    }
    if (newPeople > 0) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teamPeople)
        .where(and(eq(teamPeople.invitedBy, coach.id), sql`${teamPeople.invitedAt} > ${since}`));
      if (n + newPeople > TEAM_LIMITS.invitationsPerDay)
        throw new AppError(429, 'team.too_many_invitations_today', { max: TEAM_LIMITS.invitationsPerDay });
    }
  }

  /** A minor with a guardian's phone: the guardian answers for them by a link. */
  private static byGuardian(user: User, role: TeamRole) {
    return role === 'member' && !!user.guardianPhone && isMinor(user.dob);
  }

  /**
   * Invites people to a team. Each person and team gets at most one message, ever (saving the team
   * again, or removing and adding someone, sends nothing more), and a person at most a few a day: the
   * student or coach on their phone or e-mail; a minor with a guardian's phone through the guardian's
   * link (and on their own phone or e-mail when it is not the guardian's). The invitation expires
   * after GUARDIAN_LINK_DAYS days, never past the close; past the limits it waits on the home page.
   */
  private async invite(tx: Db, team: Team, reg: Registration, coach: User, people: Invitee[]) {
    if (!people.length) return;
    const expires = new Date(Math.min(Date.now() + GUARDIAN_LINK_DAYS * 86_400_000, reg.closesAt.getTime()));
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
          invitedBy: coach.id,
          expiresAt: expires,
        })),
      )
      .returning({ id: teamPeople.id, userId: teamPeople.userId });
    const [competition] = await tx.select().from(competitions).where(eq(competitions.id, reg.competitionId));
    for (const { user, role } of people) {
      // However many coaches and teams, a person (or their guardian's phone) gets a few invitations a day;
      // past that the invitation still waits on their home page.
      const [{ today }] = await tx
        .select({ today: sql<number>`count(*)::int` })
        .from(teamInvitationNotices)
        .where(
          and(
            eq(teamInvitationNotices.userId, user.id),
            sql`${teamInvitationNotices.sentAt} > now() - interval '24 hours'`,
          ),
        );
      // Recorded only when a message goes out: one per person and team, a few per person a day.
      const [first] =
        today < TEAM_LIMITS.messagesPerInviteePerDay
          ? await tx
              .insert(teamInvitationNotices)
              .values({ teamId: team.id, userId: user.id })
              .onConflictDoNothing()
              .returning({ userId: teamInvitationNotices.userId })
          : [];
      const personId = rows.find((r) => r.userId === user.id)!.id;
      if (RegistrationService.byGuardian(user, role)) {
        await this.guardianLink(tx, team, competition, user, personId, expires, false, !!first);
        // The student hears of it too, on their own phone or e-mail (never twice on a shared phone).
        const ownPhone = user.phoneNumber && user.phoneNumber !== user.guardianPhone ? user.phoneNumber : null;
        if (first && (ownPhone || (!user.phoneNumber && user.email)))
          await notifyMember(
            tx,
            { ...user, phoneNumber: ownPhone },
            (lang) => this.invitationText(lang, user, team, competition, role),
            {
              guardian: false,
            },
          );
        continue;
      }
      if (first) await notifyMember(tx, user, (lang) => this.invitationText(lang, user, team, competition, role));
    }
  }

  private invitationText(
    lang: Lang,
    user: User,
    team: Team,
    competition: typeof competitions.$inferSelect,
    role: TeamRole,
  ) {
    return templates.teamInvitation(lang, {
      name: user.name,
      teamNo: team.teamNo,
      competition: competitionName(competition, lang),
      role,
      link: this.homeLink(),
    });
  }

  /**
   * Gives the guardian a new single-use link for one invitation (a random token of which only the
   * hash is kept), valid until the invitation expires, and sends it by WhatsApp in the student's
   * language when `send` (the first time for this team, or when the child accepted alone). A new link
   * replaces the previous one.
   */
  private async guardianLink(
    tx: Db,
    team: Team,
    competition: typeof competitions.$inferSelect,
    user: User,
    personId: string,
    expires: Date,
    childAccepted: boolean,
    send: boolean,
  ) {
    if (!send) return;
    const token = randomBytes(24).toString('base64url');
    await tx
      .update(teamPeople)
      .set({ guardianTokenHash: tokenHash(token), guardianTokenExpiresAt: expires })
      .where(eq(teamPeople.id, personId));
    const lang = langOfUser(user);
    await enqueueMessage(tx, {
      channel: 'whatsapp',
      to: user.guardianPhone!,
      ...templates.teamGuardianInvitation(lang, {
        student: user.name,
        teamNo: team.teamNo,
        competition: competitionName(competition, lang),
        link: `${this.homeLink()}invitations/${token}`,
        days: Math.max(1, Math.ceil((expires.getTime() - Date.now()) / 86_400_000)),
        childAccepted,
      }),
    });
  }

  /** POST /api/teams: a coach with full access registers a team; it gets its number at once. */
  async create(coach: User, body: CreateTeamDto) {
    if (coach.type !== 1) throw new AppError(403, 'team.not_coach');
    const reg = await this.registrationFor(body.season_id, body.competition_id);
    this.windowOpen(reg);
    const memberIds = body.members ?? [];
    if (memberIds.length > reg.maxMembers)
      throw new AppError(400, 'team.too_many_members', { max: reg.maxMembers }, 'members');
    const coachIds = (body.coaches ?? []).filter((id) => id !== coach.nationalId);
    if (coachIds.length + 1 > reg.maxCoaches)
      throw new AppError(400, 'team.too_many_coaches', { max: reg.maxCoaches }, 'coaches');
    const email = (body.entity_email ?? '').toLowerCase();
    if (!email && reg.entityRequired) throw new AppError(400, 'team.entity_required', {}, 'entity_email');

    const students = await this.invitees(coach, reg, memberIds, 'member');
    const others = await this.invitees(coach, reg, coachIds, 'coach');
    const entity = email ? await this.entity(email) : null;
    const people: Invitee[] = [
      ...students.map((user) => ({ user, role: 'member' as const })),
      ...others.map((user) => ({ user, role: 'coach' as const })),
      ...(entity ? [{ user: entity, role: 'entity' as const }] : []),
    ];
    const teamId = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await this.withinDailyLimits(tx, coach, true, people.length);
      // Past the registration's cap of teams, the team waits for a place, in order.
      const waitlistedAt = await lifecycle.placeFor(tx, reg);
      const team = await lifecycle.insertRegisteredTeam(tx, {
        waitlistedAt,
        teamNo: await this.nextTeamNo(tx),
        seasonId: reg.seasonId,
        competitionId: reg.competitionId,
        registrationId: reg.id,
        name: body.name!,
        createdBy: coach.id,
      });
      await tx.insert(teamPeople).values({
        teamId: team.id,
        userId: coach.id,
        role: 'coach',
        state: 'accepted',
        respondedAt: new Date(),
        invitedBy: coach.id,
      });
      await this.invite(tx, team, reg, coach, people);
      await lifecycle.reform(tx, team, reg);
      return team.id;
    });
    return this.teamOf(coach, teamId);
  }

  /** The next free number of the sequence (a number staff gave a team by hand is skipped). */
  private async nextTeamNo(tx: Db): Promise<string> {
    for (;;) {
      const result = (await tx.execute(sql`select nextval('team_no_seq')::text as n`)) as unknown as {
        rows: { n: string }[];
      };
      const teamNo = `T-${result.rows[0].n}`;
      const [taken] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.teamNo, teamNo));
      if (!taken) return teamNo;
    }
  }

  /**
   * The coach's registered teams, a page at a time (approved first, then those that need the coach,
   * newest first within each), with everyone's invitation state: four queries whatever the number.
   */
  async mine(user: User, page = 0) {
    // The page's ids first (narrow rows, one prepared statement), then those teams in full.
    const ids = await this.teamReads.page.execute({
      user: user.id,
      limit: TEAM_LIMITS.pageSize,
      offset: page * TEAM_LIMITS.pageSize,
    });
    const total = ids[0]?.total ?? (page > 0 ? await this.countMine(user) : 0);
    const found = ids.length ? await this.teamReads.byIds.execute({ ids: ids.map((r) => r.id) }) : [];
    const rows = ids.map((r) => found.find((f) => f.team.id === r.id)!).filter(Boolean);
    const views = await this.views(user, rows);
    return {
      teams: views,
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(total / TEAM_LIMITS.pageSize)),
      total,
    };
  }

  private async countMine(user: User) {
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(teams)
      .innerJoin(teamPeople, eq(teamPeople.teamId, teams.id))
      .where(
        and(
          eq(teamPeople.userId, user.id),
          eq(teamPeople.role, 'coach'),
          eq(teamPeople.state, 'accepted'),
          isNotNull(teams.registrationId),
        ),
      );
    return n;
  }

  /** The views of some teams: their people and refunds read in one query each. */
  private async views(
    viewer: User,
    rows: {
      team: Team;
      season: typeof seasons.$inferSelect;
      competition: typeof competitions.$inferSelect;
      registration: Registration | null;
    }[],
  ) {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.team.id);
    const now = new Date();
    const people = await this.teamReads.people.execute({ ids });
    // Places on the waiting lists of these teams' registrations (one query, for the teams waiting).
    const waitingRegs = [...new Set(rows.filter((r) => r.team.waitlistedAt).map((r) => r.team.registrationId!))];
    const queue = waitingRegs.length
      ? await this.db
          .select({ id: teams.id, registrationId: teams.registrationId })
          .from(teams)
          .where(
            and(
              inArray(teams.registrationId, waitingRegs),
              inArray(teams.state, [...LIVE_TEAM_STATES]),
              isNotNull(teams.waitlistedAt),
            ),
          )
          .orderBy(asc(teams.waitlistedAt))
      : [];
    const position = (team: Team) => {
      if (!team.waitlistedAt) return null;
      const line = queue.filter((q) => q.registrationId === team.registrationId);
      const at = line.findIndex((q) => q.id === team.id);
      return at < 0 ? null : at + 1;
    };
    const refunded = await this.teamReads.refunded.execute({ ids });
    return rows.map((r) => {
      const mine = people.filter((p) => p.teamId === r.team.id);
      const list: PersonRow[] = mine.map((p) => ({
        id: p.id,
        role: p.role,
        state: p.state === 'pending' && p.expiresAt && p.expiresAt <= now ? 'expired' : p.state,
        name: p.name,
        nationalId: p.nationalId,
        email: p.email,
        guardianPending: p.state === 'pending' && !!p.childAcceptedAt,
        owner: p.userId === r.team.createdBy,
      }));
      const reg = r.registration;
      const facts = lifecycle.factsOf(
        r.team,
        reg,
        {
          members: mine.filter((p) => p.role === 'member' && p.state === 'accepted').length,
          pending: list.filter((p) => p.state === 'pending').length,
        },
        now,
      );
      const actor = lifecycle.actorOf(r.team, viewer);
      return registeredTeamView(r.team, r.season, r.competition, reg, list, {
        feeRefunded: refunded.some((o) => o.teamId === r.team.id),
        owner: actor === 'owner',
        actions: teamActions(actor, facts),
        waitlistPosition: position(r.team),
      });
    });
  }

  private async teamOf(viewer: User, teamId: string) {
    const rows = await this.db
      .select({ team: teams, season: seasons, competition: competitions, registration: registrations })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .innerJoin(competitions, eq(competitions.id, teams.competitionId))
      .leftJoin(registrations, eq(registrations.id, teams.registrationId))
      .where(eq(teams.id, teamId));
    const [view] = await this.views(viewer, rows);
    return view;
  }

  /** Locks the team for a change by one of its accepted coaches (the lifecycle's lock, then the coach's part). */
  private async lockOwnTeam(tx: Db, coach: User, teamId: unknown) {
    const { team, reg } = await lifecycle.lockTeam(tx, teamId);
    if (!reg) throw new AppError(404, 'team.not_found');
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
    return { team, reg, actor: lifecycle.actorOf(team, coach) };
  }

  /**
   * Replaces the people of one role (members, or the coaches other than the caller and the owner):
   * those left out are removed, one who declined or whose invitation expired and is named again is
   * asked again, the new ones are invited. Answers who was removed and who was added.
   */
  private async replacePeople(tx: Db, team: Team, role: 'member' | 'coach', wanted: User[], keep: string[]) {
    const current = (
      await tx
        .select()
        .from(teamPeople)
        .where(and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, role)))
    ).filter((p) => !keep.includes(p.userId));
    const ids = new Set(wanted.map((u) => u.id));
    const now = new Date();
    const lapsed = (p: (typeof current)[number]) =>
      p.state === 'declined' || p.state === 'expired' || (p.state === 'pending' && !!p.expiresAt && p.expiresAt <= now);
    const removed = current.filter((p) => !ids.has(p.userId) && !lapsed(p));
    const gone = current.filter((p) => !ids.has(p.userId) || lapsed(p)).map((p) => p.id);
    const kept = new Set(current.filter((p) => ids.has(p.userId) && !lapsed(p)).map((p) => p.userId));
    const fresh = wanted.filter((u) => !kept.has(u.id));
    return { removed, gone, fresh };
  }

  /**
   * PUT /api/teams/:id until registration closes: a new name, members, other coaches, entity. New
   * people are invited; a team with results cannot change; a change that removes someone, or sends a
   * submitted or approved team back, needs `confirm: true` (409 `team.confirm_needed` otherwise,
   * saying what would happen). An approved team changed goes back to approval and everyone in it,
   * the guardians of its minors and its school are told.
   */
  async update(coach: User, teamId: unknown, body: UpdateTeamDto) {
    if (body.name !== undefined && !body.name) throw new AppError(400, 'team.name_required', {}, 'name');
    const { team: before, reg } = await this.db.transaction((tx) =>
      this.lockOwnTeam(tx as unknown as Db, coach, teamId),
    );
    // The people are looked up before the change's transaction, so a refused look-up is counted.
    const memberIds = body.members;
    const coachIds = body.coaches?.filter((id) => id !== coach.nationalId);
    if (memberIds && memberIds.length > reg.maxMembers)
      throw new AppError(400, 'team.too_many_members', { max: reg.maxMembers }, 'members');
    if (coachIds && coachIds.length + 1 > reg.maxCoaches)
      throw new AppError(400, 'team.too_many_coaches', { max: reg.maxCoaches }, 'coaches');
    const students = memberIds && (await this.invitees(coach, reg, memberIds, 'member', before.id));
    const others = coachIds && (await this.invitees(coach, reg, coachIds, 'coach'));
    const email = body.entity_email === undefined ? undefined : body.entity_email.toLowerCase();
    if (email === '' && reg.entityRequired) throw new AppError(400, 'team.entity_required', {}, 'entity_email');
    const entity = email ? await this.entity(email) : null;

    const result = await this.db
      .transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const { team, actor } = await this.lockOwnTeam(tx, coach, teamId);
        lifecycle.assertAllowed(actor, 'edit', await lifecycle.teamFacts(tx, team, reg));
        const ownerId = team.createdBy ?? coach.id;
        const invite: Invitee[] = [];
        const remove: string[] = [];
        let removedSomeone = false;
        if (students) {
          const d = await this.replacePeople(tx, team, 'member', students, []);
          invite.push(...d.fresh.map((user) => ({ user, role: 'member' as const })));
          remove.push(...d.gone);
          removedSomeone ||= d.removed.length > 0;
        }
        if (others) {
          // The owner stays whoever edits: only they (or staff) hand the team over.
          const wanted = others.filter((u) => u.id !== ownerId);
          if (actor !== 'owner' && !others.some((u) => u.id === ownerId)) {
            const [owner] = await tx.select().from(users).where(eq(users.id, ownerId));
            if (owner && coachIds && !coachIds.includes(owner.nationalId ?? ''))
              throw new AppError(403, 'team.owner_stays', {}, 'coaches');
          }
          const d = await this.replacePeople(tx, team, 'coach', wanted, [coach.id, ownerId]);
          invite.push(...d.fresh.map((user) => ({ user, role: 'coach' as const })));
          remove.push(...d.gone);
          removedSomeone ||= d.removed.length > 0;
        }
        let entityChanged = false;
        if (email !== undefined) {
          const [current] = await tx
            .select()
            .from(teamPeople)
            .where(and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, 'entity')));
          const same = current && entity && current.userId === entity.id && current.state !== 'declined';
          if (!same && (current || entity)) {
            if (current) remove.push(current.id);
            if (entity) invite.push({ user: entity, role: 'entity' });
            entityChanged = true;
            removedSomeone ||= !!current && current.state !== 'declined';
          }
        }
        const renamed = body.name !== undefined && body.name !== team.name;
        const changed = invite.length > 0 || remove.length > 0 || entityChanged || renamed;
        if (!changed) return { id: team.id, message: 'team.updated' as const };
        const sendsBack =
          editNeedsConfirmation(team.state) && (invite.length > 0 || removedSomeone || entityChanged || renamed);
        if ((removedSomeone || sendsBack) && body.confirm !== true)
          throw new AppError(
            409,
            team.state === 'approved'
              ? 'team.confirm_reapproval'
              : sendsBack
                ? 'team.confirm_resubmit'
                : 'team.confirm_removal',
            {},
            // The field the page sends again to confirm (its form shows the message and a confirm button).
            'confirm',
          );
        await this.withinDailyLimits(tx, coach, false, invite.length);
        if (remove.length) await tx.delete(teamPeople).where(inArray(teamPeople.id, remove));
        if (entityChanged) await lifecycle.setEntity(tx, team.id, null);
        if (renamed) await lifecycle.rename(tx, team.id, body.name!);
        await this.invite(tx, team, reg, coach, invite);
        const after = await lifecycle.afterEdit(tx, { ...team, entityId: entityChanged ? null : team.entityId }, reg);
        if (team.state === 'approved' && after.state !== 'approved')
          await notifyTeam(tx, team, (lang, p) => templates.teamBackToApproval(lang, { ...p, teamNo: team.teamNo }));
        return {
          id: team.id,
          message: team.state === 'approved' ? ('team.back_to_approval' as const) : ('team.updated' as const),
        };
      })
      .catch((err) => {
        if (uniqueViolation(err)?.includes('team_people')) throw new AppError(409, 'team.changed_meanwhile');
        throw err;
      });
    return { team: await this.teamOf(coach, result.id), message: result.message };
  }

  /**
   * DELETE /api/teams/:id: the owner withdraws the team until registration closes (the page asks
   * first); its people are free again and every paid fee order of the team is refunded in full
   * through the provider. No lock is held while the provider is asked (decision record 022): the
   * refunds are recorded as pending and committed, then asked, and the settling of the last one
   * withdraws the team (by the request, or by the reconciler when the answer was lost). When the
   * provider refuses, the team stays as it was. Withdrawing again answers the withdrawn team, with
   * no second refund.
   */
  async withdraw(coach: User, teamId: unknown) {
    const begun = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const { team, reg, actor } = await this.lockOwnTeam(tx, coach, teamId);
      if (team.state === 'withdrawn') return { id: team.id, pending: [] as Refund[] };
      lifecycle.assertAllowed(actor, 'withdraw', await lifecycle.teamFacts(tx, team, reg));
      const paid = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.teamId, team.id), eq(orders.orderType, 'team_fee'), eq(orders.status, 'paid')))
        .orderBy(asc(orders.createdAt));
      // Lines of a school's orders for several teams that paid this team's fee (that line alone goes back).
      const lines = await tx
        .select({ id: orders.id })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orderLines.teamId, team.id), eq(orders.status, 'paid')))
        .orderBy(asc(orders.createdAt));
      const pending: Refund[] = [];
      for (const order of lines) {
        const begun = await this.refunds
          .beginLine(
            tx,
            coach,
            order.id,
            team.id,
            `Team ${team.teamNo} withdrawn by its coach`,
            `team-withdrawal:${team.id}:${order.id}`,
          )
          .catch((err: unknown) => {
            // That line given back already (by staff): nothing more to refund for it.
            if (err instanceof AppError && err.key === 'refund.line_refunded') return null;
            throw err;
          });
        if (begun) pending.push(begun.refund);
      }
      for (const order of paid) {
        const { refund } = await this.refunds.beginRest(
          tx,
          coach,
          order.id,
          `Team ${team.teamNo} withdrawn by its coach`,
          `team-withdrawal:${team.id}:${order.id}`,
        );
        pending.push(refund);
      }
      // Nothing to refund: withdrawn at once.
      if (pending.length === 0) await lifecycle.withdraw(tx, team, reg, actor);
      return { id: team.id, pending };
    });
    // Committed: the provider is asked outside any transaction; the last settled refund withdraws the team.
    const done: Refund[] = [];
    for (const pending of begun.pending) {
      try {
        done.push((await this.refunds.complete(pending)).refund);
      } catch (err) {
        if (!isRefundOutcome(err)) throw err;
        if (err.key === 'refund.provider_refused') throw new AppError(502, 'team.refund_failed');
        throw new AppError(502, 'team.refund_pending');
      }
    }
    const team = await this.teamOf(coach, begun.id);
    const amount = done.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    return {
      team,
      refund: done.length
        ? {
            amount: (amount / 100).toFixed(2),
            currency: team.currency,
            credit_note: done.map((r) => r.creditNoteNumber).join(', '),
          }
        : null,
    };
  }

  /** POST /api/teams/:id/submit: a ready team, or one sent back for changes and corrected. */
  async submit(coach: User, teamId: unknown) {
    const id = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const { team, reg, actor } = await this.lockOwnTeam(tx, coach, teamId);
      await lifecycle.submit(tx, team, reg, actor);
      return team.id;
    });
    return this.teamOf(coach, id);
  }

  /** POST /api/teams/:id/owner: the owner hands the team over to another of its accepted coaches. */
  async handOver(coach: User, teamId: unknown, body: HandOverDto) {
    const nationalId = toAsciiDigits(body.national_id ?? '');
    const id = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const { team, reg, actor } = await this.lockOwnTeam(tx, coach, teamId);
      const [next] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.nationalId, nationalId), eq(users.type, 1)));
      await lifecycle.handOver(tx, team, reg, actor, next?.id ?? '');
      return team.id;
    });
    return this.teamOf(coach, id);
  }

  /** POST /api/teams/:id/pay: the open order for the registration's fee, or a new one, and the provider's page. */
  async pay(coach: User, teamId: unknown, lang: Lang) {
    const { team, reg } = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const locked = await this.lockOwnTeam(tx, coach, teamId);
      lifecycle.assertAllowed(locked.actor, 'pay', await lifecycle.teamFacts(tx, locked.team, locked.reg));
      return locked;
    });
    // The provider is called after the team's lock is released (no provider call inside a lock).
    return this.payments.payTeamFee(coach, team, { amount: reg.fee, currency: reg.currency }, lang);
  }

  /**
   * GET /api/school/team-fees: the teams a school represents whose fee it may pay now (the
   * contract's `pay` for the school: registration open, a fee due, not on a waiting list).
   */
  async schoolFees(entity: User): Promise<SchoolFeeTeam[]> {
    const rows = await this.db
      .select({ team: teams, season: seasons, competition: competitions, registration: registrations })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .innerJoin(competitions, eq(competitions.id, teams.competitionId))
      .innerJoin(registrations, eq(registrations.id, teams.registrationId))
      .where(and(eq(teams.entityId, entity.id), inArray(teams.state, [...LIVE_TEAM_STATES])))
      .orderBy(asc(teams.teamNo));
    const now = new Date();
    return (
      rows
        // The people's counts do not matter to paying.
        .filter(
          (r) =>
            teamRefusal('school', 'pay', lifecycle.factsOf(r.team, r.registration, { members: 0, pending: 0 }, now)) ===
            null,
        )
        .map((r) => ({
          _id: r.team.id,
          team_no: r.team.teamNo,
          season: { _id: r.season.id, name: r.season.name, name_en: r.season.nameEn },
          competition: { _id: r.competition.id, name: r.competition.name, name_en: r.competition.nameEn },
          amount: r.registration.fee,
          currency: r.registration.currency,
        }))
    );
  }

  /**
   * POST /api/school/team-fees/pay: a school pays several of its teams' fees in one order (one
   * payment, one line per team, one invoice). Each team is checked under its lock (the school's
   * own, a fee due, registration open); the provider is called after the locks are released.
   */
  async paySchoolFees(entity: User, teamIds: string[] | undefined, lang: Lang) {
    const ids = [...new Set(teamIds ?? [])];
    if (!ids.length) throw new AppError(400, 'team.fees_none_selected', {}, 'team_ids');
    const chosen = await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const picked: { id: string; teamNo: string; amount: string; currency: string }[] = [];
      // In the order of their ids, as a payment's settling takes them.
      for (const id of [...ids].sort()) {
        const locked = isUuid(id) ? await lifecycle.lockTeam(tx, id).catch(() => null) : null;
        // Another school's team reads as one whose fee is not due (nothing is revealed about it).
        if (!locked || locked.team.entityId !== entity.id || !locked.reg)
          throw new AppError(409, 'team.fee_not_due_for_school', { team: locked?.team.teamNo ?? '—' }, 'team_ids');
        const facts = await lifecycle.teamFacts(tx, locked.team, locked.reg);
        if (teamRefusal('school', 'pay', facts) !== null)
          throw new AppError(409, 'team.fee_not_due_for_school', { team: locked.team.teamNo }, 'team_ids');
        picked.push({ id, teamNo: locked.team.teamNo, amount: locked.reg.fee, currency: locked.reg.currency });
      }
      return picked;
    });
    const currencies = new Set(chosen.map((t) => t.currency));
    if (currencies.size > 1) throw new AppError(400, 'team.fees_mixed_currencies', {}, 'team_ids');
    // As chosen on the page, by team number.
    chosen.sort((a, b) => a.teamNo.localeCompare(b.teamNo));
    return this.payments.payTeamFees(entity, chosen, chosen[0].currency, lang);
  }

  /** Invitations waiting for the member's answer, on teams still forming. */
  async invitations(user: User) {
    const rows = await this.invitationReads.pending.execute({ user: user.id });
    const ids = rows.map((r) => r.team.id);
    const coaches = ids.length ? await this.invitationReads.coaches.execute({ teams: ids }) : [];
    // A school confirms a team knowing who is in it.
    const schoolTeams = rows.filter((r) => r.person.role === 'entity').map((r) => r.team.id);
    const members = schoolTeams.length ? await this.invitationReads.members.execute({ teams: schoolTeams }) : [];
    return rows.map((r) =>
      invitationView(
        r.person,
        r.team,
        r.season,
        r.competition,
        coaches.filter((c) => c.teamId === r.team.id),
        r.person.role === 'entity' ? members.filter((m) => m.teamId === r.team.id) : undefined,
      ),
    );
  }

  /**
   * Accepts or declines one of the member's invitations, with the team's row locked (two members
   * accepting at once are counted one after the other). A student accepting is checked again
   * (eligible, not in another team); accepting clears their other pending invitations of the
   * competition. A minor whose guardian has a phone accepts for the guardian to confirm: the place
   * waits for the guardian's link. The team forms again after every answer.
   */
  async answer(user: User, invitationId: unknown, accept: boolean, { byGuardian = false } = {}) {
    if (!isUuid(invitationId)) throw new AppError(404, 'team.invitation_not_found');
    return this.db
      .transaction(async (raw) => {
        const tx = raw as unknown as Db;
        // One member's answers one after the other (their row first, then the team's): two teams
        // accepted at once would otherwise each clear the other's invitation and deadlock.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [found] = await tx
          .select({ teamId: teamPeople.teamId })
          .from(teamPeople)
          .where(and(eq(teamPeople.id, invitationId), eq(teamPeople.userId, user.id)));
        if (!found) throw new AppError(404, 'team.invitation_not_found');
        const { team, reg } = await lifecycle.lockTeam(tx, found.teamId);
        const [person] = await tx.select().from(teamPeople).where(eq(teamPeople.id, invitationId));
        const now = new Date();
        if (!person || person.state !== 'pending' || !person.active)
          throw new AppError(409, 'team.invitation_answered');
        if (person.expiresAt && person.expiresAt <= now) throw new AppError(410, 'team.invitation_expired');
        if (!byGuardian && person.childAcceptedAt) throw new AppError(409, 'team.waiting_for_guardian');
        if (!isAnswerableTeamState(team.state) || !reg) throw new AppError(409, 'team.locked');
        if (accept) {
          this.windowOpen(reg);
          if (person.role === 'member') {
            const why = ineligibility(
              { dob: user.dob, grade: user.education?.grade ?? null },
              registrationRulesOf(reg),
            );
            if (why) throw eligibilityError(why);
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
              .where(
                and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, 'coach'), eq(teamPeople.state, 'accepted')),
              );
            if (accepted >= reg.maxCoaches) throw new AppError(409, 'team.too_many_coaches', { max: reg.maxCoaches });
          }
          // A minor accepting alone: the guardian confirms by their link (the guardian is told what the child did).
          if (!byGuardian && RegistrationService.byGuardian(user, person.role)) {
            await tx.update(teamPeople).set({ childAcceptedAt: now }).where(eq(teamPeople.id, person.id));
            const [competition] = await tx.select().from(competitions).where(eq(competitions.id, team.competitionId));
            const expires = person.expiresAt ?? reg.closesAt;
            await this.guardianLink(tx, team, competition, user, person.id, expires, true, true);
            return { state: 'pending' as const, team_id: team.id, guardian_pending: true };
          }
          if (person.role === 'entity') await lifecycle.setEntity(tx, team.id, user.id);
        }
        await tx
          .update(teamPeople)
          .set({ state: accept ? 'accepted' : 'declined', respondedAt: now })
          .where(eq(teamPeople.id, person.id));
        if (accept && person.role === 'member')
          // The student's other invitations of this competition and season are cleared.
          await tx
            .update(teamPeople)
            .set({ state: 'expired' })
            .where(
              and(
                eq(teamPeople.userId, user.id),
                eq(teamPeople.role, 'member'),
                eq(teamPeople.state, 'pending'),
                eq(teamPeople.seasonId, reg.seasonId),
                eq(teamPeople.competitionId, reg.competitionId),
                ne(teamPeople.id, person.id),
              ),
            );
        if (!accept && !byGuardian && RegistrationService.byGuardian(user, person.role)) {
          const [competition] = await tx.select().from(competitions).where(eq(competitions.id, team.competitionId));
          const lang = langOfUser(user);
          await enqueueMessage(tx, {
            channel: 'whatsapp',
            to: user.guardianPhone!,
            ...templates.teamChildDeclined(lang, {
              student: user.name,
              teamNo: team.teamNo,
              competition: competitionName(competition, lang),
            }),
          });
        }
        const [fresh] = await tx.select().from(teams).where(eq(teams.id, team.id));
        await lifecycle.reform(tx, fresh, reg);
        return {
          state: accept ? ('accepted' as const) : ('declined' as const),
          team_id: team.id,
          guardian_pending: false,
        };
      })
      .catch((err) => {
        if (uniqueViolation(err)?.includes('team_people_one_team'))
          throw new AppError(409, 'team.you_are_in_another_team');
        throw err;
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
    if (!row || !isAnswerableTeamState(row.team.state)) throw new AppError(409, 'team.locked');
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
    const answered = await this.answer(student, person.id, accept, { byGuardian: true });
    return { ...answered, student: { name: student.name } };
  }

  /**
   * Asks someone who has no account yet to sign up as a student: by the guardian's phone or the
   * student's e-mail. The message carries no coach's words; a coach sends a few a day.
   */
  async inviteSignup(coach: User, body: InviteSignupDto, lang: Lang) {
    if (coach.type !== 1) throw new AppError(403, 'team.not_coach');
    const phoneRaw = toAsciiDigits(body.phone ?? '');
    const email = (body.email ?? '').toLowerCase();
    const link = `${this.config.memberUrl.replace(/\/+$/, '')}/student/signup/`;
    let target: { channel: 'whatsapp' | 'email'; to: string };
    if (phoneRaw) {
      const mobile = normalizeMobile(phoneRaw);
      if (mobile.error !== null) throw new AppError(400, mobile.error, {}, 'phone');
      target = { channel: 'whatsapp', to: mobile.phone };
    } else {
      if (!email || !isEmail(email)) throw new AppError(400, 'team.signup_invite_target', {}, 'phone');
      target = { channel: 'email', to: email };
    }
    const hits = await hitLimit(this.db, `team-signup-invite:${coach.id}`, 86_400_000);
    if (hits > TEAM_LIMITS.signupInvitesPerDay)
      throw new AppError(429, 'team.too_many_signup_invites', { max: TEAM_LIMITS.signupInvitesPerDay });
    await enqueueMessage(this.db, { ...target, ...templates.teamSignupInvite(lang, { link }) });
  }
}

/** A registration's eligibility rules as the contract's functions read them. */
function registrationRulesOf(reg: Registration) {
  return { grades: reg.grades, min_age: reg.minAge, max_age: reg.maxAge, age_on: reg.ageOn };
}

/** The refusal telling a student why they are not eligible: the rule, and their age or grade on the day. */
function eligibilityError(why: NonNullable<ReturnType<typeof ineligibility>>): AppError {
  if (why.rule === 'grade')
    return new AppError(403, 'team.not_eligible_grade', { grade: why.grade ?? '—', grades: why.grades.join('، ') });
  if (why.rule === 'no_dob') return new AppError(403, 'team.not_eligible_no_dob');
  return new AppError(403, 'team.not_eligible_age', {
    age: why.age ?? '—',
    min: why.min ?? '—',
    max: why.max ?? '—',
    date: why.on,
  });
}
