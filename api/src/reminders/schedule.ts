import type { TeamState } from '@platform/contract';

/**
 * When the platform reminds people, in one place (issue 30). The job (reminders.job.ts) runs in every
 * process that runs the background jobs; each reminder goes out once whatever the number of processes
 * (the `reminders_sent` table's key), so the interval only says how soon after its moment a reminder leaves.
 * Days are days on the platform's clock (Asia/Riyadh), as plans' last days and registration windows are.
 */

/** How often the job looks for reminders that are due. */
export const REMINDERS_EVERY_MS = 15 * 60_000;

/** How many subjects (members, teams) one transaction handles; a larger stage takes several. */
export const REMINDERS_BATCH = 500;

/**
 * A plan's reminders: 30, 7 and 1 days before its last day (the `end_date` members see), then once
 * the day after it ended. A plan renewed in between has a later last day, so the stages left are not
 * sent for the old one; the new last day gets its own stages.
 */
export const PLAN_STAGES = [30, 7, 1] as const;

/**
 * A stage missed (no process ran that day) is still sent up to this many days late, never on or after
 * the next stage's day, and the text counts the days actually left. The "ended" reminder likewise.
 */
export const CATCH_UP_DAYS = 2;

/**
 * A plan gets a stage only when it had run at least as long again as the stage's lead when the stage
 * came (its start at least 2 × N days before its last day): a one-month plan gets no "30 days left"
 * reminder the day after it was bought, but gets the 7-day and 1-day ones.
 */
export const PLAN_MIN_RUN_FACTOR = 2;

/**
 * A registration's reminders to the coaches of teams not yet sent for approval: 3 days and 1 day
 * before it closes (moments: "3 days" is from 72 hours before the close until the 1-day stage). A
 * team registered after a stage began gets only the later stages. A team on the waiting list cannot
 * be sent and is not reminded.
 */
export const REGISTRATION_STAGES = [3, 1] as const;

/** The states of a team that still has to be sent for approval. */
export const UNSUBMITTED_STATES = [
  'waiting_members',
  'ready',
  'changes_requested',
] as const satisfies readonly TeamState[];
