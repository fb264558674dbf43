import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { sendPlanReminders } from './plan-reminders';
import { sendRegistrationReminders } from './registration-reminders';
import { REMINDERS_EVERY_MS } from './schedule';

/**
 * Sends the reminders that are due (schedule.ts): plans ending or ended, registrations closing for
 * teams not yet sent. Safe in several processes at once: each reminder is recorded with its messages
 * under a unique key, so a second process sends nothing twice.
 */
@Injectable()
export class RemindersJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reminders');
  private readonly job = new PollingJob('Reminders', async () => {
    const sent = await this.run();
    if (sent.plans || sent.registrations)
      this.logger.log(`${sent.plans} plan reminders, ${sent.registrations} registration reminders`);
  });

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
  ) {}

  onApplicationBootstrap() {
    this.job.start(this.config, REMINDERS_EVERY_MS, 'REMINDERS_JOB');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }

  /** One pass at `now` (tests pass their own clock): how many members and teams were reminded. */
  async run(now = new Date()): Promise<{ plans: number; registrations: number }> {
    const plans = await sendPlanReminders(this.db, now, this.config.memberUrl);
    const registrations = await sendRegistrationReminders(this.db, now, this.config.memberUrl);
    return { plans, registrations };
  }
}
