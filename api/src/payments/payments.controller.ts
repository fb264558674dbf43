import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { orderStatusWord, type BillingOrder, type BillingRefund, type CheckedOrder } from '@platform/contract';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { and, eq } from 'drizzle-orm';
import type { Response } from 'express';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import { langOf, translate } from '../common/messages';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { CONFIG, DB } from '../db/db.module';
import { pendingPayments } from '../db/schema';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { vatCents, writeTaxDocument, type TaxDocument } from './invoice';
import { PaymentsService, type Order } from './payments.service';
import { RefundsService, type Refund } from './refunds.service';

const text = (v: unknown, max = 200) =>
  typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : '';

function refundView(r: Refund, currency: string): BillingRefund {
  return {
    _id: r.id,
    amount: r.amount,
    currency,
    credit_note_number: r.creditNoteNumber,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  };
}

export function orderView(o: Order, refunds: Refund[] = []): BillingOrder {
  return {
    _id: o.id,
    invoice_number: o.invoiceNumber,
    refunds: refunds.map((r) => refundView(r, o.currency)),
    payment_status: orderStatusWord(o.status),
    currency: o.currency,
    total_amount: o.total,
    plan: o.plan ?? null,
    order_type: o.orderType,
    transaction_ref: o.transactionRef,
    period_start: o.periodStart,
    period_end: o.periodEnd,
    created_at: o.createdAt.toISOString(),
  };
}

const subscriptionView = (u: { subcription: boolean; startDate: string | null; endDate: string | null }) => ({
  subcription: u.subcription,
  start_date: u.startDate,
  end_date: u.endDate,
});

/** Activation plans: buying (spec §7 subcripe, telr), the pending record (seasons), billing and invoices. */
@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly refunds: RefundsService,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('subcripe')
  @Roles(...MEMBERS)
  // Each call opens an order with the payment provider: limited per member like a sign-in.
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Creates an order for plan_id (coaches and entities; the amount comes from the plan) and the payment page: response.order {ref, url}',
  })
  async subscribe(
    @CurrentAuth() auth: Auth,
    @Body() body: { plan_id?: unknown },
    @Headers('accept-language') al?: string,
  ) {
    const { page, order } = await this.payments.subscribe(auth.user, body?.plan_id, langOf(al));
    return { success: true, response: { order: { ref: page.ref, url: page.url } }, order: orderView(order) };
  }

  @Post('telr')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Asks the provider about one of the member’s orders (order_id) and activates it when paid; order.vat is the VAT included ({percent, amount})',
  })
  async check(@CurrentAuth() auth: Auth, @Body() body: { order_id?: unknown; ref?: unknown }) {
    const { order, user } = await this.payments.check(auth.user, body?.order_id);
    const percent = this.config.payments.vatPercent;
    const checked: CheckedOrder = {
      ...orderView(order),
      ref: order.providerRef,
      vat: { percent, amount: (vatCents(order.total, percent) / 100).toFixed(2) },
    };
    return {
      success: true,
      order: checked,
      user: subscriptionView(user),
    };
  }

  @Post('orders')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'The member’s orders, newest first, 10 a page (page from 0)' })
  async orders(@CurrentAuth() auth: Auth, @Body() body: { page?: unknown }) {
    const page = Number(body?.page ?? 0);
    if (!Number.isInteger(page) || page < 0 || page > 100_000)
      throw new AppError(400, 'request.invalid_field', { field: 'page' });
    const { rows, currentPage, totalPages } = await this.payments.myOrders(auth.user, page);
    const refunds = await this.refunds.ofOrders(rows.map((o) => o.id));
    return {
      success: true,
      myOrders: rows.map((o) => orderView(o, refunds.get(o.id))),
      currentPage,
      totalPages,
    };
  }

  @Post('subcripe/genrate')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Makes the simplified tax invoice PDF of one of the member’s paid (or refunded) orders; answers invoice_path',
  })
  async invoice(@CurrentAuth() auth: Auth, @Body() body: { order_id?: unknown }) {
    const order = await this.paidOrder(auth, body?.order_id);
    await this.documentFile(auth, order);
    return { success: true, invoice_path: `/api/subcripe/invoice/${order.id}` };
  }

  @Get('subcripe/invoice/:id')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Downloads the invoice of one of the member’s paid orders, named by its invoice number' })
  async download(@CurrentAuth() auth: Auth, @Param('id') id: string, @Res() res: Response) {
    const order = await this.paidOrder(auth, id);
    this.sendPdf(res, await this.documentFile(auth, order), order.invoiceNumber!);
  }

  @Get('subcripe/credit-note/:id')
  @Roles(...MEMBERS)
  @ApiOperation({
    summary: 'Downloads the credit note of a refund of one of the member’s orders (by the refund’s _id)',
  })
  async creditNote(@CurrentAuth() auth: Auth, @Param('id') id: string, @Res() res: Response) {
    const found = await this.refunds.ownRefund(auth.user, id);
    if (!found) throw new AppError(404, 'payment.credit_note_not_found');
    const { refund, order } = found;
    this.sendPdf(res, await this.documentFile(auth, order, refund), refund.creditNoteNumber);
  }

  private sendPdf(res: Response, path: string, name: string) {
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${name}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    createReadStream(path).pipe(res);
  }

  /** The PDF of an order's invoice or of one refund's credit note, made once and kept under its number. */
  private async documentFile(auth: Auth, order: Order, refund?: Refund) {
    const number = refund ? refund.creditNoteNumber : order.invoiceNumber!;
    const path = join(this.config.dataDir, 'invoices', `${number}.pdf`);
    if (existsSync(path)) return path;
    const doc: TaxDocument = {
      kind: refund ? 'credit_note' : 'invoice',
      number,
      issuedAt: refund ? refund.createdAt : (order.activatedAt ?? order.updatedAt),
      invoiceNumber: order.invoiceNumber,
      total: refund ? refund.amount : order.total,
      reason: refund?.reason,
      order,
      member: { name: order.customerName || auth.user.name, nationalId: auth.user.nationalId, email: auth.user.email },
      seller: this.config.payments.seller,
      vatPercent: this.config.payments.vatPercent,
    };
    await writeTaxDocument(path, doc);
    return path;
  }

  private async paidOrder(auth: Auth, orderId: unknown) {
    const order = await this.payments.ownOrder(auth.user, orderId).catch(() => null);
    if (!order || !order.invoiceNumber || (order.status !== 'paid' && order.status !== 'refunded'))
      throw new AppError(404, 'payment.invoice_not_found');
    return order;
  }

  // The member site's pending payment record (spec §7 /api/seasons/), the member's own only.

  @Post('seasons')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Saves the pending payment record of one of the member’s orders (type, order_id, ref, data)',
  })
  async saveRecord(@CurrentAuth() auth: Auth, @Body() body: Record<string, unknown>) {
    const order = await this.payments.ownOrder(auth.user, body?.order_id);
    const data =
      body?.data && typeof body.data === 'object' && !Array.isArray(body.data)
        ? (body.data as Record<string, unknown>)
        : null;
    const values = {
      userId: auth.user.id,
      orderId: order.id,
      type: text(body.type, 20) || 'telr',
      ref: text(body.ref),
      data,
    };
    const [season] = await this.db
      .insert(pendingPayments)
      .values(values)
      .onConflictDoUpdate({ target: pendingPayments.orderId, set: { type: values.type, ref: values.ref, data } })
      .returning();
    return { success: true, season: recordView(season) };
  }

  @Get('seasons')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'The pending payment record of one of the member’s orders (?order_id=)' })
  async getRecord(@CurrentAuth() auth: Auth, @Query('order_id') orderId?: string) {
    if (!isUuid(orderId)) throw new AppError(404, 'payment.order_not_found');
    const [season] = await this.db
      .select()
      .from(pendingPayments)
      .where(and(eq(pendingPayments.orderId, orderId), eq(pendingPayments.userId, auth.user.id)));
    if (!season) throw new AppError(404, 'payment.order_not_found');
    return { success: true, season: recordView(season) };
  }

  @Delete('seasons')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Deletes one of the member’s pending payment records (?id=)' })
  async deleteRecord(@CurrentAuth() auth: Auth, @Query('id') id?: string, @Headers('accept-language') al?: string) {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    const gone = await this.db
      .delete(pendingPayments)
      .where(and(eq(pendingPayments.id, id), eq(pendingPayments.userId, auth.user.id)))
      .returning({ id: pendingPayments.id });
    if (gone.length === 0) throw new AppError(404, 'request.not_found');
    return { success: true, message: translate(langOf(al), 'research.deleted') };
  }
}

function recordView(r: typeof pendingPayments.$inferSelect) {
  return { _id: r.id, order_id: r.orderId, refrance_id: r.orderId, type: r.type, ref: r.ref, data: r.data };
}
