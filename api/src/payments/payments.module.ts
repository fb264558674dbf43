import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { CONFIG, DB } from '../db/db.module';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './provider';
import { PaymentsReconciler } from './reconciler';
import { RefundsService } from './refunds.service';
import { SandboxController } from './sandbox.controller';
import { SandboxProvider } from './sandbox.provider';
import { TelrProvider } from './telr.provider';

/** Telr when TELR_STORE_ID and TELR_AUTH_KEY are set, the built-in sandbox otherwise. */
function providerFor(config: AppConfig, db: Db): PaymentProvider {
  return config.payments.telr ? new TelrProvider(config.payments.telr) : new SandboxProvider(db, config);
}

@Module({
  controllers: [PaymentsController, SandboxController],
  providers: [
    { provide: PAYMENT_PROVIDER, useFactory: providerFor, inject: [CONFIG, DB] },
    PaymentsService,
    PaymentsReconciler,
    RefundsService,
  ],
  exports: [PaymentsService, RefundsService],
})
export class PaymentsModule {}
