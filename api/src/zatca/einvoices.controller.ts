import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { Roles } from '../auth/roles';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { zatcaDocuments } from '../db/schema';
import { downloadableXml, sendXml } from './einvoice-xml';

/** Staff download an e-invoice's XML from the E-invoices list and the order dialog (admins, as the list). */
@ApiTags('admin: einvoices')
@Controller('admin/einvoices')
export class EinvoicesController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get(':id/xml')
  @Roles('admin')
  @ApiOperation({
    summary:
      'Downloads one e-invoice’s UBL XML, named by its number (a standard invoice once ZATCA cleared it: 409 before)',
  })
  async xml(@Param('id') id: string, @Res() res: FastifyReply) {
    if (!isUuid(id)) throw new AppError(404, 'payment.einvoice_unavailable');
    const [doc] = await this.db.select().from(zatcaDocuments).where(eq(zatcaDocuments.id, id));
    if (!doc) throw new AppError(404, 'payment.einvoice_unavailable');
    const xml = downloadableXml(doc);
    if (xml === null) throw new AppError(409, 'payment.einvoice_not_cleared');
    return sendXml(res, { xml, name: doc.number });
  }
}
