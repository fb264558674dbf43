import type { RefundAnswer } from '@platform/contract';
import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { Lang } from '../../common/i18n';
import { RefundDto } from '../../payments/refund.dto';
import { RefundsService } from '../../payments/refunds.service';
import { sendCsv } from '../csv-download';
import { ListQuery } from '../resource.routes';
import { refundRecord, transactionsResource } from '../resources/transactions.resource';
import { FinanceService } from './finance.service';
import { Answers, shape } from '../../common/answers';

/**
 * Money in the back-office beside the transactions resource: refunds of a paid order and the
 * finance export (invoices and credit notes). Admins only; declared before the resource's own routes
 * so `export` is not read as an order id.
 */
@ApiTags('admin: transections')
@Controller('admin/transections')
export class FinanceController {
  constructor(
    private readonly refunds: RefundsService,
    private readonly finance: FinanceService,
  ) {}

  @Get('export')
  @Roles('admin')
  @ApiOperation({
    summary:
      'Finance CSV: one line per invoice and credit note (filter as the list: payment_status, plan, q; created_at_gte/lte by the document’s date); headers in the admin’s language',
  })
  @applyDecorators(...ListQuery(transactionsResource, { range: false }))
  async export(@Query() query: Record<string, unknown>, @Res() res: FastifyReply, @Lang() lang: Lang) {
    return sendCsv(res, 'finance', await this.finance.csv(query, lang));
  }

  @Answers(shape('RefundAnswer'))
  @Post(':id/refund')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refunds a paid order in full or in part ({amount, reason, end_subscription?}); Idempotency-Key makes a retry answer the same refund',
  })
  async refund(
    @Param('id') id: string,
    @Body() body: RefundDto,
    @CurrentAuth() auth: Auth,
    @Headers('idempotency-key') key?: string,
  ): Promise<RefundAnswer> {
    const { refund, order, replayed } = await this.refunds.refund(auth.user, id, body, key);
    return {
      success: true,
      replayed,
      payment_status: order.status,
      refund: refundRecord(refund),
    };
  }
}
