import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import type { Database } from '../core/database';
import { CONFIG, DATABASE } from '../core/core.module';
import type { outbox } from '../db/schema';
import { applyEarlyDeliveries } from './deliveries';
import { emailTransport, RefusedForGood, whatsappTransport, type Transport } from './transports';

type Row = typeof outbox.$inferSelect;
type Channel = Row['channel'];
const MAX_ATTEMPTS = 12;
/** Messages leased at a time, per channel. */
const BATCH = 20;
const CHANNELS: Channel[] = ['whatsapp', 'email'];

/** Delay before retry n (1-based): 5 s, 10 s, 20 s … capped at 30 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000);
}

/**
 * Delivers the outbox. Several API instances may run it: rows are claimed with a lease
 * (FOR UPDATE SKIP LOCKED + locked_until), so each message goes out once, each channel at its
 * configured rate. A `marketing` message to someone who has unsubscribed since it was queued is
 * skipped. A one-time code's text is kept only until it is delivered or given up; a notice's text
 * stays for staff to read (the retention job removes it later). Without a provider (development) it
 * is kept, readable in the dev outbox.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly job = new PollingJob('Outbox', () => this.drain());
  private readonly transports: Record<'email' | 'whatsapp', Transport>;
  /** The clock the per-second rate counts by (tests set it, so no test depends on timing). */
  clock: () => number = Date.now;
  private reservations = 0;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.transports = { email: emailTransport(config), whatsapp: whatsappTransport(config) };
  }

  onApplicationBootstrap() {
    this.job.start(this.config, this.config.outboxPollMs, 'OUTBOX_WORKER');
  }

  async onApplicationShutdown() {
    await this.job.stop();
    for (const transport of Object.values(this.transports)) transport?.close?.();
  }

  /**
   * Sends every due message once; returns how many were handled. Tests call it directly. Each
   * channel goes at most at its configured rate (OUTBOX_WHATSAPP_PER_SECOND, OUTBOX_EMAIL_PER_SECOND),
   * counted across every process: what is left of the current second's allowance waits for a later
   * pass. Codes and notices go before announcements queued earlier.
   */
  async drain(): Promise<number> {
    let handled = 0;
    // A channel whose allowance ran out waits for the next pass.
    const spent = new Set<Channel>();
    for (;;) {
      let progressed = false;
      for (const channel of CHANNELS) {
        if (spent.has(channel)) continue;
        const batch = await this.claim(channel);
        const rows: Row[] = [];
        for (const row of batch) {
          if (row.category === 'marketing' && row.unsubscribed) {
            // Unsubscribed since the message was queued: not sent, and none of the rate used.
            await this.database.query(
              `UPDATE outbox SET status = 'skipped', last_error = 'unsubscribed', locked_until = NULL WHERE id = $1`,
              [row.id],
            );
            handled++;
            progressed = true;
          } else rows.push(row);
        }
        const allowed = await this.reserve(channel, rows.length);
        if (allowed < rows.length) {
          spent.add(channel);
          // Over this second's allowance: back to the queue at once, for a later pass.
          await this.database.query(`UPDATE outbox SET locked_until = NULL WHERE id = ANY($1::uuid[])`, [
            rows.slice(allowed).map((r) => r.id),
          ]);
        }
        for (const row of rows.slice(0, allowed)) {
          await this.deliver(row);
          handled++;
          progressed = true;
        }
      }
      if (!progressed) return handled;
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

  /**
   * Leases up to a batch of a channel's due messages (FOR UPDATE SKIP LOCKED), in the order they go:
   * codes and notices first, then announcements, oldest first (RETURNING keeps no order: sorted here).
   */
  private async claim(channel: Channel): Promise<(Row & { unsubscribed: boolean })[]> {
    const rows = (await this.database.query(
      `UPDATE outbox SET locked_until = now() + interval '60 seconds'
       WHERE id IN (SELECT id FROM outbox
                    WHERE status = 'pending' AND channel = $1 AND next_attempt_at <= now()
                      AND (locked_until IS NULL OR locked_until < now())
                    ORDER BY (category = 'marketing'), created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING id, channel, "to", user_id AS "userId", kind, lang, category, params, subject, body, html, attempts,
         created_at AS "createdAt",
         (SELECT u.unsubscribed_at IS NOT NULL FROM users u WHERE u.id = outbox.user_id) AS unsubscribed`,
      [channel],
    )) as unknown as (Row & { unsubscribed: boolean })[];
    const rank = (r: Row) => (r.category === 'marketing' ? 1 : 0);
    return rows.sort((a, b) => rank(a) - rank(b) || new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  }

  /**
   * Takes up to `want` sends of a channel from the current second's allowance, shared by every
   * process through the rate_limits table; answers how many it got. No limit set (or no provider):
   * all of them.
   */
  private async reserve(channel: Channel, want: number): Promise<number> {
    const limit = this.config.outboxRate[channel];
    if (!limit || want === 0 || !this.transports[channel]) return want;
    const key = `outbox:${channel}:${Math.floor(this.clock() / 1000)}`;
    const [row] = await this.database.query(
      `INSERT INTO rate_limits (key, hits, expires_at) VALUES ($1, $2, now() + interval '1 minute')
       ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + EXCLUDED.hits
       RETURNING hits`,
      [key, want],
    );
    const before = Number(row.hits) - want;
    const allowed = Math.max(0, Math.min(want, limit - before));
    // What was not taken goes back, so another process may use it this second.
    if (allowed < want)
      await this.database.query(`UPDATE rate_limits SET hits = GREATEST(hits - $2, 0) WHERE key = $1`, [
        key,
        want - allowed,
      ]);
    if (++this.reservations % 200 === 0)
      void this.database
        .query(`DELETE FROM rate_limits WHERE key LIKE 'outbox:%' AND expires_at < now()`)
        .catch(() => undefined);
    return allowed;
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
      // A status WhatsApp posted before this answer was saved.
      if (providerId && row.channel === 'whatsapp') await applyEarlyDeliveries(this.database, providerId);
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
