import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { sandboxPayments } from '../db/schema';
import {
  ProviderError,
  stateOfTelrCode,
  type CreatePayment,
  type PaymentCheck,
  type PaymentProvider,
  type RefundableOrder,
  type RefundResult,
} from './provider';

/**
 * The built-in provider used when Telr is not configured: the API hosts a page with Pay, Decline
 * and Cancel (sandbox.controller.ts) that sends the browser back as Telr would. It answers Telr's
 * status codes and, like Telr, refuses a cart id it has already seen. Its state lives in the database.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  async create(payment: CreatePayment) {
    const ref = `SBX${randomBytes(12).toString('hex').toUpperCase()}`;
    const inserted = await this.db
      .insert(sandboxPayments)
      .values({
        ref,
        cartId: payment.cartId,
        amount: payment.amount,
        currency: payment.currency,
        description: payment.description,
        returnUrls: payment.returnUrls,
        lang: payment.lang,
      })
      .onConflictDoNothing({ target: sandboxPayments.cartId })
      .returning({ ref: sandboxPayments.ref });
    if (inserted.length === 0) throw new ProviderError('Duplicate cart id');
    return { ref, url: `${this.config.publicUrl}/api/sandbox/pay/${ref}` };
  }

  /**
   * Refunds a paid sandbox payment: it answers a refund reference and changes nothing else (no money
   * moves in the sandbox, so it keeps no record of refunds: findRefund finds none, and a refund whose
   * outcome was lost is simply made again).
   */
  async refund(order: RefundableOrder, amount: string, reference: string): Promise<RefundResult> {
    if (!order.providerRef?.startsWith('SBX') || !order.transactionRef)
      throw new ProviderError('The payment was not made');
    const ref = `SBR${randomBytes(12).toString('hex').toUpperCase()}`;
    return {
      ref,
      raw: {
        provider: 'sandbox',
        ref,
        cartid: reference,
        payment: order.providerRef,
        amount,
        currency: order.currency,
      },
    };
  }

  async findRefund(): Promise<RefundResult | null> {
    return null;
  }

  async check(ref: string): Promise<PaymentCheck> {
    // A payment left on the page past the expiry is expired, as Telr answers -1.
    const [row] = await this.db
      .update(sandboxPayments)
      .set({ code: -1, updatedAt: new Date() })
      .where(
        sql`${sandboxPayments.ref} = ${ref} AND ${sandboxPayments.code} = 1
            AND ${sandboxPayments.createdAt} < now() - make_interval(mins => ${this.config.payments.expiryMinutes})`,
      )
      .returning();
    const payment = row ?? (await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref)))[0];
    if (!payment) throw new ProviderError('Unknown order reference');
    const state = stateOfTelrCode(payment.code);
    return {
      state,
      code: payment.code,
      transactionRef: state === 'paid' ? `T${payment.ref.slice(3)}` : undefined,
      method: state === 'paid' ? 'Sandbox card' : undefined,
      raw: {
        provider: 'sandbox',
        ref: payment.ref,
        cartid: payment.cartId,
        amount: payment.amount,
        currency: payment.currency,
        status: { code: payment.code },
        updated_at: payment.updatedAt.toISOString(),
      },
    };
  }
}
