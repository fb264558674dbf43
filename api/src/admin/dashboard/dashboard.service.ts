import { AccountType, MEMBER_TYPES, type DashboardFigures, type MemberType } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, inArray, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Auth } from '../../auth/session.service';
import type { Db } from '../../core/database';
import { DB } from '../../core/core.module';
import { contactMessages, judgeApplications, orders, refunds, users, zatcaDocuments } from '../../db/schema';
import { lateCondition } from '../../zatca/einvoices.resource';

const WEEKS = 12;
const MONTHS = 12;

/** The back-office home: what staff check first, as counts and short series for charts. */
@Injectable()
export class DashboardService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Staff see members and sign-ups; an admin also money, pending judges and unread messages. */
  async figures(auth: Auth): Promise<DashboardFigures> {
    const members = inArray(users.type, [...MEMBER_TYPES]);
    const today = new Date().toISOString().slice(0, 10);
    const weeksAgo = new Date(Date.now() - WEEKS * 7 * 86_400_000);
    const week = sql<string>`to_char(date_trunc('week', ${users.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const [byType, signups, [active]] = await Promise.all([
      this.db.select({ type: users.type, n: count() }).from(users).where(members).groupBy(users.type),
      this.db
        .select({ week, n: count() })
        .from(users)
        .where(and(members, gte(users.createdAt, weeksAgo)))
        .groupBy(week)
        .orderBy(week),
      this.db
        .select({ n: count() })
        .from(users)
        .where(and(members, sql`${users.plan} is not null`, gte(users.endDate, today))),
    ]);
    const result: DashboardFigures = {
      members: Object.fromEntries(MEMBER_TYPES.map((t) => [t, byType.find((r) => r.type === t)?.n ?? 0])) as Record<
        MemberType,
        number
      >,
      signups: fillWeeks(signups),
      activeSubscriptions: active.n,
    };
    if (auth.user.type === AccountType.Admin) {
      const monthsAgo = new Date();
      monthsAgo.setUTCMonth(monthsAgo.getUTCMonth() - (MONTHS - 1), 1);
      monthsAgo.setUTCHours(0, 0, 0, 0);
      // Revenue is counted in the month of payment; a refund is taken off in the month it was made.
      const month = sql<string>`to_char(date_trunc('month', ${orders.activatedAt} at time zone 'UTC'), 'YYYY-MM')`;
      const refundMonth = sql<string>`to_char(date_trunc('month', ${refunds.settledAt} at time zone 'UTC'), 'YYYY-MM')`;
      const thisMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
      const [revenue, refunded, [pending], [unread], [late]] = await Promise.all([
        this.db
          .select({ month, total: sum(orders.total) })
          .from(orders)
          .where(and(isNotNull(orders.invoiceNumber), eq(orders.currency, 'SAR'), gte(orders.activatedAt, monthsAgo)))
          .groupBy(month)
          .orderBy(month),
        this.db
          .select({ month: refundMonth, total: sum(refunds.amount) })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .where(and(eq(orders.currency, 'SAR'), eq(refunds.status, 'settled'), gte(refunds.settledAt, monthsAgo)))
          .groupBy(refundMonth),
        this.db.select({ n: count() }).from(judgeApplications).where(eq(judgeApplications.status, 'pending')),
        this.db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
        this.db.select({ n: count() }).from(zatcaDocuments).where(lateCondition()),
      ]);
      const cents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);
      const months = new Set([...revenue.map((r) => r.month), ...refunded.map((r) => r.month)]);
      result.revenue = fillMonths(
        monthsAgo,
        [...months].map((m) => ({
          month: m,
          total:
            (cents(revenue.find((r) => r.month === m)?.total) - cents(refunded.find((r) => r.month === m)?.total)) /
            100,
        })),
      );
      const current = thisMonth.toISOString().slice(0, 7);
      result.refundsThisMonth = cents(refunded.find((r) => r.month === current)?.total) / 100;
      result.pendingJudges = pending.n;
      result.unreadMessages = unread.n;
      result.lateEinvoices = late.n;
    }
    return result;
  }
}

/** Twelve weeks, oldest first, each Monday with its count (0 for a quiet week). */
function fillWeeks(rows: { week: string; n: number }[]) {
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return Array.from({ length: WEEKS }, (_, i) => {
    const d = new Date(monday.getTime() - (WEEKS - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10);
    return { week: d, count: rows.find((r) => r.week === d)?.n ?? 0 };
  });
}

/** Twelve months, oldest first, with the SAR paid in each, net of the refunds made in it. */
function fillMonths(start: Date, rows: { month: string; total: number }[]) {
  return Array.from({ length: MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)).toISOString().slice(0, 7);
    return { month: d, total: rows.find((r) => r.month === d)?.total ?? 0 };
  });
}
