import type { OrderStatus } from '@platform/contract';

/**
 * What a payment provider says about one hosted payment: an order's state, except the two only we
 * decide (`failed` on our side, `refunded`). `held`: authorised but not captured (Telr's status 2,
 * authorised or on hold), until captured or voided.
 */
export type PaymentState = Exclude<OrderStatus, 'failed' | 'refunded'>;

export interface CreatePayment {
  /** Our order id; Telr's cart id, which Telr refuses twice (so a retried create cannot charge twice). */
  cartId: string;
  amount: string;
  currency: string;
  description: string;
  lang: 'en' | 'ar';
  /** Where the provider sends the browser back after each outcome. */
  returnUrls: { authorised: string; declined: string; cancelled: string };
}

export interface PaymentCheck {
  state: PaymentState;
  /** The provider's status code (Telr: 3 paid, 2 authorised, 1 pending, -1 expired, -2 cancelled, -3 declined). */
  code: number;
  transactionRef?: string;
  method?: string;
  /** The provider's answer as received, kept on the order for support. */
  raw: Record<string, unknown>;
}

/** What a refund needs of its order: the provider's references of the payment, and its currency. */
export interface RefundableOrder {
  id: string;
  providerRef: string | null;
  transactionRef: string | null;
  currency: string;
}

/** A refund the provider accepted: its own reference, and its answer as received. */
export interface RefundResult {
  ref: string;
  raw: Record<string, unknown>;
}

/** A hosted payment page: create a payment, then ask about it (never trust the returning browser). */
export interface PaymentProvider {
  readonly name: 'telr' | 'sandbox';
  create(payment: CreatePayment): Promise<{ ref: string; url: string }>;
  check(ref: string): Promise<PaymentCheck>;
  /**
   * Gives back `amount` (a decimal string, VAT included) of a paid order to the card, under our
   * `reference` of the refund (Telr's cart id of the refund transaction). Throws ProviderError: a
   * refusal (`unknown` false) means nothing was refunded; an unknown outcome (no answer, a timeout,
   * a server error) means it may have been: ask findRefund before calling again.
   */
  refund(order: RefundableOrder, amount: string, reference: string): Promise<RefundResult>;
  /**
   * The refund the provider made under `reference` for the order's payment, or null when it made
   * none (Telr: the transactions linked to the payment). Throws ProviderError when it cannot tell.
   */
  findRefund(order: RefundableOrder, reference: string): Promise<RefundResult | null>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * The provider could not be reached or refused the request. `unknown`: no definite answer (not
 * reachable, timed out, a server error), so the request may or may not have been carried out.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly unknown = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * Telr's order status codes. Only 3 (paid) activates. 2 (authorised) is a payment authorised but on
 * hold or not yet captured: the order is held, nothing is activated, and reconciliation asks again
 * until Telr answers it captured (3) or voided (-2 cancelled, -3 declined), or the hold lapses.
 */
export function stateOfTelrCode(code: number): PaymentState {
  if (code === 3) return 'paid';
  if (code === 2) return 'held';
  if (code === -1) return 'expired';
  if (code === -2) return 'cancelled';
  if (code === -3) return 'declined';
  return 'pending';
}
