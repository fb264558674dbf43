import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { BroadcastsService } from './broadcasts.service';

/**
 * Writes due broadcasts' messages to the outbox, a batch of accounts at a time, off the request
 * path (staff's "send" only saves the broadcast). Any number of processes may run it: each step
 * locks its broadcast (SKIP LOCKED) and the outbox's unique (broadcast, address) index keeps one
 * message per address whatever happens. It runs with the outbox worker (OUTBOX_WORKER in tests).
 */
@Injectable()
export class BroadcastJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job = new PollingJob('Broadcasts', () => this.broadcasts.expandDue());

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly broadcasts: BroadcastsService,
  ) {}

  onApplicationBootstrap() {
    this.job.start(this.config, this.config.outboxPollMs, 'OUTBOX_WORKER');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }
}
