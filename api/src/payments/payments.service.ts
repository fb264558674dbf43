import { Inject, Injectable, Logger } from '@nestjs/common';
import { standardBuyer } from '@platform/contract';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { subscriptionValid } from '../auth/user.view';
import { AppError } from '../common/app-error';
import { uniqueViolation } from '../common/unique-violation';
import { isUuid } from '../common/ids';
import type { Lang } from '../common/i18n';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { orderLines, orders, plans, users, type User } from '../db/schema';
import { AuditService } from '../audit/audit.service';
import { feePaid } from '../teams/lifecycle/team-state';
import { lockTeamOfOrder, lockTeamsOfOrder } from './locks';
import { nextDocumentNumber } from './numbers';
import { addPeriod, isoDay } from './period';
import { PAYMENT_PROVIDER, ProviderError, type PaymentCheck, type PaymentProvider } from './provider';
import { isRefundOutcome, RefundsService, SYSTEM_ACTOR, type Refund } from './refunds.service';

export type Order = typeof orders.$inferSelect;

/** The member contract's payment_status words (spec §3, §4). */

const PAGE_SIZE = 10;

/**
 * Buying an activation plan: the order is priced from the plan on the server, the provider hosts
 * the card page, and only the provider's answer (asked by the API) activates. Activation runs once
 * per paid order, in one transaction with the order's row locked, whoever asks first.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly refunds: RefundsService,
    private readonly audits: AuditService,
  ) {}

  /** Creates an order for a plan of the member's type and the provider's payment page for it. */
  async subscribe(user: User, planId: unknown, lang: Lang) {
    if (user.type !== 1 && user.type !== 2) throw new AppError(403, 'payment.not_offered');
    if (!isUuid(planId)) throw new AppError(404, 'payment.plan_not_found');
    const [plan] = await this.db
      .select()
      .from(plans)
      .where(
        and(
          eq(plans.id, planId),
          eq(plans.type, user.type === 2 ? 'entity' : 'coach'),
          eq(plans.status, true),
          isNull(plans.archivedAt),
        ),
      );
    if (!plan) throw new AppError(404, 'payment.plan_not_found');
    return this.openOrder(
      {
        ...payerOf(user),
        planId: plan.id,
        plan: { name: plan.name, name_en: plan.nameEn, duration: plan.duration, duration_type: plan.durationType },
        orderType: subscriptionValid(user) ? 'renewal' : 'subscription',
        currency: plan.currency,
        total: plan.price,
      },
      lang === 'ar' ? plan.name : plan.nameEn,
      lang,
    );
  }

  /**
   * Creates an order for a team's fee (the caller checked the team and took the amount from its
   * registration) and the provider's payment page; paying it sets the team's payment_status.
   */
  async payTeamFee(
    user: User,
    team: { id: string; teamNo: string },
    fee: { amount: string; currency: string },
    lang: Lang,
  ) {
    // One open fee order per team (a unique index): a second tap, or a second tab, gets the same page.
    const open = await this.openTeamFee(team.id);
    if (open) return open;
    const { values, snapshot } = teamFeesOrder(user, [{ ...team, amount: fee.amount }], fee.currency);
    return this.openOrder(
      { ...values, teamId: team.id, orderType: 'team_fee' },
      lang === 'ar' ? snapshot.name : snapshot.name_en,
      lang,
    );
  }

  /**
   * A school's order for several of its teams' fees (the caller checked each team and took its fee
   * from its registration): one order, one line per team, one payment page; paying it pays every
   * line's team, and its invoice (a standard one when the school gave its VAT number and address)
   * has one line per team.
   */
  async payTeamFees(
    entity: User,
    teams: { id: string; teamNo: string; amount: string }[],
    currency: string,
    lang: Lang,
  ) {
    const { values, snapshot } = teamFeesOrder(entity, teams, currency);
    return this.openOrder(
      { ...values, orderType: 'team_fees' },
      lang === 'ar' ? snapshot.name : snapshot.name_en,
      lang,
      teams.map((t, i) => ({ teamId: t.id, position: i + 1, teamNo: t.teamNo, ...teamFeeName([t]), amount: t.amount })),
    );
  }

  /** The team's open fee order with its page, if one is open; a 409 while another request is still opening it. */
  private async openTeamFee(teamId: string) {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(
        and(eq(orders.teamId, teamId), eq(orders.orderType, 'team_fee'), inArray(orders.status, ['pending', 'held'])),
      );
    if (!order) return null;
    if (!order.pageUrl || !order.providerRef) throw new AppError(409, 'team.payment_opening');
    return { page: { ref: order.providerRef, url: order.pageUrl }, order };
  }

  /** Saves a pending order and opens the provider's payment page for it (the one payment path). */
  private async openOrder(
    values: typeof orders.$inferInsert,
    description: string,
    lang: Lang,
    lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[] = [],
  ) {
    let order: Order;
    try {
      // The order and its lines together: never an order without its lines.
      order = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({ ...values, provider: this.provider.name, status: 'pending' })
          .returning();
        if (lines.length) await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
        return row;
      });
    } catch (err) {
      // Two requests opening the same team's fee at once: the second one gets the first one's page.
      if (values.teamId && uniqueViolation(err) === 'orders_team_fee_open') {
        const open = await this.openTeamFee(values.teamId);
        if (open) return open;
      }
      throw err;
    }
    const back = `${this.config.memberUrl.replace(/\/+$/, '')}/payment/telr?order_id=${order.id}`;
    let page: { ref: string; url: string };
    try {
      page = await this.provider.create({
        cartId: order.id,
        amount: order.total,
        currency: order.currency,
        description,
        lang,
        returnUrls: { authorised: back, declined: back, cancelled: back },
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.logger.warn(`payment page for order ${order.id} not created: ${message}`);
      await this.db
        .update(orders)
        .set({ status: 'failed', raw: { error: message }, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      throw new AppError(502, 'payment.provider_unavailable');
    }
    const [saved] = await this.db
      .update(orders)
      .set({ providerRef: page.ref, pageUrl: page.url, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return { page, order: saved };
  }

  /** One of the member's own orders, or "not found" (another member's order looks the same as none). */
  async ownOrder(user: User, orderId: unknown): Promise<Order> {
    if (!isUuid(orderId)) throw new AppError(404, 'payment.order_not_found');
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)));
    if (!order) throw new AppError(404, 'payment.order_not_found');
    return order;
  }

  /** Asks the provider about the member's order and settles it; answers the order and the member's subscription. */
  async check(user: User, orderId: unknown) {
    let order = await this.ownOrder(user, orderId);
    // An order we closed as expired is asked again too: a payment made at the last minute still counts.
    if ((order.status === 'pending' || order.status === 'held' || order.status === 'expired') && order.providerRef) {
      let answer: PaymentCheck;
      try {
        answer = await this.provider.check(order.providerRef);
      } catch (err) {
        this.logger.warn(`check of order ${order.id} failed: ${err instanceof Error ? err.message : String(err)}`);
        throw new AppError(502, 'payment.provider_unavailable');
      }
      order = await this.settle(order.id, answer);
    }
    const [member] = await this.db.select().from(users).where(eq(users.id, user.id));
    return { order, user: member };
  }

  /**
   * Records the provider's answer. A paid answer activates the plan exactly once: the order row is
   * locked, and an order already activated is left as it is, whatever arrives twice.
   */
  async settle(orderId: string, answer: PaymentCheck): Promise<Order> {
    let giveBack: Refund | null = null;
    const giveBackLines: Refund[] = [];
    const settled = await this.db.transaction(async (tx) => {
      // A team fee's team first, then the order, as a withdrawal and a refund do (see lockTeamOfOrder).
      const team = await lockTeamOfOrder(tx as unknown as Db, orderId);
      // A school's order for several teams: each line's team, in the order of their ids.
      const lineTeams = await lockTeamsOfOrder(tx as unknown as Db, orderId);
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order || order.activatedAt) return order;
      if (answer.state === 'paid') {
        // Money taken counts even when the order was already marked expired or cancelled.
        // A team fee marks its team paid (unless the coach withdrew it meanwhile: then the payment is
        // refunded below); a plan extends the member's subscription.
        // The team lifecycle counts it, or says it must go back (withdrawn, rejected, or paid twice).
        const refundIt = order.teamId && team ? (await feePaid(tx as unknown as Db, team)) === 'refund' : false;
        // Each line's team counted; a line whose fee is not due (withdrawn, or paid meanwhile) goes back alone.
        const notDue: string[] = [];
        for (const t of lineTeams.values()) if ((await feePaid(tx as unknown as Db, t)) === 'refund') notDue.push(t.id);
        const period = order.userId && !order.teamId ? await this.extend(tx as unknown as Db, order) : null;
        const paidAt = new Date();
        const invoiceNumber = order.invoiceNumber ?? (await nextDocumentNumber(tx as unknown as Db, 'INV', paidAt));
        const [paid] = await tx
          .update(orders)
          .set({
            status: 'paid',
            transactionRef: answer.transactionRef ?? null,
            method: answer.method ?? order.method,
            raw: answer.raw,
            activatedAt: paidAt,
            invoiceNumber,
            periodStart: period?.start ?? null,
            periodEnd: period?.end ?? null,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, order.id))
          .returning();
        this.logger.log(`order ${order.id} paid${period ? `; subscription until ${period.end}` : ''}`);
        if (refundIt) giveBack = await this.recordFeeNotDue(tx as unknown as Db, paid, team!.teamNo);
        for (const teamId of notDue)
          giveBackLines.push(
            (
              await this.refunds.beginLine(
                tx as unknown as Db,
                SYSTEM_ACTOR,
                paid.id,
                teamId,
                `Fee of team ${lineTeams.get(teamId)!.teamNo} not due: the team was withdrawn or rejected, or its fee was paid already`,
                `team-withdrawn-fee:${paid.id}:${teamId}`,
              )
            ).refund,
          );
        return paid;
      }
      // A held payment stays held until the provider captures it (paid) or voids it (cancelled, declined).
      if ((order.status !== 'pending' && order.status !== 'held') || answer.state === 'pending') return order;
      if (answer.state === order.status) return order;
      const [closed] = await tx
        .update(orders)
        .set({ status: answer.state, raw: answer.raw, updatedAt: new Date() })
        .where(eq(orders.id, order.id))
        .returning();
      return closed;
    });
    if (!giveBack && !giveBackLines.length) return settled;
    // Committed: now the provider is asked, outside any transaction (the reconciler retries a refusal).
    let last = settled;
    for (const refund of giveBack ? [giveBack, ...giveBackLines] : giveBackLines) {
      try {
        last = (await this.refunds.complete(refund)).order;
      } catch (err) {
        if (!isRefundOutcome(err)) throw err;
        this.logger.warn(`order ${orderId}: fee not due not refunded yet (${err.key})`);
      }
    }
    return last;
  }

  /**
   * A team fee paid that is not due (its team was withdrawn or rejected meanwhile, or the fee was
   * paid already by another order or recorded by staff; the provider answered late, or the reconciler
   * found it): the team stays as it is, and a refund of the whole payment is recorded as pending in
   * the caller's transaction, with the key `team-withdrawn-fee:<order id>` so it is never made twice.
   * The caller asks the provider once committed; a refusal leaves it pending and the reconciler
   * tries again (see RefundsService).
   */
  private async recordFeeNotDue(tx: Db, order: Order, teamNo: string): Promise<Refund> {
    const { refund } = await this.refunds.beginRest(
      tx,
      SYSTEM_ACTOR,
      order.id,
      `Fee of team ${teamNo} not due: the team was withdrawn or rejected, or its fee was paid already`,
      `team-withdrawn-fee:${order.id}`,
    );
    return refund;
  }

  /** Extends the member's subscription by the order's plan: from today, or from the current end date when still valid. */
  private async extend(tx: Db, order: Order) {
    const [member] = await tx.select().from(users).where(eq(users.id, order.userId!)).for('update');
    if (!member || !order.plan) return null;
    const today = isoDay(new Date());
    const renewing = subscriptionValid(member) && !!member.endDate && member.endDate >= today;
    const from = renewing ? member.endDate! : today;
    const end = addPeriod(from, order.plan.duration, order.plan.duration_type);
    await tx
      .update(users)
      .set({
        subscription: true,
        startDate: renewing ? member.startDate : today,
        endDate: end,
        plan: order.plan,
        updatedAt: new Date(),
      })
      .where(eq(users.id, member.id));
    return { start: from, end };
  }

  /**
   * Asks the provider again about pending orders (the member may have paid and closed the tab).
   * Orders past the expiry that are still not paid are closed as expired. Returns what changed.
   */
  async reconcile(limit = 100) {
    const expiry = sql`now() - make_interval(mins => ${this.config.payments.expiryMinutes})`;
    const pending = await this.db
      .select()
      .from(orders)
      .where(and(inArray(orders.status, ['pending', 'held']), sql`${orders.createdAt} > now() - interval '30 days'`))
      .orderBy(asc(orders.createdAt))
      .limit(limit);
    const result = { checked: 0, paid: 0, closed: 0, refunded: 0 };
    // Refunds a crash or a lost answer left pending, and fees not due the provider refused: completed.
    result.refunded += (await this.refunds.reconcile(limit)).settled;
    for (const order of pending) {
      if (!order.providerRef) {
        // The provider was never reached (the API stopped before it answered).
        const closed = await this.db
          .update(orders)
          .set({ status: 'failed', updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), lt(orders.createdAt, expiry)))
          .returning({ id: orders.id });
        result.closed += closed.length;
        continue;
      }
      let answer: PaymentCheck;
      try {
        answer = await this.provider.check(order.providerRef);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        this.logger.warn(`reconciliation of order ${order.id}: ${err.message}`);
        continue;
      }
      result.checked++;
      // Never left waiting forever: a payment page unused past the expiry, or an authorisation still
      // neither captured nor voided after the hold days (the card issuer releases it), is expired.
      const age = Date.now() - order.createdAt.getTime();
      const expired =
        (answer.state === 'pending' && age > this.config.payments.expiryMinutes * 60_000) ||
        (answer.state === 'held' && age > this.config.payments.holdDays * 86_400_000);
      const settled = await this.settle(order.id, expired ? { ...answer, state: 'expired' } : answer);
      if (settled?.status === 'paid') result.paid++;
      else if (settled?.status === 'refunded') result.refunded++;
      else if (settled && settled.status !== 'pending' && settled.status !== 'held') result.closed++;
    }
    return result;
  }

  /** The lines of some orders (a school's orders for several teams), by order id, in their order. */
  async linesOf(orderIds: string[]) {
    const byOrder = new Map<string, (typeof orderLines.$inferSelect)[]>();
    if (!orderIds.length) return byOrder;
    const rows = await this.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.position));
    for (const l of rows) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
    return byOrder;
  }

  /** The member's orders, newest first, pages of 10 from page 0. */
  async myOrders(user: User, page: number) {
    const [{ total }] = await this.db.select({ total: count() }).from(orders).where(eq(orders.userId, user.id));
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PAGE_SIZE)
      .offset(page * PAGE_SIZE);
    return { rows, currentPage: page, totalPages: Math.ceil(total / PAGE_SIZE) };
  }
}

/** Who pays an order, as the order keeps them (and its buyer, for a standard invoice). */
function payerOf(user: User) {
  return {
    userId: user.id,
    customerName: user.name,
    email: user.email ?? '',
    phone: user.phoneNumber ?? '',
    nationalId: user.nationalId ?? '',
    buyer: buyerOf(user),
  };
}

/** A team-fee order's name (and a line's), in both languages: `Team fee 12` or `Team fees 12, 14`. */
function teamFeeName(teams: { teamNo: string }[]) {
  const numbers = teams.map((t) => t.teamNo);
  return {
    name: `رسوم ${numbers.length === 1 ? 'الفريق' : 'الفرق'} ${numbers.join('، ')}`,
    nameEn: `${numbers.length === 1 ? 'Team fee' : 'Team fees'} ${numbers.join(', ')}`,
  };
}

/**
 * The values of an order for one team's fee or several teams' fees (the caller adds its type, and a
 * single team's id): the payer, the name in both languages, the total of the fees, no period.
 */
function teamFeesOrder(payer: User, teams: { teamNo: string; amount: string }[], currency: string) {
  const cents = teams.reduce((sum, t) => sum + Math.round(Number(t.amount) * 100), 0);
  const { name, nameEn } = teamFeeName(teams);
  const snapshot = { name, name_en: nameEn };
  return {
    snapshot,
    values: {
      ...payerOf(payer),
      plan: { ...snapshot, duration: 0, duration_type: 'year' as const },
      currency,
      total: (cents / 100).toFixed(2),
    },
  };
}

/**
 * The buyer of an entity's order when it gave everything a standard tax invoice needs (its legal
 * name, VAT number and address): its invoice is then a standard one, cleared by ZATCA.
 */
function buyerOf(user: User) {
  if (user.type !== 2) return null;
  return standardBuyer({ legal_name: user.legalName, name: user.name, tax_id: user.taxId, address: user.address });
}
