import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { outbox } from '../db/schema';
import { OutboxWorker } from './outbox.worker';
import { MESSAGES, type Rendered } from './templates';
import type { DeliveryState, DeliveryStatus } from './whatsapp-webhook';

/** How far a delivery has come; a status only ever moves a message forward. */
const RANK: Record<DeliveryState, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };
const rankOfRow = sql`(CASE ${outbox.delivery} WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END)`;

export interface OutgoingMessage extends Rendered {
  channel: 'email' | 'whatsapp';
  to: string;
  /** The member the message is for or about (a guardian's message: the child's id). */
  userId?: string | null;
}

/**
 * Queues a message in the given transaction (for code without the service, such as a back-office
 * resource). A kind without a WhatsApp template (it carries free text) cannot go by WhatsApp: that is
 * the caller's mistake, refused here rather than by Meta.
 */
export async function enqueueMessage(tx: Db, message: OutgoingMessage): Promise<string> {
  const [row] = await tx.insert(outbox).values(messageValues(message)).returning({ id: outbox.id });
  return row.id;
}

function messageValues(message: OutgoingMessage) {
  if (message.channel === 'whatsapp' && !MESSAGES[message.kind].whatsapp)
    throw new Error(`message ${message.kind} has no WhatsApp template`);
  return {
    channel: message.channel,
    to: message.to,
    userId: message.userId ?? null,
    kind: message.kind,
    lang: message.lang,
    category: message.category,
    params: message.params,
    subject: message.subject,
    body: message.body,
  };
}

@Injectable()
export class OutboxService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly worker: OutboxWorker,
  ) {}

  /** Queues a message; pass the transaction of the change that causes it, so both land or neither does. */
  enqueue(message: OutgoingMessage, tx: Db = this.db): Promise<string> {
    return enqueueMessage(tx, message);
  }

  /**
   * Queues a message leased to this call (no worker takes it), then, after `record` (the caller's
   * audit entry, in the insert's transaction) has committed, hands it to the provider at once:
   * answers the row as it ended. Never inside a transaction of the caller's.
   */
  async sendNow(message: OutgoingMessage, record: (tx: Db, id: string) => Promise<unknown> = async () => undefined) {
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(outbox)
        .values({ ...messageValues(message), lockedUntil: sql`now() + interval '60 seconds'` })
        .returning({ id: outbox.id });
      await record(tx as unknown as Db, row.id);
      return row.id;
    });
    return this.worker.sendNow(id);
  }

  /**
   * What WhatsApp reported about sent messages (its status webhooks), matched by the wamid the send
   * answered. Statuses come in any order: a message only moves forward (sent → delivered → read), and
   * `failed` (with Meta's code and title in last_error) only before it was delivered. A status of a
   * message the platform does not know is ignored. Answers how many messages changed.
   */
  async recordDeliveries(statuses: DeliveryStatus[]): Promise<number> {
    let changed = 0;
    for (const s of statuses) {
      const failed = s.status === 'failed';
      const rows = await this.db
        .update(outbox)
        .set({ delivery: s.status, deliveryAt: s.at, ...(failed ? { lastError: s.error ?? null } : {}) })
        .where(
          and(
            eq(outbox.providerId, s.id),
            eq(outbox.channel, 'whatsapp'),
            lt(rankOfRow, failed ? RANK.delivered : RANK[s.status]),
          ),
        )
        .returning({ id: outbox.id });
      changed += rows.length;
    }
    return changed;
  }

  newest(limit = 50) {
    return this.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  }
}
