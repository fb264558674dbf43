import { orderStatusWord, type BillingOrder, type BillingRefund, type OrderLine } from '@platform/contract';
import type { orderLines } from '../db/schema';
import type { Order } from './payments.service';
import type { Refund } from './refunds.service';

function refundView(r: Refund, currency: string, withXml: ReadonlySet<string>): BillingRefund {
  return {
    _id: r.id,
    amount: r.amount,
    currency,
    credit_note_number: r.creditNoteNumber!,
    e_invoice: withXml.has(r.creditNoteNumber!),
    reason: r.reason,
    created_at: (r.settledAt ?? r.createdAt).toISOString(),
  };
}

/**
 * An order as members and staff read it (the contract's `BillingOrder`), with its refunds and (a
 * school's order for several teams) its lines; `withXml` the document numbers whose e-invoice (XML)
 * can be downloaded now (ZatcaService.withXml).
 */
export function orderView(
  o: Order,
  refunds: Refund[] = [],
  lines: (typeof orderLines.$inferSelect)[] = [],
  withXml: ReadonlySet<string> = new Set(),
): BillingOrder {
  return {
    _id: o.id,
    invoice_number: o.invoiceNumber,
    e_invoice: !!o.invoiceNumber && withXml.has(o.invoiceNumber),
    refunds: refunds.map((r) => refundView(r, o.currency, withXml)),
    payment_status: orderStatusWord(o.status),
    currency: o.currency,
    total_amount: o.total,
    plan: o.plan ?? null,
    order_type: o.orderType,
    transaction_ref: o.transactionRef,
    period_start: o.periodStart,
    period_end: o.periodEnd,
    created_at: o.createdAt.toISOString(),
    buyer: o.buyer ?? null,
    lines: lines.map((l): OrderLine => ({
      team_id: l.teamId,
      team_no: l.teamNo,
      name: l.name,
      name_en: l.nameEn,
      amount: l.amount,
      refunded: refunds.some((r) => r.teamId !== null && r.teamId === l.teamId),
    })),
  };
}
