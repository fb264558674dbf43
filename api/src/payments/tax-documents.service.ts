import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import type { User } from '../db/schema';
import { writeTaxDocument, type TaxDocument } from './invoice';
import { PaymentsService, type Order } from './payments.service';
import { RefundsService, type Refund } from './refunds.service';

/** A member's tax documents: the invoice of a paid order and the credit note of a refund, as PDF files. */
@Injectable()
export class TaxDocumentsService {
  constructor(
    private readonly payments: PaymentsService,
    private readonly refunds: RefundsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The invoice PDF of one of the member's paid (or refunded) orders: its path and its number. */
  async invoice(user: User, orderId: unknown) {
    const order = await this.paidOrder(user, orderId);
    return { order, path: await this.documentFile(user, order), name: order.invoiceNumber! };
  }

  /** The credit note PDF of a refund of one of the member's orders (by the refund's id). */
  async creditNote(user: User, refundId: string) {
    const found = await this.refunds.ownRefund(user, refundId);
    if (!found) throw new AppError(404, 'payment.credit_note_not_found');
    const { refund, order } = found;
    return { path: await this.documentFile(user, order, refund), name: refund.creditNoteNumber! };
  }

  /** The PDF of an order's invoice or of one refund's credit note, made once and kept under its number. */
  private async documentFile(user: User, order: Order, refund?: Refund) {
    const number = refund ? refund.creditNoteNumber! : order.invoiceNumber!;
    const path = join(this.config.dataDir, 'invoices', `${number}.pdf`);
    if (existsSync(path)) return path;
    const doc: TaxDocument = {
      kind: refund ? 'credit_note' : 'invoice',
      number,
      issuedAt: refund ? (refund.settledAt ?? refund.createdAt) : (order.activatedAt ?? order.updatedAt),
      invoiceNumber: order.invoiceNumber,
      total: refund ? refund.amount : order.total,
      reason: refund?.reason,
      order,
      member: { name: order.customerName || user.name, nationalId: user.nationalId, email: user.email },
      seller: this.config.payments.seller,
      vatPercent: this.config.payments.vatPercent,
    };
    await writeTaxDocument(path, doc);
    return path;
  }

  private async paidOrder(user: User, orderId: unknown) {
    const order = await this.payments.ownOrder(user, orderId).catch(() => null);
    if (!order || !order.invoiceNumber || (order.status !== 'paid' && order.status !== 'refunded'))
      throw new AppError(404, 'payment.invoice_not_found');
    return order;
  }
}
