import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { PaymentsService } from './payments.service';

/**
 * Re-checks pending orders with the provider on a schedule, so a member who pays and closes the tab
 * (or whose return never reaches us, or whose API restarted mid-payment) is still activated.
 */
@Injectable()
export class PaymentsReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reconciliation');
  private readonly job = new PollingJob('Reconciliation', async () => {
    const r = await this.payments.reconcile();
    if (r.paid || r.closed) this.logger.log(`${r.paid} orders activated, ${r.closed} closed`);
  });

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
  ) {}

  onApplicationBootstrap() {
    this.job.start(this.config, this.config.payments.reconcileMs, 'PAYMENT_RECONCILER');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }
}
