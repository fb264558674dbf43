import { ageOn } from './age.js';

/**
 * The team lifecycle (issue 29): one table of states and transitions that the API enforces and the
 * pages read to know which actions to offer. Pure functions only; the API's lifecycle module is the
 * one place that applies them to the database.
 *
 *   waiting_members ──everyone accepted──▶ ready ──submit (or nothing due)──▶ submitted
 *   submitted ──approve──▶ approved      submitted ──request changes──▶ changes_requested ──resubmit──▶ submitted
 *   submitted | changes_requested ──reject──▶ rejected      any live state ──withdraw──▶ withdrawn
 *   an edit of a submitted or approved team sends it back to forming (waiting_members or ready), after confirmation.
 */
export const TEAM_STATES = [
  'waiting_members',
  'ready',
  'submitted',
  'changes_requested',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type TeamState = (typeof TEAM_STATES)[number];

/** States in which a team holds its people (a withdrawn or rejected team frees them). */
export const LIVE_TEAM_STATES = [
  'waiting_members',
  'ready',
  'submitted',
  'changes_requested',
  'approved',
] as const satisfies readonly TeamState[];
export const isLiveTeamState = (s: TeamState): boolean => (LIVE_TEAM_STATES as readonly TeamState[]).includes(s);

/** States in which an invitation can still be answered: a live team that is not approved yet. */
export const ANSWERABLE_TEAM_STATES: readonly TeamState[] = LIVE_TEAM_STATES.filter((s) => s !== 'approved');
export const isAnswerableTeamState = (s: TeamState): boolean => ANSWERABLE_TEAM_STATES.includes(s);

/** What someone can do to a team. */
export type TeamAction =
  | 'edit'
  | 'submit'
  | 'pay'
  | 'withdraw'
  | 'approve'
  | 'request_changes'
  | 'reject'
  | 'record_payment'
  | 'record_result'
  | 'hand_over';

/** Who acts: the coach who registered the team (its owner), another accepted coach of it, or staff. */
/** Who acts on a team: its owner, another of its coaches, staff, or the school (entity) it represents. */
export type TeamActor = 'owner' | 'coach' | 'staff' | 'school';

/** One row of the transition table: from which states, by whom, to which state ('forming': worked out from the people). */
export interface TeamTransition {
  action: TeamAction;
  from: readonly TeamState[];
  by: readonly TeamActor[];
  to: TeamState | 'forming' | 'same';
}

const COACHES = ['owner', 'coach'] as const;

/** The transitions. An action not listed for a state is refused by the API with the state's sentence. */
export const TEAM_TRANSITIONS: readonly TeamTransition[] = [
  {
    action: 'edit',
    from: ['waiting_members', 'ready', 'submitted', 'changes_requested', 'approved'],
    by: COACHES,
    to: 'forming',
  },
  { action: 'submit', from: ['ready', 'changes_requested'], by: COACHES, to: 'submitted' },
  {
    action: 'pay',
    from: ['waiting_members', 'ready', 'submitted', 'changes_requested', 'approved'],
    // The school a team represents may pay its fee too (several teams in one order).
    by: [...COACHES, 'school'],
    to: 'same',
  },
  {
    action: 'withdraw',
    from: ['waiting_members', 'ready', 'submitted', 'changes_requested', 'approved'],
    by: ['owner'],
    to: 'withdrawn',
  },
  { action: 'approve', from: ['submitted'], by: ['staff'], to: 'approved' },
  { action: 'request_changes', from: ['submitted', 'approved'], by: ['staff'], to: 'changes_requested' },
  { action: 'reject', from: ['submitted', 'changes_requested'], by: ['staff'], to: 'rejected' },
  {
    action: 'record_payment',
    from: ['waiting_members', 'ready', 'submitted', 'changes_requested', 'approved'],
    by: ['staff'],
    to: 'same',
  },
  { action: 'record_result', from: ['approved'], by: ['staff'], to: 'same' },
  {
    action: 'hand_over',
    from: ['waiting_members', 'ready', 'submitted', 'changes_requested', 'approved'],
    by: ['owner', 'staff'],
    to: 'same',
  },
];

/** What the rules need to know of a team besides its state. */
export interface TeamFacts {
  state: TeamState;
  /** Registration still open (edits, submissions, withdrawals and payments end with it). */
  open: boolean;
  /** A fee is set and not paid. */
  feeDue: boolean;
  /** A fee is set and paid. */
  paid: boolean;
  /** The team has a score or rank: it cannot be changed or withdrawn any more. */
  hasResult: boolean;
  /** Enough members accepted, nobody pending, the entity confirmed where one is required. */
  complete: boolean;
  /** On the registration's waiting list (its cap of teams was reached): it forms, but neither submits nor pays. */
  waitlisted?: boolean;
}

/** Why an action is refused, as a message key of the API's catalogue (or null when it is allowed). */
export type TeamRefusal =
  | 'team.action_not_allowed'
  | 'team.registration_closed'
  | 'team.has_results'
  | 'team.not_owner'
  | 'team.incomplete'
  | 'team.already_paid'
  | 'team.no_fee'
  | 'team.fee_unpaid'
  | 'team.waitlisted';

/** Whether `actor` may take `action` on a team with these facts: null, or why not. */
export function refusal(actor: TeamActor, action: TeamAction, f: TeamFacts): TeamRefusal | null {
  const row = TEAM_TRANSITIONS.find((t) => t.action === action);
  // A team still waiting for its people is told what it lacks rather than that the state forbids it.
  if (action === 'submit' && f.state === 'waiting_members') return 'team.incomplete';
  if (!row || !row.from.includes(f.state)) return 'team.action_not_allowed';
  if (!row.by.includes(actor))
    return actor === 'coach' && row.by.includes('owner') ? 'team.not_owner' : 'team.action_not_allowed';
  if (actor !== 'staff' && !f.open) return 'team.registration_closed';
  if ((action === 'edit' || action === 'withdraw') && f.hasResult) return 'team.has_results';
  if ((action === 'submit' || action === 'pay') && f.waitlisted) return 'team.waitlisted';
  if (action === 'submit' && !f.complete) return 'team.incomplete';
  if ((action === 'pay' || action === 'record_payment') && f.paid) return 'team.already_paid';
  if ((action === 'pay' || action === 'record_payment') && !f.feeDue) return 'team.no_fee';
  if (action === 'approve' && f.feeDue) return 'team.fee_unpaid';
  return null;
}

/** The actions the pages offer this person on this team (those the API would allow now). */
export function teamActions(actor: TeamActor, f: TeamFacts): TeamAction[] {
  return TEAM_TRANSITIONS.filter((t) => refusal(actor, t.action, f) === null).map((t) => t.action);
}

/**
 * The state of a team that is forming (after an edit, an answer or a payment): waiting for its
 * people, ready (everyone accepted, a fee still due: the coach submits with one tap or by paying),
 * or submitted at once when nothing else is due.
 */
export function formingState(
  f: Pick<TeamFacts, 'complete' | 'feeDue' | 'waitlisted'>,
): 'waiting_members' | 'ready' | 'submitted' {
  if (!f.complete) return 'waiting_members';
  // A team on the waiting list waits ready: it is submitted when it gets a place.
  return f.feeDue || f.waitlisted ? 'ready' : 'submitted';
}

/** Where a team goes after an action (for 'forming' edits, the state forming gives). */
export function nextState(action: TeamAction, f: TeamFacts): TeamState {
  const row = TEAM_TRANSITIONS.find((t) => t.action === action)!;
  if (row.to === 'same') return f.state;
  if (row.to === 'forming') return formingState(f);
  return row.to;
}

/**
 * An edit of this team needs the coach's confirmation first: it sends a submitted or approved team
 * back (it leaves the approval queue, an approved team loses its approval until staff approve again).
 */
export const editNeedsConfirmation = (state: TeamState): boolean => state === 'submitted' || state === 'approved';

/** Teams in the order a coach reads them: approved first, then those needing the coach, then the rest. */
export const TEAM_STATE_ORDER: Record<TeamState, number> = {
  approved: 0,
  changes_requested: 1,
  ready: 2,
  waiting_members: 3,
  submitted: 4,
  rejected: 5,
  withdrawn: 6,
};

// ---------------------------------------------------------------------------------------------
// Eligibility

/** A registration's eligibility rules. */
export interface EligibilityRules {
  /** Eligible grades as text ('7'); empty: any grade. */
  grades: readonly string[];
  min_age: number | null;
  max_age: number | null;
  /** The day ages are counted on ('2026-09-01'); null: today. */
  age_on: string | null;
}

/** What eligibility reads of a student. */
export interface EligibilityFacts {
  /** YYYY-MM-DD or null */
  dob: string | null;
  /** The school grade as text, or null/'' when not known. */
  grade: string | null;
}

/** Why a student is not eligible: the rule, and the student's age or grade on the reference day. */
export type Ineligibility =
  | { rule: 'grade'; grade: string | null; grades: readonly string[] }
  | { rule: 'min_age' | 'max_age' | 'no_dob'; age: number | null; min: number | null; max: number | null; on: string };

/** The day ages are counted on: the registration's reference day, else today (on the platform's clock). */
export function referenceDay(rules: Pick<EligibilityRules, 'age_on'>, now: Date = new Date()): Date {
  return rules.age_on ? new Date(`${rules.age_on}T12:00:00Z`) : now;
}

/** Null when the student is eligible; otherwise the first rule they fail, with what was checked. */
export function ineligibility(
  student: EligibilityFacts,
  rules: EligibilityRules,
  now: Date = new Date(),
): Ineligibility | null {
  if (rules.grades.length && !rules.grades.includes((student.grade ?? '').trim()))
    return { rule: 'grade', grade: student.grade || null, grades: rules.grades };
  if (rules.min_age === null && rules.max_age === null) return null;
  const on = referenceDay(rules, now);
  const day = on.toISOString().slice(0, 10);
  const age = ageOn(student.dob, on);
  const base = { age, min: rules.min_age, max: rules.max_age, on: day };
  if (age === null) return { rule: 'no_dob', ...base };
  if (rules.min_age !== null && age < rules.min_age) return { rule: 'min_age', ...base };
  if (rules.max_age !== null && age > rules.max_age) return { rule: 'max_age', ...base };
  return null;
}
