import { Module } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PendingPaymentsService } from './pending-payments.service';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './provider';
import { PaymentsReconciler } from './reconciler';
import { RefundsService } from './refunds.service';
import { SandboxController } from './sandbox.controller';
import { SandboxProvider } from './sandbox.provider';
import { SandboxService } from './sandbox.service';
import { TaxDocumentsService } from './tax-documents.service';
import { TelrProvider } from './telr.provider';
import { ZatcaModule } from '../zatca/zatca.module';

/** Telr when TELR_STORE_ID and TELR_AUTH_KEY are set, the built-in sandbox otherwise. */
function providerFor(config: AppConfig, db: Db): PaymentProvider {
  return config.payments.telr ? new TelrProvider(config.payments.telr) : new SandboxProvider(db, config);
}

@Module({
  imports: [ZatcaModule],
  controllers: [PaymentsController, PlansController, SandboxController],
  providers: [
    { provide: PAYMENT_PROVIDER, useFactory: providerFor, inject: [CONFIG, DB] },
    PaymentsService,
    PaymentsReconciler,
    RefundsService,
    PendingPaymentsService,
    PlansService,
    SandboxService,
    TaxDocumentsService,
  ],
  exports: [PaymentsService, RefundsService],
})
export class PaymentsModule {}
