import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import type { Database } from '../core/database';
import { CONFIG, DATABASE } from '../core/core.module';
import type { outbox } from '../db/schema';
import { emailTransport, RefusedForGood, whatsappTransport, type Transport } from './transports';

type Row = typeof outbox.$inferSelect;
const MAX_ATTEMPTS = 12;

/** Delay before retry n (1-based): 5 s, 10 s, 20 s … capped at 30 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000);
}

/**
 * Delivers the outbox. Several API instances may run it: rows are claimed with a lease
 * (FOR UPDATE SKIP LOCKED + locked_until), so each message goes out once. A one-time code's text is
 * kept only until it is delivered or given up; a notice's text stays for staff to read (the retention
 * job removes it later). Without a provider (development) it is kept, readable in the dev outbox.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly job = new PollingJob('Outbox', () => this.drain());
  private readonly transports: Record<'email' | 'whatsapp', Transport>;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.transports = { email: emailTransport(config), whatsapp: whatsappTransport(config) };
  }

  onApplicationBootstrap() {
    this.job.start(this.config, this.config.outboxPollMs, 'OUTBOX_WORKER');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }

  /** Sends every due message once; returns how many were handled. Tests call it directly. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = (await this.database.query(
        `UPDATE outbox SET locked_until = now() + interval '60 seconds'
         WHERE id IN (SELECT id FROM outbox
                      WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
                      ORDER BY created_at LIMIT 20 FOR UPDATE SKIP LOCKED)
         RETURNING id, channel, "to", user_id AS "userId", kind, lang, category, params, subject, body, html, attempts`,
      )) as unknown as Row[];
      if (batch.length === 0) return handled;
      for (const row of batch) {
        await this.deliver(row);
        handled++;
      }
    }
  }

  /**
   * Sends one pending message now, outside any transaction, and answers the row as it ended (sent,
   * failed, pending again for a retry, or kept without a provider): staff's test messages, whose
   * answer says whether the provider took it. The caller queued it with a lease of its own
   * (locked_until), so no worker took it meanwhile; null when it is no longer pending.
   */
  async sendNow(id: string): Promise<Row | null> {
    const [row] = (await this.database.query(
      `UPDATE outbox SET locked_until = now() + interval '60 seconds'
       WHERE id = $1 AND status = 'pending'
       RETURNING id, channel, "to", user_id AS "userId", kind, lang, category, params, subject, body, html, attempts`,
      [id],
    )) as unknown as Row[];
    if (!row) return null;
    await this.deliver(row);
    const [after] = (await this.database.query(
      `SELECT status, last_error AS "lastError", provider_id AS "providerId", attempts FROM outbox WHERE id = $1`,
      [id],
    )) as unknown as Row[];
    return { ...row, ...after };
  }

  private async deliver(row: Row) {
    const transport = this.transports[row.channel];
    if (!transport) {
      // No provider configured (development): keep it readable in the dev outbox and the log.
      this.logger.log(`[${row.channel} to ${row.to}] ${row.subject ? `${row.subject}: ` : ''}${row.body}`);
      await this.database.query(`UPDATE outbox SET status = 'kept', locked_until = NULL WHERE id = $1`, [row.id]);
      return;
    }
    // A one-time code is kept only until it is delivered or given up; other texts stay for staff to read.
    const secret = row.category === 'authentication';
    try {
      const { providerId } = await transport(row);
      await this.database.query(
        `UPDATE outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, locked_until = NULL, last_error = NULL,
           provider_id = $2,
           body = CASE WHEN $3::boolean THEN '' ELSE body END, html = NULL,
           params = CASE WHEN $3::boolean THEN '[]'::jsonb ELSE params END
         WHERE id = $1`,
        [row.id, providerId ?? null, secret],
      );
    } catch (err) {
      const attempts = Number(row.attempts) + 1;
      const message = err instanceof Error ? err.message : String(err);
      const gaveUp = attempts >= MAX_ATTEMPTS || err instanceof RefusedForGood;
      this.logger.warn(
        `${row.channel} message ${row.id} (${row.kind}) failed (attempt ${attempts}${gaveUp ? ', giving up' : ''}): ${message}`,
      );
      await this.database.query(
        `UPDATE outbox SET attempts = $2, last_error = $3, locked_until = NULL,
           status = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,
           body = CASE WHEN $4::boolean AND $6::boolean THEN '' ELSE body END, html = NULL,
           params = CASE WHEN $4::boolean AND $6::boolean THEN '[]'::jsonb ELSE params END,
           next_attempt_at = now() + ($5::int * interval '1 millisecond')
         WHERE id = $1`,
        [row.id, attempts, message.slice(0, 1000), gaveUp, retryDelayMs(attempts), secret],
      );
    }
  }
}
