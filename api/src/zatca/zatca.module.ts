import { Module } from '@nestjs/common';
import { EinvoicesController } from './einvoices.controller';
import { ZatcaService } from './zatca.service';

/** ZATCA Phase 2 e-invoicing (issue 34): the stamp, the chain and reporting to Fatoora; staff's XML download. */
@Module({
  controllers: [EinvoicesController],
  providers: [ZatcaService],
  exports: [ZatcaService],
})
export class ZatcaModule {}
