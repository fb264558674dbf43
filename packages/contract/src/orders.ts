import type { OrderBuyer } from './buyers.js';
import type { MemberUser, PlanSnapshot } from './members.js';

/** A payment order's states, as stored and as staff filter them. */
/**
 * `held`: the provider authorised the payment but holds it (Telr's status 2, authorised or on hold)
 * until it is captured (then paid) or voided (then cancelled); nothing is activated meanwhile.
 */
export const ORDER_STATUSES = [
  'pending',
  'held',
  'paid',
  'declined',
  'cancelled',
  'expired',
  'failed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The word member pages read for each state (the contract's `payment_status`). */
export const ORDER_STATUS_WORD = {
  pending: 'Pending',
  held: 'On hold',
  paid: 'Paid',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  failed: 'Failed',
  refunded: 'Refunded',
} as const satisfies Record<OrderStatus, string>;
export type OrderStatusWord = (typeof ORDER_STATUS_WORD)[OrderStatus];

/** The word of a stored state; an unknown state reads as still pending rather than as a code. */
export const orderStatusWord = (status: string): OrderStatusWord =>
  (ORDER_STATUS_WORD as Record<string, OrderStatusWord>)[status] ?? 'Pending';

/** A refund of one of a member's orders, with its credit note (downloaded by `_id`). */
export interface BillingRefund {
  _id: string;
  amount: string;
  currency: string;
  /** CN-2026-000001 */
  credit_note_number: string;
  /** Its ZATCA e-invoice (UBL XML) can be downloaded now (`?format=xml`): Phase 2 on and the note stamped. */
  e_invoice: boolean;
  reason: string;
  created_at: string;
}

/** One of a member's orders as the API sends it (billing, the receipt); dates are ISO strings. */
export interface BillingOrder {
  _id: string;
  /** The simplified tax invoice's number once paid (INV-2026-000001). */
  invoice_number: string | null;
  /**
   * The invoice's ZATCA e-invoice (UBL XML) can be downloaded now (`?format=xml`): Phase 2 is on and
   * the invoice stamped (a standard one once cleared). Pages offer the XML link only then.
   */
  e_invoice: boolean;
  /** Refunds of this order, oldest first (a partly refunded order stays Paid). */
  refunds: BillingRefund[];
  payment_status: OrderStatusWord;
  currency: string;
  total_amount: string;
  plan: { name: string; name_en: string } | null;
  order_type: string;
  transaction_ref: string | null;
  period_start: string | null;
  period_end: string | null;
  created_at: string;
  /** An organisation's order (a standard tax invoice): its legal name, VAT number and address; null otherwise. */
  buyer: OrderBuyer | null;
  /** A school's order for several teams' fees: one line per team (empty for other orders). */
  lines: OrderLine[];
}

/** One team's fee in a school's order for several teams. */
export interface OrderLine {
  team_id: string | null;
  team_no: string;
  name: string;
  name_en: string;
  amount: string;
  /** Whether this line was refunded (its team's fee given back). */
  refunded: boolean;
}

/** An order after asking the provider (`POST /api/telr/`): its reference and the VAT it includes. */
export interface CheckedOrder extends BillingOrder {
  ref: string | null;
  /** A team fee's team (order_type team_fee), null otherwise: where the coach goes back after the payment page. */
  team_id: string | null;
  vat: { percent: number; amount: string };
}

/** The answer of `POST /api/telr/`: the order after asking the provider, and the member's plan days after it. */
export interface PaymentCheck {
  success: boolean;
  order: CheckedOrder;
  user: Pick<MemberUser, 'subcription' | 'start_date' | 'end_date'>;
}

/**
 * An order as the back-office's transactions resource lists it (`/api/admin/transections`). The
 * customer and plan are the order's own copies: `user` is 'DELETED' once the account is gone, the
 * plan `deleted` once it is; dates are ISO strings (a type, so it is a record).
 */
export type OrderRecord = {
  id: string;
  _id: string;
  customer_name: string;
  customer_email: string;
  customer_phone_number: string;
  /** The plan's names ('DELETED' for an order without its plan copy). */
  items: { name: string; name_ar: string }[];
  plan: (PlanSnapshot & { deleted: boolean }) | null;
  /** subscription, renewal or team_fee. */
  order_type: string;
  currency: string;
  total_amount: string;
  /** How it was paid as the provider names it ('' until known). */
  payment_method: string;
  /** One of ORDER_STATUSES, as stored. */
  payment_status: string;
  trx_reference: string | null;
  invoice_number: string | null;
  /** The provider's payment object as received. */
  payment_data: Record<string, unknown> | null;
  user: { _id: string; name: string; email: string | null; national_id: string | null } | 'DELETED';
  created_at: string;
};

/** A refund of an order in the back-office: the order's view, and the answer of a refund. */
export type OrderRefundRecord = {
  id: string;
  amount: string;
  reason: string;
  /** CN-2026-000001; null until the provider's refund is recorded (pending) or when it refused (failed). */
  credit_note_number: string | null;
  /** pending: asked of the provider, no answer recorded yet; settled: refunded; failed: the provider refused. */
  status: 'pending' | 'settled' | 'failed';
  /** The provider's reason for refusing it. */
  failure_reason: string | null;
  provider_ref: string | null;
  ended_subscription: boolean;
  /** Who refunded it (a staff member's name, or System). */
  by: string;
  created_at: string;
};

/** Where a ZATCA e-invoice stands: waiting to be reported (or cleared), accepted (with warnings), or refused. */
export const EINVOICE_STATES = ['pending', 'reported', 'reported_with_warnings', 'cleared', 'rejected'] as const;
export type EinvoiceState = (typeof EINVOICE_STATES)[number];
export const EINVOICE_KINDS = ['invoice', 'credit_note'] as const;

/** One of ZATCA's validation messages about a document, as Fatoora answered it. */
export interface EinvoiceMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

/** A ZATCA Phase 2 e-invoice in the back-office (`/api/admin/einvoices`, and on its order). */
export type EinvoiceRecord = {
  id: string;
  kind: (typeof EINVOICE_KINDS)[number];
  /** INV-2026-000001 or CN-2026-000001 */
  number: string;
  order_id: string | null;
  refund_id: string | null;
  /** simplified (reported) or standard (cleared) */
  profile: 'simplified' | 'standard';
  /** The invoice counter value: its place in the chain. */
  icv: number;
  uuid: string;
  hash: string;
  state: EinvoiceState;
  warnings: EinvoiceMessage[];
  errors: EinvoiceMessage[];
  attempts: number;
  /** Why the last attempt to reach Fatoora failed (it is retried), if it did. */
  last_error: string | null;
  issued_at: string;
  reported_at: string | null;
  /** Still not reported 20 hours after it was issued (ZATCA allows 24). */
  late: boolean;
  /** Its XML can be downloaded now (`/api/admin/einvoices/{id}/xml`): simplified, or standard once cleared. */
  xml: boolean;
};

/** One order in the back-office (`GET /api/admin/transections/:id`): the record with its refunds, oldest first. */
export type OrderDetail = OrderRecord & {
  refunded_amount: string;
  /** What is left to refund ('0.00' unless the order is paid). */
  refundable_amount: string;
  refunds: OrderRefundRecord[];
  /** The ZATCA e-invoices of its invoice and credit notes, in chain order. */
  einvoices: EinvoiceRecord[];
  /** A school's order for several teams: one line per team (a refund names the team); empty otherwise. */
  lines: OrderLine[];
};

/** The answer of a refund (`POST /api/admin/transections/:id/refund`); `replayed` for a retried Idempotency-Key. */
export interface RefundAnswer {
  success: boolean;
  replayed: boolean;
  /** The order's state after it (one of ORDER_STATUSES). */
  payment_status: string;
  refund: OrderRefundRecord;
}
