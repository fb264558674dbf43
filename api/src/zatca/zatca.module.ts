import { Module } from '@nestjs/common';
import { ZatcaService } from './zatca.service';

/** ZATCA Phase 2 e-invoicing (issue 34): the stamp, the chain and reporting to Fatoora. */
@Module({
  providers: [ZatcaService],
  exports: [ZatcaService],
})
export class ZatcaModule {}
