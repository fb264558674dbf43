import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { PrivacyService } from './privacy.service';

/**
 * Prepares the copies of data members asked for, carries out the deletions whose day has come and
 * removes copies not downloaded in time. Each request is claimed with SKIP LOCKED: any number of
 * processes may run it. In tests it runs with PRIVACY_JOB (the journeys turn it on).
 */
@Injectable()
export class PrivacyJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job = new PollingJob('Privacy', () => this.privacy.runDue());

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly privacy: PrivacyService,
  ) {}

  onApplicationBootstrap() {
    this.job.start(this.config, Math.max(this.config.outboxPollMs, 2000), 'PRIVACY_JOB');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }
}
