import {
  formingState,
  ineligibility,
  isLiveTeamState,
  LIVE_TEAM_STATES,
  refusal,
  type TeamAction,
  type TeamActor,
  type TeamFacts,
  type TeamState,
} from '@platform/contract';
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { AuditService } from '../../audit/audit.service';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import type { Db } from '../../core/database';
import { orderLines, orders, registrations, teamPeople, teams, users, type User } from '../../db/schema';
import { templates } from '../../outbox/templates';
import { notifyDecision, notifyTeam } from '../team-notices';

/**
 * The team lifecycle's one writer (issue 29, decision "one owner per domain"): every change of a
 * team's state, payment state and result goes through these functions, inside the caller's
 * transaction with the team's row locked (lockTeam). The member routes (RegistrationService), the
 * back-office's teams resource, payments and refunds, and the results import call them; no other
 * module updates the `teams` table (api/test/team-lifecycle.spec.ts checks the sources).
 * The transitions themselves are the contract's table (packages/contract/src/team-lifecycle.ts).
 */

export type Team = typeof teams.$inferSelect;
export type Registration = typeof registrations.$inferSelect;

/** Locks a team (FOR UPDATE) and reads its registration: every change of a team starts here. */
export async function lockTeam(tx: Db, teamId: unknown): Promise<{ team: Team; reg: Registration | null }> {
  if (!isUuid(teamId)) throw new AppError(404, 'team.not_found');
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  if (!team) throw new AppError(404, 'team.not_found');
  const [reg] = team.registrationId
    ? await tx.select().from(registrations).where(eq(registrations.id, team.registrationId))
    : [];
  return { team, reg: reg ?? null };
}

/** A pending invitation that has not expired (the one state that waits for someone). */
export const stillPending = (now: Date) =>
  and(eq(teamPeople.state, 'pending'), or(isNull(teamPeople.expiresAt), gt(teamPeople.expiresAt, now)));

/** What the contract's rules read of a team, counted from its people and registration. */
export async function teamFacts(tx: Db, team: Team, reg: Registration | null, now = new Date()): Promise<TeamFacts> {
  const [counts] = await tx
    .select({
      members: sql<number>`count(*) filter (where ${teamPeople.role} = 'member' and ${teamPeople.state} = 'accepted')::int`,
      pending: sql<number>`count(*) filter (where ${stillPending(now)})::int`,
    })
    .from(teamPeople)
    .where(eq(teamPeople.teamId, team.id));
  return factsOf(team, reg, counts, now);
}

/**
 * The contract's facts of a team from its row, its registration and the counts of its people (members
 * who accepted, invitations still pending): the one place these rules are worked out, for the
 * lifecycle's checks and the coach's view alike.
 */
export function factsOf(
  team: Team,
  reg: Registration | null,
  counts: { members: number; pending: number },
  now = new Date(),
): TeamFacts {
  const fee = reg ? Number(reg.fee) > 0 : false;
  return {
    state: team.state,
    open: !!reg && reg.opensAt <= now && now < reg.closesAt,
    feeDue: fee && !team.paymentStatus,
    paid: fee && team.paymentStatus,
    hasResult: team.score !== null || team.ranked !== null,
    complete:
      !!reg &&
      counts.members >= reg.minMembers &&
      counts.pending === 0 &&
      (!reg.entityRequired || team.entityId !== null),
    waitlisted: team.waitlistedAt !== null,
  };
}

/** The coach's part in a team: its owner (who registered it), or another coach. */
export const actorOf = (team: Team, user: Pick<User, 'id'>): TeamActor =>
  team.createdBy === user.id ? 'owner' : 'coach';

/** Refuses an action the contract's table does not allow now, with the sentence of why. */
export function assertAllowed(actor: TeamActor, action: TeamAction, facts: TeamFacts) {
  const why = refusal(actor, action, facts);
  if (why === 'team.action_not_allowed') throw new AppError(409, 'team.action_not_allowed', { state: facts.state });
  if (why === 'team.registration_closed' || why === 'team.not_owner') throw new AppError(403, why);
  if (why) throw new AppError(409, why);
}

/**
 * Whether a new team of a registration gets a place or waits (its cap reached), counted with the
 * registration's row locked so two coaches registering at once cannot both take the last place.
 * Answers when the team starts waiting, or null.
 */
export async function placeFor(tx: Db, reg: Registration): Promise<Date | null> {
  await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.id, reg.id)).for('update');
  if (reg.maxTeams === null) return null;
  const [{ placed }] = await tx
    .select({ placed: sql<number>`count(*)::int` })
    .from(teams)
    .where(
      and(eq(teams.registrationId, reg.id), inArray(teams.state, [...LIVE_TEAM_STATES]), isNull(teams.waitlistedAt)),
    );
  return placed >= reg.maxTeams ? new Date() : null;
}

/**
 * A team with a place left (withdrawn or rejected): the first team waiting on the registration's list
 * moves up, forms on (submitted at once when nothing else is due) and is told. A waiting team busy
 * with its own change is passed over (SKIP LOCKED) rather than waited for.
 */
async function promoteNext(tx: Db, registrationId: string) {
  const [reg] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for('update');
  if (!reg || reg.maxTeams === null) return;
  const [{ placed }] = await tx
    .select({ placed: sql<number>`count(*)::int` })
    .from(teams)
    .where(
      and(eq(teams.registrationId, reg.id), inArray(teams.state, [...LIVE_TEAM_STATES]), isNull(teams.waitlistedAt)),
    );
  if (placed >= reg.maxTeams) return;
  const [next] = await tx
    .select()
    .from(teams)
    .where(
      and(eq(teams.registrationId, reg.id), inArray(teams.state, [...LIVE_TEAM_STATES]), isNotNull(teams.waitlistedAt)),
    )
    .orderBy(asc(teams.waitlistedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!next) return;
  const [placedTeam] = await tx.update(teams).set({ waitlistedAt: null }).where(eq(teams.id, next.id)).returning();
  await reform(tx, placedTeam, reg);
  await notifyTeam(tx, placedTeam, (lang, p) => templates.teamPlaceOpened(lang, { ...p, teamNo: placedTeam.teamNo }));
}

/** Writes a team's new state: active only when approved; the reason kept for a rejection or requested changes. */
async function writeState(tx: Db, team: Team, state: TeamState, reason?: string | null): Promise<Team> {
  const [after] = await tx
    .update(teams)
    .set({
      state,
      status: state === 'approved',
      ...(reason !== undefined ? { reason } : {}),
    })
    .where(eq(teams.id, team.id))
    .returning();
  // A withdrawn or rejected team frees its people; nobody's invitation is waiting any more; its place goes to the next team waiting.
  if (!isLiveTeamState(state)) {
    await tx.update(teamPeople).set({ active: false }).where(eq(teamPeople.teamId, team.id));
    if (team.registrationId && team.waitlistedAt === null && isLiveTeamState(team.state))
      await promoteNext(tx, team.registrationId);
  }
  return after;
}

/**
 * Works out a forming team's state again after its people, entity or payment changed: waiting for
 * its people, ready, or submitted at once when nothing else is due. A team in another state is left
 * as it is (a submitted team stays submitted when someone's answer arrives late).
 */
export async function reform(tx: Db, team: Team, reg: Registration | null, now = new Date()): Promise<Team> {
  if (team.state !== 'waiting_members' && team.state !== 'ready') return team;
  const next = formingState(await teamFacts(tx, team, reg, now));
  return next === team.state ? team : writeState(tx, team, next);
}

/**
 * A coach's edit was saved: the team forms again (waiting, ready or submitted). A submitted or
 * approved team leaves the queue or its approval (the caller asked the coach to confirm and tells
 * everyone); a team with changes requested stays so until the coach sends it again.
 */
export async function afterEdit(tx: Db, team: Team, reg: Registration | null, now = new Date()): Promise<Team> {
  if (team.state === 'changes_requested') return team;
  const next = formingState(await teamFacts(tx, team, reg, now));
  return next === team.state ? team : writeState(tx, team, next, team.state === 'approved' ? null : undefined);
}

/**
 * The first accepted member who is no longer eligible (a birthday, a grade corrected by staff since
 * they accepted), with why: checked again at every submission and approval.
 */
export async function ineligibleMember(tx: Db, team: Team, reg: Registration | null) {
  if (!reg) return null;
  const members = await tx
    .select({ name: users.name, dob: users.dob, education: users.education })
    .from(teamPeople)
    .innerJoin(users, eq(users.id, teamPeople.userId))
    .where(and(eq(teamPeople.teamId, team.id), eq(teamPeople.role, 'member'), eq(teamPeople.state, 'accepted')));
  const rules = { grades: reg.grades, min_age: reg.minAge, max_age: reg.maxAge, age_on: reg.ageOn };
  for (const m of members) {
    const why = ineligibility({ dob: m.dob, grade: m.education?.grade ?? null }, rules);
    if (why) return { name: m.name, why };
  }
  return null;
}

/** Refuses a submission or an approval while an accepted member is not eligible, naming them and the rule. */
async function assertMembersEligible(tx: Db, team: Team, reg: Registration | null) {
  const found = await ineligibleMember(tx, team, reg);
  if (!found) return;
  const { name, why } = found;
  if (why.rule === 'grade')
    throw new AppError(409, 'team.member_not_eligible_grade', {
      name,
      grade: why.grade ?? '—',
      grades: why.grades.join('، '),
    });
  if (why.rule === 'no_dob') throw new AppError(409, 'team.member_not_eligible_no_dob', { name });
  throw new AppError(409, 'team.member_not_eligible_age', {
    name,
    age: why.age ?? '—',
    min: why.min ?? '—',
    max: why.max ?? '—',
    date: why.on,
  });
}

/** The coach submits (a ready team, or one sent back for changes and corrected); its members are checked again. */
export async function submit(tx: Db, team: Team, reg: Registration | null, actor: TeamActor): Promise<Team> {
  assertAllowed(actor, 'submit', await teamFacts(tx, team, reg));
  await assertMembersEligible(tx, team, reg);
  return writeState(tx, team, 'submitted');
}

/**
 * The owner withdraws the team (the caller refunds its paid fees first); everyone in it and the
 * guardians of its minors are told, each in their language.
 */
export async function withdraw(tx: Db, team: Team, reg: Registration | null, actor: TeamActor): Promise<Team> {
  assertAllowed(actor, 'withdraw', await teamFacts(tx, team, reg));
  await notifyTeam(tx, team, (lang, p) => templates.teamWithdrawn(lang, { ...p, teamNo: team.teamNo }));
  return writeState(tx, team, 'withdrawn');
}

/** A staff member's decision on a team, audited as them, and everyone in the team told. */
export async function decide(
  tx: Db,
  team: Team,
  reg: Registration | null,
  decision: 'approved' | 'rejected' | 'changes_requested',
  reason: string | null,
): Promise<Team> {
  const action = decision === 'approved' ? 'approve' : decision === 'rejected' ? 'reject' : 'request_changes';
  assertAllowed('staff', action, await teamFacts(tx, team, reg));
  if (decision !== 'approved' && !reason) throw new AppError(400, 'team.reason_required', {}, 'reason');
  if (decision === 'approved') await assertMembersEligible(tx, team, reg);
  const after = await writeState(tx, team, decision, reason || null);
  await notifyDecision(tx, team, decision, reason || null);
  return after;
}

/** Staff record a payment made outside the provider (cash, a transfer), with its reason, audited. */
export async function recordManualPayment(
  tx: Db,
  audits: AuditService,
  staff: User,
  team: Team,
  reg: Registration | null,
  reason: string,
): Promise<Team> {
  assertAllowed('staff', 'record_payment', await teamFacts(tx, team, reg));
  const [paid] = await tx.update(teams).set({ paymentStatus: true }).where(eq(teams.id, team.id)).returning();
  await audits.record(tx, {
    actor: staff,
    action: 'update',
    resource: 'teams',
    recordId: team.id,
    before: { payment_status: false },
    after: { payment_status: true, manual_payment_reason: reason },
  });
  return reform(tx, paid, reg);
}

/**
 * A team fee order was paid (the provider's answer, under the team's lock). `counted`: the team is
 * paid now (and submitted when nothing else was due); `refund`: the team was withdrawn or rejected
 * meanwhile, or its fee was already paid by another order (two tabs): the caller refunds this one.
 */
export async function feePaid(tx: Db, team: Team): Promise<'counted' | 'refund'> {
  if (!isLiveTeamState(team.state)) return 'refund';
  // Paid already (by another order, two tabs, or recorded by staff): a second payment of one fee goes back.
  if (team.paymentStatus) return 'refund';
  const [paid] = await tx.update(teams).set({ paymentStatus: true }).where(eq(teams.id, team.id)).returning();
  const [reg] = paid.registrationId
    ? await tx.select().from(registrations).where(eq(registrations.id, paid.registrationId))
    : [];
  await reform(tx, paid, reg ?? null);
  return 'counted';
}

/**
 * A team fee order was refunded in full (or this team's line of a school's order): the team is
 * unpaid unless another of its fee orders (or lines) is still paid.
 */
export async function feeRefunded(tx: Db, teamId: string, orderId: string): Promise<void> {
  const [other] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.teamId, teamId),
        eq(orders.orderType, 'team_fee'),
        eq(orders.status, 'paid'),
        ne(orders.id, orderId),
      ),
    )
    .limit(1);
  if (other) return;
  // Nor paid by a line of a school's order for several teams that was not refunded.
  const [line] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.teamId, teamId),
        ne(orders.id, orderId),
        inArray(orders.status, ['paid', 'refunded']),
        sql`NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = ${orders.id} AND r.team_id = ${teamId} AND r.status IN ('pending', 'settled'))`,
      ),
    )
    .limit(1);
  if (!line) await tx.update(teams).set({ paymentStatus: false }).where(eq(teams.id, teamId));
}

/**
 * The owner (or staff) hands the team over to another coach who accepted a place in it: the new
 * owner withdraws it, hands it on, and cannot be removed by the others.
 */
export async function handOver(tx: Db, team: Team, reg: Registration | null, actor: TeamActor, coachId: string) {
  assertAllowed(actor, 'hand_over', await teamFacts(tx, team, reg));
  const [coach] = await tx
    .select({ id: teamPeople.userId })
    .from(teamPeople)
    .where(
      and(
        eq(teamPeople.teamId, team.id),
        eq(teamPeople.userId, coachId),
        eq(teamPeople.role, 'coach'),
        eq(teamPeople.state, 'accepted'),
      ),
    );
  if (!coach || coachId === team.createdBy) throw new AppError(400, 'team.new_owner_not_coach', {}, 'national_id');
  const [after] = await tx.update(teams).set({ createdBy: coachId }).where(eq(teams.id, team.id)).returning();
  return after;
}

/**
 * Results from the import: each approved team's score and rank (the import checked the rows). A team
 * whose result is new or changed is told at once (results are shown to its members as soon as they
 * are recorded: there is no separate publishing step); importing the same file again tells nobody.
 */
export async function recordResults(tx: Db, rows: { teamId: string; score: string; ranked: number }[]): Promise<void> {
  for (const r of rows) {
    const [before] = await tx
      .select()
      .from(teams)
      .where(and(eq(teams.id, r.teamId), eq(teams.state, 'approved')))
      .for('update');
    if (!before) continue;
    const [after] = await tx
      .update(teams)
      .set({ score: Number(r.score).toFixed(2), ranked: r.ranked })
      .where(eq(teams.id, before.id))
      .returning();
    await resultRecorded(tx, before, after);
  }
}

/**
 * Tells a team its result when it is new or changed (a score and a rank both given): after the
 * results import, and after staff edit a team's score or rank in the back-office.
 */
export async function resultRecorded(
  tx: Db,
  before: Pick<Team, 'score' | 'ranked'>,
  after: Pick<Team, 'id' | 'teamNo' | 'competitionId' | 'score' | 'ranked' | 'state'>,
): Promise<void> {
  const { score, ranked } = after;
  if (score === null || ranked === null || after.state !== 'approved') return;
  if (before.score !== null && Number(before.score) === Number(score) && before.ranked === ranked) return;
  await notifyTeam(tx, after, (lang, p) =>
    templates.teamResult(lang, { ...p, teamNo: after.teamNo, rank: ranked, score }),
  );
}

/** A team row inserted by the member's registration (its number given, waiting for its people). */
export async function insertRegisteredTeam(tx: Db, values: typeof teams.$inferInsert): Promise<Team> {
  const [team] = await tx
    .insert(teams)
    .values({ ...values, state: 'waiting_members', status: false })
    .returning();
  return team;
}

/** A confirmed entity is set on the team (or cleared when it changes). */
export async function setEntity(tx: Db, teamId: string, entityId: string | null): Promise<void> {
  await tx.update(teams).set({ entityId }).where(eq(teams.id, teamId));
}

/** The team's new name (the coach's edit). */
export async function rename(tx: Db, teamId: string, name: string): Promise<void> {
  await tx.update(teams).set({ name }).where(eq(teams.id, teamId));
}
