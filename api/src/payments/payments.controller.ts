import { createReadStream } from 'node:fs';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { type CheckedOrder, type PaymentCheck } from '@platform/contract';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { AppError } from '../common/app-error';
import { Lang, translate } from '../common/i18n';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { vatCents } from './invoice';
import { OrderRefDto, OrdersPageDto, PaymentCheckDto, PendingPaymentDto, SubscribeDto } from './payments.dto';
import { PaymentsService } from './payments.service';
import { PendingPaymentsService } from './pending-payments.service';
import { TaxDocumentsService } from './tax-documents.service';
import { RefundsService } from './refunds.service';
import { orderView } from './order.view';
import { Answers, anyObject, done, int, list, object, ok, orNull, shape, text } from '../common/answers';
import { sendXml } from '../zatca/einvoice-xml';

const subscriptionView = (u: {
  subscription: boolean;
  startDate: string | null;
  endDate: string | null;
}): PaymentCheck['user'] => ({
  subcription: u.subscription,
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
    private readonly pending: PendingPaymentsService,
    private readonly documents: TaxDocumentsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers(ok({ response: object({ order: object({ ref: text, url: text }) }), order: shape('BillingOrder') }))
  @Post('subcripe')
  @Roles(...MEMBERS)
  // Each call opens an order with the payment provider: limited per member like a sign-in.
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Creates an order for plan_id (coaches and entities; the amount comes from the plan) and the payment page: response.order {ref, url}',
  })
  async subscribe(@CurrentAuth() auth: Auth, @Body() body: SubscribeDto, @Lang() lang: Lang) {
    const { page, order } = await this.payments.subscribe(auth.user, body.plan_id, lang);
    return { success: true, response: { order: { ref: page.ref, url: page.url } }, order: orderView(order) };
  }

  @Answers(shape('PaymentCheck'))
  @Post('telr')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Asks the provider about one of the member’s orders (order_id) and activates it when paid; order.vat is the VAT included ({percent, amount})',
  })
  async check(@CurrentAuth() auth: Auth, @Body() body: PaymentCheckDto): Promise<PaymentCheck> {
    const { order, user } = await this.payments.check(auth.user, body.order_id);
    const percent = this.config.payments.vatPercent;
    const checked: CheckedOrder = {
      ...orderView(order, [], [], await this.documents.withXml([order])),
      ref: order.providerRef,
      team_id: order.orderType === 'team_fee' ? (order.teamId ?? null) : null,
      vat: { percent, amount: (vatCents(order.total, percent) / 100).toFixed(2) },
    };
    return {
      success: true,
      order: checked,
      user: subscriptionView(user),
    };
  }

  @Answers(ok({ myOrders: list(shape('BillingOrder')), currentPage: int, totalPages: int }))
  @Post('orders')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'The member’s orders, newest first, 10 a page (page from 0)' })
  async orders(@CurrentAuth() auth: Auth, @Body() body: OrdersPageDto) {
    const page = body.page ?? 0;
    const { rows, currentPage, totalPages } = await this.payments.myOrders(auth.user, page);
    const refunds = await this.refunds.ofOrders(rows.map((o) => o.id));
    const lines = await this.payments.linesOf(rows.map((o) => o.id));
    const withXml = await this.documents.withXml(rows, [...refunds.values()].flat());
    return {
      success: true,
      myOrders: rows.map((o) => orderView(o, refunds.get(o.id), lines.get(o.id), withXml)),
      currentPage,
      totalPages,
    };
  }

  @Answers(ok({ invoice_path: text }))
  @Post('subcripe/genrate')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Makes the simplified tax invoice PDF of one of the member’s paid (or refunded) orders; answers invoice_path',
  })
  async invoice(@CurrentAuth() auth: Auth, @Body() body: OrderRefDto) {
    const { order } = await this.documents.invoice(auth.user, body.order_id);
    return { success: true, invoice_path: `/api/subcripe/invoice/${order.id}` };
  }

  @Get('subcripe/invoice/:id')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Downloads the invoice of one of the member’s paid orders, named by its invoice number' })
  async download(
    @CurrentAuth() auth: Auth,
    @Param('id') id: string,
    @Res() res: FastifyReply,
    @Query('format') format?: string,
  ) {
    if (documentFormat(format) === 'xml') return sendXml(res, await this.documents.invoiceXml(auth.user, id));
    const { path, name } = await this.documents.invoice(auth.user, id);
    return this.sendPdf(res, path, name);
  }

  @Get('subcripe/credit-note/:id')
  @Roles(...MEMBERS)
  @ApiOperation({
    summary: 'Downloads the credit note of a refund of one of the member’s orders (by the refund’s _id)',
  })
  async creditNote(
    @CurrentAuth() auth: Auth,
    @Param('id') id: string,
    @Res() res: FastifyReply,
    @Query('format') format?: string,
  ) {
    if (documentFormat(format) === 'xml') return sendXml(res, await this.documents.creditNoteXml(auth.user, id));
    const { path, name } = await this.documents.creditNote(auth.user, id);
    return this.sendPdf(res, path, name);
  }

  private sendPdf(res: FastifyReply, path: string, name: string) {
    res.header('Content-Type', 'application/pdf');
    res.header('Content-Disposition', `attachment; filename="${name}.pdf"`);
    res.header('Cache-Control', 'private, no-store');
    return res.send(createReadStream(path));
  }

  // The member site's pending payment record (spec §7 /api/seasons/), the member's own only.

  @Answers(
    ok({
      season: object({ _id: text, order_id: text, refrance_id: text, type: text, ref: text, data: orNull(anyObject) }),
    }),
  )
  @Post('seasons')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Saves the pending payment record of one of the member’s orders (type, order_id, ref, data)',
  })
  async saveRecord(@CurrentAuth() auth: Auth, @Body() body: PendingPaymentDto) {
    return { success: true, season: await this.pending.save(auth.user, body) };
  }

  @Answers(
    ok({
      season: object({ _id: text, order_id: text, refrance_id: text, type: text, ref: text, data: orNull(anyObject) }),
    }),
  )
  @Get('seasons')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'The pending payment record of one of the member’s orders (?order_id=)' })
  async getRecord(@CurrentAuth() auth: Auth, @Query('order_id') orderId?: string) {
    return { success: true, season: await this.pending.get(auth.user, orderId) };
  }

  @Answers(done())
  @Delete('seasons')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Deletes one of the member’s pending payment records (?id=)' })
  async deleteRecord(@CurrentAuth() auth: Auth, @Lang() lang: Lang, @Query('id') id?: string) {
    await this.pending.remove(auth.user, id);
    return { success: true, message: translate(lang, 'research.deleted') };
  }
}

/** `?format=`: the PDF (the default) or the e-invoice's UBL XML. */
function documentFormat(format: string | undefined): 'pdf' | 'xml' {
  if (format === undefined || format === '' || format === 'pdf') return 'pdf';
  if (format === 'xml') return 'xml';
  throw new AppError(400, 'payment.bad_format', {}, 'format');
}
