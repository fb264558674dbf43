import { AccountType, daysBetween, platformDay } from '@platform/contract';
import { and, asc, between, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../core/database';
import { users } from '../db/schema';
import { templates } from '../outbox/templates';
import { addPeriod } from '../payments/period';
import { notifyMember } from '../teams/team-notices';
import { mayMarket } from './marketing-consent';
import { claim, notSentYet } from './reminders-sent';
import { CATCH_UP_DAYS, PLAN_MIN_RUN_FACTOR, PLAN_STAGES, REMINDERS_BATCH } from './schedule';

const shift = (day: string, n: number) => addPeriod(day, n, 'day');

/** A stage of the plan reminders: its name, the last days it covers, and what else a plan needs for it. */
interface PlanStage {
  stage: string;
  from: string;
  to: string;
  /** Days before the last day (null: the plan has ended). */
  lead: number | null;
}

/** The stages on a day: each N covers last days N-CATCH_UP..N days ahead (never the next stage's), then ended. */
export function planStages(today: string): PlanStage[] {
  const leads = [...PLAN_STAGES].sort((a, b) => b - a);
  const stages: PlanStage[] = leads.map((lead, i) => {
    const next = leads[i + 1] ?? 0;
    return {
      stage: String(lead),
      from: shift(today, Math.max(lead - CATCH_UP_DAYS, next + 1)),
      to: shift(today, lead),
      lead,
    };
  });
  stages.push({ stage: 'ended', from: shift(today, -1 - CATCH_UP_DAYS), to: shift(today, -1), lead: null });
  return stages;
}

/**
 * Reminds coaches and schools (the members whose access depends on a plan) that their plan ends in
 * 30, 7 or 1 days, or has ended: per stage, one indexed query a batch (`users_end_date_idx`), each
 * batch recorded and its messages queued in one transaction. Answers how many members were reminded.
 */
export async function sendPlanReminders(db: Db, now: Date, memberUrl: string): Promise<number> {
  const today = platformDay(now);
  const link = `${memberUrl.replace(/\/+$/, '')}/accounts?tab=subscriptions`;
  const occasion = sql<string>`${users.endDate}::text`;
  let reminded = 0;
  for (const { stage, from, to, lead } of planStages(today)) {
    for (;;) {
      const { found, sent } = await db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const due = await tx
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            phoneNumber: users.phoneNumber,
            guardianPhone: users.guardianPhone,
            language: users.language,
            endDate: users.endDate,
            occasion,
          })
          .from(users)
          .where(
            and(
              between(users.endDate, from, to),
              eq(users.subscription, true),
              eq(users.isActive, true),
              inArray(users.type, [AccountType.Coach, AccountType.Entity]),
              lead === null
                ? undefined
                : or(
                    isNull(users.startDate),
                    sql`${users.startDate} <= ${users.endDate} - ${PLAN_MIN_RUN_FACTOR * lead}::int`,
                  ),
              mayMarket(),
              notSentYet('plan', users.id, occasion, stage),
            ),
          )
          .orderBy(asc(users.id))
          .limit(REMINDERS_BATCH);
        const mine = await claim(tx, 'plan', stage, due);
        for (const member of due) {
          if (!mine.has(member.id)) continue;
          const endDate = member.endDate!;
          await notifyMember(tx, member, (lang) =>
            lead === null
              ? templates.planEnded(lang, { name: member.name, endDate, link })
              : templates.planEnding(lang, { name: member.name, days: daysBetween(today, endDate), endDate, link }),
          );
        }
        return { found: due.length, sent: mine.size };
      });
      reminded += sent;
      if (found < REMINDERS_BATCH) break;
    }
  }
  return reminded;
}
