import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../db/db.module';
import { PaymentsService } from './payments.service';

/**
 * Re-checks pending orders with the provider on a schedule, so a member who pays and closes the tab
 * (or whose return never reaches us, or whose API restarted mid-payment) is still activated.
 */
@Injectable()
export class PaymentsReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reconciliation');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
  ) {}

  onApplicationBootstrap() {
    if (this.config.nodeEnv === 'test' && !process.env.PAYMENT_RECONCILER) return;
    if (!this.config.runJobs) return; // another process of this machine runs it
    this.timer = setInterval(() => this.tick(), this.config.payments.reconcileMs);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private tick() {
    if (this.running) return;
    this.running = this.payments
      .reconcile()
      .then((r) => {
        if (r.paid || r.closed) this.logger.log(`${r.paid} orders activated, ${r.closed} closed`);
      })
      .catch((err) => this.logger.warn(`reconciliation failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.running = undefined));
  }
}
