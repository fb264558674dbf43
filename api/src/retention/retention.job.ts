import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PendingSignups } from '../accounts/pending-signups';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import type { Database } from '../core/database';
import { CONFIG, DATABASE } from '../core/core.module';
import { UnattachedUploads } from '../media/unattached';
import { uploadTempDir } from '../media/uploads';
import { removeOldEarlyDeliveries } from '../outbox/deliveries';
import { blankOldMessageTexts } from '../outbox/retention';

/** What one pass removed, per kind (written to job_runs.last_result and the log). */
export interface RetentionResult {
  /** Members' own sign-ups past the time they had to be verified by. */
  unverifiedAccounts: number;
  /** Session rows that expired or were signed out more than RETENTION_SESSION_DAYS ago. */
  sessions: number;
  /** Messages sent or given up more than RETENTION_MESSAGE_DAYS ago whose text was blanked. */
  messageTexts: number;
  /** WhatsApp statuses kept for a wamid the platform never saved, older than RETENTION_MESSAGE_DAYS. */
  earlyDeliveries: number;
  /** Rate-limit counters whose window has ended. */
  rateLimits: number;
  /** Pictures the back-office uploaded but no form saved, older than RETENTION_UPLOAD_HOURS. */
  unattachedUploads: number;
}

const JOB = 'retention';
/** Rows per statement: each is one short, indexed statement, so a large backlog never holds long locks. */
const BATCH = 500;
/** Statements per kind and pass: a backlog larger than this is finished by the next passes. */
const MAX_BATCHES = 200;
/** How often each process asks whether the pass is due (one cheap statement). */
const POLL_MS = 60_000;
/** The name the upload interceptor gives a temporary file (randomUUID, no extension). */
const TEMP_UPLOAD = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The retention job (docs/retention.md): every RETENTION_EVERY_MINUTES (60) it removes what is kept
 * no longer: expired unverified sign-ups, ended sessions, the texts of old delivered messages,
 * spent rate-limit counters and pictures the back-office uploaded for a form never saved, in short
 * indexed batches. However many API processes and machines run,
 * one pass runs per period: the process that moves `job_runs.next_run_at` forward (a lease in the
 * shared database) runs it; the others find it already moved. Temporary upload files are each
 * machine's own, so every process that runs jobs sweeps its own DATA_DIR/tmp.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private readonly job = new PollingJob('Retention', () => this.tick());
  private lastLocalSweep = 0;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly pending: PendingSignups,
    private readonly unattached: UnattachedUploads,
  ) {}

  onApplicationBootstrap() {
    this.job.start(this.config, Math.min(POLL_MS, this.config.retention.everyMinutes * 60_000), 'RETENTION_JOB');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }

  private async tick() {
    const everyMs = this.config.retention.everyMinutes * 60_000;
    if (Date.now() - this.lastLocalSweep >= everyMs) {
      this.lastLocalSweep = Date.now();
      const removed = await this.sweepTempUploads();
      if (removed) this.logger.log(`removed ${removed} temporary upload file(s) left behind`);
    }
    await this.runDue();
  }

  /**
   * Runs the pass if it is due and no other process has taken it: answers what it removed, or null
   * when it was not this process's turn. Two processes asking at once: one gets the row, the other
   * waits for its lock and then finds next_run_at in the future.
   */
  async runDue(): Promise<RetentionResult | null> {
    const claimed = await this.database.query(
      `INSERT INTO job_runs (name, next_run_at, last_started_at)
       VALUES ($1, now() + make_interval(mins => $2::int), now())
       ON CONFLICT (name) DO UPDATE SET next_run_at = EXCLUDED.next_run_at, last_started_at = now()
         WHERE job_runs.next_run_at <= now()
       RETURNING name`,
      [JOB, this.config.retention.everyMinutes],
    );
    if (!claimed.length) return null;
    const result = await this.pass();
    await this.database.query(`UPDATE job_runs SET last_finished_at = now(), last_result = $2::jsonb WHERE name = $1`, [
      JOB,
      JSON.stringify(result),
    ]);
    const total = Object.values(result).reduce((a, b) => a + b, 0);
    if (total) this.logger.log(`removed ${JSON.stringify(result)}`);
    return result;
  }

  /** One pass over every kind, whatever the schedule (runDue decides when; tests call it directly). */
  async pass(): Promise<RetentionResult> {
    const { sessionDays, messageDays, uploadHours } = this.config.retention;
    const unverifiedAccounts = await this.drain(() => this.pending.removeExpired(BATCH));
    // Sessions that expired, or were signed out, more than sessionDays ago (each through its index).
    const ended = (column: 'expires_at' | 'revoked_at') =>
      this.drain(() =>
        this.deleted(
          `DELETE FROM sessions WHERE id IN (
             SELECT id FROM sessions WHERE ${column} < now() - make_interval(days => $1::int) LIMIT $2::int)
           RETURNING id`,
          [sessionDays, BATCH],
        ),
      );
    const sessions = (await ended('expires_at')) + (await ended('revoked_at'));
    const messageTexts = await this.drain(() => blankOldMessageTexts(this.database, messageDays, BATCH));
    const earlyDeliveries = await this.drain(() => removeOldEarlyDeliveries(this.database, messageDays, BATCH));
    const rateLimits = await this.drain(() =>
      this.deleted(
        `DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE expires_at < now() LIMIT $1::int)
         RETURNING key`,
        [BATCH],
      ),
    );
    let unattachedUploads = 0;
    await this.drain(async () => {
      const { settled, removed } = await this.unattached.sweep(uploadHours, BATCH);
      unattachedUploads += removed;
      return settled;
    });
    return { unverifiedAccounts, sessions, messageTexts, earlyDeliveries, rateLimits, unattachedUploads };
  }

  private async deleted(statement: string, params: unknown[]): Promise<number> {
    return (await this.database.query(statement, params)).length;
  }

  /** Repeats one batch until it comes back short (or MAX_BATCHES ran); answers the rows it touched. */
  private async drain(batch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await batch();
      total += n;
      if (n < BATCH) break;
    }
    return total;
  }

  /**
   * Temporary upload files (DATA_DIR/tmp, named by the upload interceptor) older than
   * RETENTION_UPLOAD_HOURS: the interceptor removes each request's files when it answers, so these are
   * what a crash or a killed process left. Answers how many were removed.
   */
  async sweepTempUploads(): Promise<number> {
    const dir = uploadTempDir(this.config);
    const before = Date.now() - this.config.retention.uploadHours * 3_600_000;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      if (!TEMP_UPLOAD.test(name)) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || info.mtimeMs >= before) continue;
      await unlink(path)
        .then(() => removed++)
        .catch(() => undefined);
    }
    return removed;
  }
}
