import type { OrderDetail, OrderRecord, OrderRefundRecord } from '@platform/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { orderLines, orders, refunds, users, zatcaDocuments, type User } from '../../db/schema';
import { einvoiceRecord } from '../../zatca/einvoices.resource';
import type { Refund } from '../../payments/refunds.service';
import { defineResource } from '../resource';

type Row = { orders: typeof orders.$inferSelect; users: User | null };

/** A refund as the back-office reads it: in its order's view, and as the answer of making it. */
export const refundRecord = (r: Refund): OrderRefundRecord => ({
  id: r.id,
  amount: r.amount,
  reason: r.reason,
  credit_note_number: r.creditNoteNumber,
  status: r.status,
  failure_reason: r.failureReason,
  provider_ref: r.providerRef,
  ended_subscription: r.endedSubscription,
  by: r.actorName,
  created_at: r.createdAt.toISOString(),
});

/** Payment orders, read-only. A deleted user or plan shows as DELETED; the order keeps its copies. */
export const transactionsResource = defineResource<Row>({
  name: 'transections',
  shapes: { record: 'OrderRecord', detail: 'OrderDetail' },
  table: orders,
  id: orders.id,
  joins: [[users, eq(users.id, orders.userId)]],
  roles: { read: ['admin'] },
  search: [
    orders.customerName,
    orders.email,
    orders.phone,
    orders.status,
    orders.method,
    orders.orderType,
    orders.currency,
    orders.transactionRef,
    orders.invoiceNumber,
    sql`coalesce(${orders.plan}->>'name_en', 'DELETED')`,
  ],
  sort: {
    created_at: orders.createdAt,
    customer_name: orders.customerName,
    total_amount: orders.total,
    payment_status: orders.status,
    payment_method: orders.method,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    payment_status: { column: orders.status, type: 'text' },
    order_type: { column: orders.orderType, type: 'text' },
    plan: { column: orders.planId, type: 'uuid' },
    // A member's orders (react-admin's getManyReference from the user's page).
    user: { column: orders.userId, type: 'uuid' },
    created_at: { column: orders.createdAt, type: 'date' },
  },
  toRecord: ({ orders: o, users: u }): OrderRecord => ({
    id: o.id,
    _id: o.id,
    customer_name: o.customerName,
    customer_email: o.email,
    customer_phone_number: o.phone,
    items: [{ name: o.plan ? o.plan.name_en : 'DELETED', name_ar: o.plan?.name ?? 'DELETED' }],
    plan: o.plan ? { ...o.plan, deleted: o.planId === null } : null,
    order_type: o.orderType,
    currency: o.currency,
    total_amount: o.total,
    payment_method: o.method,
    payment_status: o.status,
    trx_reference: o.transactionRef,
    invoice_number: o.invoiceNumber,
    payment_data: o.raw,
    user: u ? { _id: u.id, name: u.name, email: u.email, national_id: u.nationalId } : 'DELETED',
    created_at: o.createdAt.toISOString(),
  }),
  // The one-order view: its refunds, oldest first, with their credit notes (a pending one is not
  // refunded yet but no longer refundable; a failed one is neither).
  detail: async ({ orders: o }, db): Promise<Omit<OrderDetail, keyof OrderRecord>> => {
    const rows = await db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, o.id))
      .orderBy(asc(refunds.createdAt), asc(refunds.creditNoteNumber));
    const einvoices = await db
      .select()
      .from(zatcaDocuments)
      .where(eq(zatcaDocuments.orderId, o.id))
      .orderBy(asc(zatcaDocuments.icv));
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id))
      .orderBy(asc(orderLines.position));
    const sumOf = (rs: typeof rows) => rs.reduce((c, r) => c + Math.round(Number(r.amount) * 100), 0);
    const refunded = sumOf(rows.filter((r) => r.status === 'settled'));
    const pending = sumOf(rows.filter((r) => r.status === 'pending'));
    return {
      refunded_amount: (refunded / 100).toFixed(2),
      refundable_amount:
        o.status === 'paid' ? ((Math.round(Number(o.total) * 100) - refunded - pending) / 100).toFixed(2) : '0.00',
      refunds: rows.map(refundRecord),
      einvoices: einvoices.map((d) => einvoiceRecord(d)),
      lines: lines.map((l) => ({
        team_id: l.teamId,
        team_no: l.teamNo,
        name: l.name,
        name_en: l.nameEn,
        amount: l.amount,
        // Given back, or being given back: not offered again.
        refunded: rows.some((r) => r.teamId === l.teamId && (r.status === 'settled' || r.status === 'pending')),
      })),
    };
  },
});
