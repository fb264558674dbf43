import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../core/database';
import { remindersSent } from '../db/schema';

export type ReminderKind = 'plan' | 'registration_closing';

/** No reminder of this kind, subject, occasion and stage recorded yet (for a query's WHERE). */
export const notSentYet = (kind: ReminderKind, subject: AnyPgColumn, occasion: SQL, stage: string) =>
  sql`not exists (${sql`select 1 from ${remindersSent} where ${and(
    eq(remindersSent.kind, kind),
    eq(remindersSent.subjectId, subject),
    sql`${remindersSent.occasion} = ${occasion}`,
    eq(remindersSent.stage, stage),
  )}`})`;

/**
 * Records the reminders about to be sent, in the transaction that queues their messages; answers the
 * subjects this transaction recorded. Another process recording the same ones at the same moment
 * waits here for it to commit and then records (and sends) nothing: each reminder goes out once.
 */
export async function claim(
  tx: Db,
  kind: ReminderKind,
  stage: string,
  subjects: { id: string; occasion: string }[],
): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const rows = await tx
    .insert(remindersSent)
    .values(subjects.map((s) => ({ kind, subjectId: s.id, occasion: s.occasion, stage })))
    .onConflictDoNothing()
    .returning({ id: remindersSent.subjectId });
  return new Set(rows.map((r) => r.id));
}
