import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { orders, pendingPayments, type User } from '../db/schema';
import type { PendingPaymentDto } from './payments.dto';
import { PaymentsService } from './payments.service';

export function recordView(r: typeof pendingPayments.$inferSelect) {
  return { _id: r.id, order_id: r.orderId, refrance_id: r.orderId, type: r.type, ref: r.ref, data: r.data };
}

/** The member site's pending payment record (spec §7 /api/seasons/), the member's own only. */
@Injectable()
export class PendingPaymentsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly payments: PaymentsService,
  ) {}

  /** Saves (or replaces) the record of one of the member's orders: type, order_id, ref, data. */
  async save(user: User, body: PendingPaymentDto) {
    const order = await this.payments.ownOrder(user, body.order_id);
    const data = body.data ?? null;
    const values = { userId: user.id, orderId: order.id, type: body.type || 'telr', ref: body.ref ?? '', data };
    const [season] = await this.db.transaction(async (tx) => {
      // The order's row first, then the member's (the insert's foreign-key checks): the order in which an
      // activation locks them, so a record saved while its order is being activated waits instead of
      // deadlocking (seen on PostgreSQL: a 500).
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('key share');
      return tx
        .insert(pendingPayments)
        .values(values)
        .onConflictDoUpdate({ target: pendingPayments.orderId, set: { type: values.type, ref: values.ref, data } })
        .returning();
    });
    return recordView(season);
  }

  async get(user: User, orderId?: string) {
    if (!isUuid(orderId)) throw new AppError(404, 'payment.order_not_found');
    const [season] = await this.db
      .select()
      .from(pendingPayments)
      .where(and(eq(pendingPayments.orderId, orderId), eq(pendingPayments.userId, user.id)));
    if (!season) throw new AppError(404, 'payment.order_not_found');
    return recordView(season);
  }

  async remove(user: User, id?: string) {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    const gone = await this.db
      .delete(pendingPayments)
      .where(and(eq(pendingPayments.id, id), eq(pendingPayments.userId, user.id)))
      .returning({ id: pendingPayments.id });
    if (gone.length === 0) throw new AppError(404, 'request.not_found');
  }
}
