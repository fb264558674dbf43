import { Inject, Injectable, Logger } from '@nestjs/common';
import { addDays, daysBetween, platformDay } from '@platform/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import { money } from '../common/i18n';
import { uniqueViolation } from '../common/unique-violation';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { orderLines, orders, refunds, users, type User } from '../db/schema';
import * as lifecycle from '../teams/lifecycle/team-state';
import { feeRefunded } from '../teams/lifecycle/team-state';
import { AuditService } from '../audit/audit.service';
import { lockTeamOfOrder, lockTeamsOfOrder } from './locks';
import { nextDocumentNumber } from './numbers';
import { notifyRefund } from './refund-notice';
import type { Order } from './payments.service';
import { PAYMENT_PROVIDER, ProviderError, type PaymentProvider, type RefundResult } from './provider';
import type { RefundDto } from './refund.dto';

export type Refund = typeof refunds.$inferSelect;

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const decimal = (c: number) => (c / 100).toFixed(2);

export interface RefundOutcome {
  refund: Refund;
  order: Order;
  replayed: boolean;
}

/** Who refunds: a staff member, the coach withdrawing, or the platform itself (no user). */
export type RefundActor = Pick<User, 'name'> & { id: string | null };

/** The platform's own refunds (a fee paid after its team was withdrawn). */
export const SYSTEM_ACTOR: RefundActor = { id: null, name: 'System' };

/**
 * How long a call to the provider may still be running: Telr's requests time out after 15 s, so a
 * call begun longer ago than this has ended, answered or not, and its refund can be taken over.
 */
export const IN_FLIGHT_MS = 60_000;

/** A refund the platform owes (a fee not due): a refusal leaves it pending, the reconciler asks again. */
const owed = (r: Pick<Refund, 'idempotencyKey'>) => r.idempotencyKey?.startsWith('team-withdrawn-fee:') ?? false;
/** The key of a coach's withdrawal refund: `team-withdrawal:<team id>:<order id>`. */
const WITHDRAWAL = /^team-withdrawal:([0-9a-f-]{36}):/;

const moneyKeys = new Set(['refund.provider_refused', 'refund.provider_unavailable', 'refund.in_progress']);
/** Whether an error is one of a refund's outcomes the caller tells the person (refused, no answer, in progress). */
export const isRefundOutcome = (err: unknown): err is AppError => err instanceof AppError && moneyKeys.has(err.key);

/**
 * Refunds of paid orders, in full or in part, in three steps so that no database lock is held
 * while the provider is asked (decision record 022): (1) `begin` records the refund as pending under
 * the order's lock (never more than what is left of the amount paid, pending refunds counted) and
 * commits; (2) `complete` claims it, asks the provider outside any transaction, with the refund's
 * id as its reference; (3) `settle` records the provider's answer in a new short transaction: the
 * credit note number, the member's subscription ended when the whole order is refunded (or when the
 * admin asked), the team unpaid, the notice and the audit entry. A refusal marks it failed with the
 * provider's reason. The reconciler completes what a crash or a lost answer left pending, asking the
 * provider first whether it already refunded it, so it never refunds twice. A retried request with
 * the same Idempotency-Key answers the refund already made.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');
  /** Test seam: runs after the provider refunded and before the refund is settled (a crash there). */
  afterProviderCall: ((refund: Refund) => Promise<void>) | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly audits: AuditService,
  ) {}

  /** An admin's refund of a paid order, its body checked by RefundDto. */
  async refund(actor: User, orderId: string, input: RefundDto, key: string | undefined): Promise<RefundOutcome> {
    if (key !== undefined && !/^[\x21-\x7e]{8,200}$/.test(key))
      throw new AppError(400, 'request.invalid_field', { field: 'Idempotency-Key' });
    if (!isUuid(orderId)) throw new AppError(404, 'request.not_found');
    const begun = await this.db.transaction((tx) =>
      this.begin(
        tx as unknown as Db,
        actor,
        orderId,
        // One team of a school's order for several teams: that line's fee.
        input.team_id ? 'rest' : cents(input.amount!),
        input.reason!,
        input.end_subscription === true,
        key,
        input.team_id ?? null,
      ),
    );
    if (begun.refund.status === 'settled') return begun;
    if (begun.replayed) throw new AppError(409, 'refund.in_progress');
    return this.complete(begun.refund);
  }

  /**
   * Records a pending refund of what is left of a paid order (a withdrawn team's fee) inside the
   * caller's transaction; the caller commits, then calls `complete`. With a key already used, the
   * refund made under it (settled or still pending).
   */
  beginRest(tx: Db, actor: RefundActor, orderId: string, reason: string, key: string): Promise<RefundOutcome> {
    return this.begin(tx, actor, orderId, 'rest', reason, false, key);
  }

  /**
   * Records a pending refund of one line of a school's order for several teams (that team's fee)
   * inside the caller's transaction; the other lines stay paid. The caller commits, then `complete`.
   */
  beginLine(tx: Db, actor: RefundActor, orderId: string, teamId: string, reason: string, key: string) {
    return this.begin(tx, actor, orderId, 'rest', reason, false, key, teamId);
  }

  /** Step 1, under the team's and the order's locks: checks and records the refund as pending. */
  private async begin(
    tx: Db,
    actor: RefundActor,
    orderId: string,
    requested: number | 'rest',
    reason: string,
    end: boolean,
    key: string | undefined,
    teamId: string | null = null,
  ): Promise<RefundOutcome> {
    if (teamId !== null && !isUuid(teamId)) throw new AppError(400, 'refund.team_not_in_order', {}, 'team_id');
    // A team fee's team first (a line's team for a line), then the order (see lockTeamOfOrder).
    await lockTeamOfOrder(tx, orderId);
    if (teamId) await lockTeamsOfOrder(tx, orderId, teamId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError(404, 'request.not_found');
    const [line] = teamId
      ? await tx
          .select()
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.teamId, teamId)))
      : [];
    if (teamId && !line) throw new AppError(400, 'refund.team_not_in_order', {}, 'team_id');
    // A school's order for several teams is refunded a team at a time (its credit note names the line).
    if (!teamId && order.orderType === 'team_fees') throw new AppError(400, 'refund.team_required', {}, 'team_id');
    if (key) {
      const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
      if (earlier) {
        if (earlier.orderId !== order.id || (requested !== 'rest' && cents(earlier.amount) !== requested))
          throw new AppError(409, 'refund.key_reused');
        return { refund: earlier, order, replayed: true };
      }
    }
    if (order.status !== 'paid' && order.status !== 'refunded') throw new AppError(409, 'refund.not_paid');
    const [{ done, pending }] = await tx
      .select({
        done: sql<string>`coalesce(sum(${refunds.amount}), 0)::text`,
        pending: sql<number>`count(*) filter (where ${refunds.status} = 'pending')::int`,
      })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, ['pending', 'settled'])));
    let left = cents(order.total) - cents(done);
    if (left <= 0) throw new AppError(409, Number(pending) > 0 ? 'refund.in_progress' : 'refund.fully_refunded');
    if (line) {
      const [{ lineDone, linePending }] = await tx
        .select({
          lineDone: sql<string>`coalesce(sum(${refunds.amount}), 0)::text`,
          linePending: sql<number>`count(*) filter (where ${refunds.status} = 'pending')::int`,
        })
        .from(refunds)
        .where(
          and(
            eq(refunds.orderId, order.id),
            eq(refunds.teamId, teamId!),
            inArray(refunds.status, ['pending', 'settled']),
          ),
        );
      left = Math.min(left, cents(line.amount) - cents(lineDone));
      if (left <= 0) throw new AppError(409, Number(linePending) > 0 ? 'refund.in_progress' : 'refund.line_refunded');
    }
    const amount = requested === 'rest' ? left : requested;
    if (amount > left) throw new AppError(400, 'refund.too_much', { left: money(decimal(left), order.currency) });
    try {
      const [refund] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          amount: decimal(amount),
          reason,
          actorId: actor.id,
          actorName: actor.name,
          status: 'pending',
          idempotencyKey: key ?? null,
          teamId,
          endRequested: end,
          createdAt: new Date(),
        })
        .returning();
      return { refund, order, replayed: false };
    } catch (err) {
      // The same key sent at once for two orders: the second insert meets the first's unique key.
      if (uniqueViolation(err)) throw new AppError(409, 'refund.key_reused');
      throw err;
    }
  }

  /**
   * Steps 2 and 3 for a pending refund, outside any transaction: claims it (no other process is
   * asking the provider about it), asks the provider (first whether it refunded it already, when an
   * earlier call's answer was lost), then settles it. Throws `refund.provider_refused` (marked
   * failed, or left pending for the reconciler when the platform owes it), `refund.provider_unavailable`
   * (no answer: left pending, the reconciler finds out), or `refund.in_progress` (claimed elsewhere).
   */
  async complete(pending: Refund): Promise<RefundOutcome> {
    const [before] = await this.db.select().from(refunds).where(eq(refunds.id, pending.id));
    if (before?.status === 'settled') {
      const [order] = await this.db.select().from(orders).where(eq(orders.id, before.orderId));
      return { refund: before, order, replayed: true };
    }
    if (!before || before.status !== 'pending') throw new AppError(409, 'refund.in_progress');
    // A claim: one statement, no lock held after it. A call begun less than IN_FLIGHT_MS ago is someone else's.
    const [claimed] = await this.db
      .update(refunds)
      .set({ attemptAt: new Date() })
      .where(
        and(
          eq(refunds.id, pending.id),
          eq(refunds.status, 'pending'),
          sql`(${refunds.attemptAt} IS NULL OR ${refunds.attemptAt} < now() - make_interval(secs => ${IN_FLIGHT_MS / 1000}))`,
        ),
      )
      .returning();
    if (!claimed) throw new AppError(409, 'refund.in_progress');
    const lost = before.attemptAt !== null;
    const [order] = await this.db.select().from(orders).where(eq(orders.id, claimed.orderId));
    let answer: RefundResult | null = null;
    try {
      // An earlier call ended without a recorded answer (a crash, a timeout): did the provider refund it?
      if (lost) answer = await this.provider.findRefund(order, claimed.id);
      if (answer) this.logger.log(`refund ${claimed.id}: found at the provider (${answer.ref})`);
      else answer = await this.provider.refund(order, claimed.amount, claimed.id);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.unknown) {
        // Left claimed: the reconciler asks the provider about it once the call has surely ended.
        this.logger.warn(`refund ${claimed.id} of order ${order.id}: no answer (${err.message})`);
        throw new AppError(502, 'refund.provider_unavailable');
      }
      await this.fail(claimed, err.message);
      throw new AppError(502, 'refund.provider_refused');
    }
    await this.afterProviderCall?.(claimed);
    return this.settle(claimed.id, answer);
  }

  /** A refusal: nothing was refunded. Staff's and coaches' refunds fail; one the platform owes waits for the next try. */
  private async fail(refund: Refund, reason: string) {
    this.logger.warn(`refund ${refund.id} of order ${refund.orderId} refused: ${reason}`);
    const keep = owed(refund);
    await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx
        .update(refunds)
        .set({
          status: keep ? 'pending' : 'failed',
          failureReason: reason.slice(0, 500),
          attemptAt: null,
          // A refused refund's key may be used again for a new try.
          idempotencyKey: keep ? refund.idempotencyKey : null,
        })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      await this.audits.record(tx, {
        actor: { id: refund.actorId, name: refund.actorName },
        action: keep ? 'refund_pending' : 'refund_failed',
        resource: 'transections',
        recordId: refund.orderId,
        before: null,
        after: { refund_amount: refund.amount, reason: refund.reason, provider_reason: reason.slice(0, 500) },
      });
    });
  }

  /** Step 3: the provider refunded it; recorded once, whoever settles it first. */
  private async settle(refundId: string, answer: RefundResult): Promise<RefundOutcome> {
    const [ref] = await this.db
      .select({ orderId: refunds.orderId, teamId: refunds.teamId })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    return this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockTeamOfOrder(tx, ref.orderId);
      if (ref.teamId) await lockTeamsOfOrder(tx, ref.orderId, ref.teamId);
      const [order] = await tx.select().from(orders).where(eq(orders.id, ref.orderId)).for('update');
      const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
      if (refund.status === 'settled') return { refund, order, replayed: true };
      const [{ done }] = await tx
        .select({ done: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
        .from(refunds)
        .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'settled')));
      const amount = cents(refund.amount);
      const full = cents(done) + amount >= cents(order.total);
      const ended = (full || refund.endRequested) && (await this.endSubscription(tx, order));
      // A team fee refunded in full leaves its team unpaid.
      if (full && order.teamId) await feeRefunded(tx, order.teamId, order.id);
      // A line of a school's order refunded: that team is unpaid, the others stay paid.
      if (refund.teamId) await feeRefunded(tx, refund.teamId, order.id);
      const now = new Date();
      const [settled] = await tx
        .update(refunds)
        .set({
          status: 'settled',
          providerRef: answer.ref,
          creditNoteNumber: await nextDocumentNumber(tx, 'CN', now),
          endedSubscription: ended,
          settledAt: now,
          attemptAt: null,
          failureReason: null,
        })
        .where(eq(refunds.id, refund.id))
        .returning();
      const [after] = await tx
        .update(orders)
        .set({ status: full ? 'refunded' : order.status, updatedAt: now })
        .where(eq(orders.id, order.id))
        .returning();
      await notifyRefund(tx, order, { amount: settled.amount, creditNoteNumber: settled.creditNoteNumber! });
      const actor = { id: refund.actorId, name: refund.actorName };
      await this.audits.record(tx, {
        actor,
        action: 'refund',
        resource: 'transections',
        recordId: order.id,
        before: { payment_status: order.status, refunded: decimal(cents(done)) },
        // Flat fields, as the audit log shows them side by side.
        after: {
          payment_status: after.status,
          refunded: decimal(cents(done) + amount),
          refund_amount: settled.amount,
          reason: settled.reason,
          credit_note: settled.creditNoteNumber,
          provider_ref: settled.providerRef,
          ended_subscription: ended,
        },
      });
      const withdrawal = settled.idempotencyKey?.match(WITHDRAWAL);
      if (withdrawal) await this.finishWithdrawal(tx, withdrawal[1], settled.actorId);
      this.logger.log(`order ${order.id}: ${settled.amount} refunded (${settled.creditNoteNumber})`);
      return { refund: settled, order: after, replayed: false };
    });
  }

  /**
   * A coach's withdrawal waits for its fees' refunds: when the last of them is settled (by the
   * request, or by the reconciler after a crash), the team is withdrawn, in a savepoint: a team
   * that can no longer be withdrawn keeps the refund recorded and stays as it is.
   */
  private async finishWithdrawal(tx: Db, teamId: string, actorId: string | null) {
    const [other] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), sql`${refunds.idempotencyKey} LIKE ${`team-withdrawal:${teamId}:%`}`))
      .limit(1);
    if (other || !actorId) return;
    try {
      await tx.transaction(async (sp) => {
        const { team, reg } = await lifecycle.lockTeam(sp as unknown as Db, teamId);
        if (team.state === 'withdrawn' || !reg) return;
        await lifecycle.withdraw(sp as unknown as Db, team, reg, lifecycle.actorOf(team, { id: actorId }));
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.logger.warn(`team ${teamId}: fee refunded, not withdrawn (${err.key})`);
    }
  }

  /**
   * Pending refunds no request is completing: a crash or a lost answer left them (their call began
   * over IN_FLIGHT_MS ago), or the provider refused one the platform owes. Each is completed (the
   * provider asked first whether it refunded it already); answers how many were settled.
   */
  async reconcile(limit = 100) {
    const stale = sql`now() - make_interval(secs => ${IN_FLIGHT_MS / 1000})`;
    const rows = await this.db
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'pending'),
          sql`(${refunds.attemptAt} < ${stale} OR (${refunds.attemptAt} IS NULL AND (${refunds.failureReason} IS NOT NULL OR ${refunds.createdAt} < ${stale})))`,
        ),
      )
      .orderBy(asc(refunds.createdAt))
      .limit(limit);
    const result = { settled: 0, failed: 0, waiting: 0 };
    for (const row of rows) {
      try {
        const { replayed } = await this.complete(row);
        if (!replayed) result.settled++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.key === 'refund.provider_refused' && !owed(row)) result.failed++;
        else result.waiting++;
      }
    }
    return result;
  }

  /**
   * Takes back the days the order bought: a later renewal stacked after it moves back by as many
   * days; otherwise the subscription ends yesterday (or, for a renewal not yet begun, where the
   * earlier period ended). Answers whether anything changed.
   */
  private async endSubscription(tx: Db, order: Order): Promise<boolean> {
    if (!order.userId || !order.periodStart || !order.periodEnd) return false;
    const [member] = await tx.select().from(users).where(eq(users.id, order.userId)).for('update');
    if (!member?.endDate) return false;
    const today = platformDay();
    let endDate: string;
    if (member.endDate > order.periodEnd)
      endDate = addDays(member.endDate, -daysBetween(order.periodStart, order.periodEnd));
    else if (order.orderType === 'renewal' && order.periodStart > today) endDate = order.periodStart;
    else endDate = addDays(today, -1);
    if (endDate >= member.endDate) return false;
    await tx.update(users).set({ endDate, updatedAt: new Date() }).where(eq(users.id, member.id));
    return true;
  }

  /** The settled refunds (those with a credit note) of some orders, oldest first, by order id. */
  async ofOrders(orderIds: string[]): Promise<Map<string, Refund[]>> {
    const byOrder = new Map<string, Refund[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await this.db
      .select()
      .from(refunds)
      .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'settled')))
      .orderBy(asc(refunds.createdAt), asc(refunds.creditNoteNumber));
    for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
    return byOrder;
  }

  /** One refund of one of the member's own orders, with its order; another member's is "not found". */
  async ownRefund(user: User, refundId: unknown): Promise<{ refund: Refund; order: Order } | null> {
    if (!isUuid(refundId)) return null;
    const [row] = await this.db
      .select()
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.id, refundId), eq(orders.userId, user.id), eq(refunds.status, 'settled')));
    return row ? { refund: row.refunds, order: row.orders } : null;
  }
}
