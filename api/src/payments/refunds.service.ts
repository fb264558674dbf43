import { Inject, Injectable, Logger } from '@nestjs/common';
import { platformDay } from '@platform/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import { money } from '../common/i18n';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { orders, refunds, users, type User } from '../db/schema';
import { feeRefunded } from '../teams/lifecycle/team-state';
import { AuditService } from '../audit/audit.service';
import { lockTeamOfOrder } from './locks';
import { nextDocumentNumber } from './numbers';
import { notifyRefund } from './refund-notice';
import type { Order } from './payments.service';
import { PAYMENT_PROVIDER, ProviderError, type PaymentProvider } from './provider';
import type { RefundDto } from './refund.dto';

export type Refund = typeof refunds.$inferSelect;

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const decimal = (c: number) => (c / 100).toFixed(2);

/** A day `n` days from a YYYY-MM-DD day. */
function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

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
 * Refunds of paid orders, in full or in part: one at a time per order (the order's row is locked
 * from the first read to the commit, the provider's refund included), never more than what is left
 * of the amount paid, each with a credit note number, the member's subscription ended when the
 * whole order is refunded (or when the admin asks), and an audit entry. A retried request with the
 * same Idempotency-Key answers the refund already made.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');

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
    return this.perform(
      this.db,
      actor,
      orderId,
      cents(input.amount!),
      input.reason!,
      input.end_subscription === true,
      key,
    );
  }

  /**
   * Refunds what is left of a paid order (a withdrawn team's fee), inside the caller's transaction
   * (a savepoint): when the provider refuses, nothing of the caller's change is kept either.
   */
  refundRest(tx: Db, actor: RefundActor, orderId: string, reason: string, key: string): Promise<RefundOutcome> {
    return this.perform(tx, actor, orderId, 'rest', reason, false, key);
  }

  private async perform(
    db: Db,
    actor: RefundActor,
    orderId: string,
    requested: number | 'rest',
    reason: string,
    end: boolean,
    key: string | undefined,
  ): Promise<RefundOutcome> {
    try {
      return await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        // A team fee's team first, then the order (see lockTeamOfOrder).
        await lockTeamOfOrder(tx, orderId);
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw new AppError(404, 'request.not_found');
        if (key) {
          const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
          if (earlier) {
            if (earlier.orderId !== order.id || (requested !== 'rest' && cents(earlier.amount) !== requested))
              throw new AppError(409, 'refund.key_reused');
            return { refund: earlier, order, replayed: true };
          }
        }
        if (order.status !== 'paid' && order.status !== 'refunded') throw new AppError(409, 'refund.not_paid');
        const [{ done }] = await tx
          .select({ done: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
          .from(refunds)
          .where(eq(refunds.orderId, order.id));
        const left = cents(order.total) - cents(done);
        if (left <= 0) throw new AppError(409, 'refund.fully_refunded');
        const amount = requested === 'rest' ? left : requested;
        if (amount > left) throw new AppError(400, 'refund.too_much', { left: money(decimal(left), order.currency) });

        let answer: Awaited<ReturnType<PaymentProvider['refund']>>;
        try {
          answer = await this.provider.refund(order, decimal(amount));
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          this.logger.warn(`refund of order ${order.id} refused: ${err.message}`);
          throw new AppError(502, 'refund.provider_refused');
        }
        const full = amount === left;
        const ended = (full || end) && (await this.endSubscription(tx, order));
        // A team fee refunded in full leaves its team unpaid.
        if (full && order.teamId) await feeRefunded(tx, order.teamId, order.id);
        const now = new Date();
        const [refund] = await tx
          .insert(refunds)
          .values({
            orderId: order.id,
            amount: decimal(amount),
            reason,
            actorId: actor.id,
            actorName: actor.name,
            providerRef: answer.ref,
            creditNoteNumber: await nextDocumentNumber(tx, 'CN', now),
            idempotencyKey: key ?? null,
            endedSubscription: ended,
            createdAt: now,
          })
          .returning();
        const [after] = await tx
          .update(orders)
          .set({ status: full ? 'refunded' : order.status, updatedAt: now })
          .where(eq(orders.id, order.id))
          .returning();
        await notifyRefund(tx, order, refund);
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
            refund_amount: refund.amount,
            reason,
            credit_note: refund.creditNoteNumber,
            provider_ref: refund.providerRef,
            ended_subscription: ended,
          },
        });
        this.logger.log(`order ${order.id}: ${refund.amount} refunded (${refund.creditNoteNumber})`);
        return { refund, order: after, replayed: false };
      });
    } catch (err) {
      // The same key sent at once for two orders: the second insert meets the first's unique key.
      if (
        (err as { code?: string })?.code === '23505' ||
        (err as { cause?: { code?: string } })?.cause?.code === '23505'
      )
        throw new AppError(409, 'refund.key_reused');
      throw err;
    }
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
      endDate = shiftDay(member.endDate, -daysBetween(order.periodStart, order.periodEnd));
    else if (order.orderType === 'renewal' && order.periodStart > today) endDate = order.periodStart;
    else endDate = shiftDay(today, -1);
    if (endDate >= member.endDate) return false;
    await tx.update(users).set({ endDate, updatedAt: new Date() }).where(eq(users.id, member.id));
    return true;
  }

  /** The refunds of some orders, oldest first, by order id. */
  async ofOrders(orderIds: string[]): Promise<Map<string, Refund[]>> {
    const byOrder = new Map<string, Refund[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await this.db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, orderIds))
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
      .where(and(eq(refunds.id, refundId), eq(orders.userId, user.id)));
    return row ? { refund: row.refunds, order: row.orders } : null;
  }
}
