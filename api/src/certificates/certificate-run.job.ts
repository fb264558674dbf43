import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { CertificateIssueService } from './issue.service';

/**
 * Writes bulk issues of certificates in batches off the request path (staff's "issue" only saves
 * the run). Any number of processes may run it: each step locks its run (SKIP LOCKED), and the
 * certificates' unique index keeps one per person, kind and competition whatever happens. It runs
 * with the outbox worker (OUTBOX_WORKER in tests), as the broadcast job does.
 */
@Injectable()
export class CertificateRunJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job = new PollingJob('CertificateRuns', () => this.issuing.runDue());

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly issuing: CertificateIssueService,
  ) {}

  onApplicationBootstrap() {
    this.job.start(this.config, this.config.outboxPollMs, 'OUTBOX_WORKER');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }
}
