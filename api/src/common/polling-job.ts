import { Logger } from '@nestjs/common';
import type { AppConfig } from '../core/config';

/**
 * A background job run on a timer by the API (the outbox worker, the payment reconciler): one pass
 * at a time, a failed pass logged and retried on the next tick, and the pass in flight awaited on
 * shutdown. Under jest it runs only when its environment flag is set; on a machine with several
 * processes only the one with `runJobs` runs it (rows are claimed with locks across machines).
 */
/** When each polling job of this process last finished a pass without error (its name → the instant). */
export const pollingJobsLastSuccess = new Map<string, Date>();

export class PollingJob {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<unknown>,
  ) {
    this.logger = new Logger(name);
  }

  /** Starts ticking every `everyMs`; `testFlag` names the variable that turns the job on in tests. */
  start(config: AppConfig, everyMs: number, testFlag: string) {
    if (config.nodeEnv === 'test' && !process.env[testFlag]) return;
    if (!config.runJobs) return; // another process of this machine runs it
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private tick() {
    if (this.running) return;
    this.running = this.pass()
      .then(() => pollingJobsLastSuccess.set(this.name, new Date()))
      .catch((err) => this.logger.warn(`${this.name} pass failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.running = undefined));
  }
}
