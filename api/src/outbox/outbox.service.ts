import { Inject, Injectable } from '@nestjs/common';
import { desc, sql } from 'drizzle-orm';
import type { Database, Db } from '../core/database';
import { DATABASE, DB } from '../core/core.module';
import { outbox } from '../db/schema';
import { OutboxWorker } from './outbox.worker';
import { MESSAGES, type Rendered } from './templates';
import { recordDeliveries } from './deliveries';
import type { DeliveryStatus } from './whatsapp-webhook';

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
    @Inject(DATABASE) private readonly database: Database,
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
   * What WhatsApp reported about sent messages (its status webhooks): see deliveries.ts. A status of
   * a message whose wamid is not saved yet is kept until it is. Answers how many messages changed.
   */
  recordDeliveries(statuses: DeliveryStatus[]): Promise<number> {
    return recordDeliveries(this.database, statuses);
  }

  newest(limit = 50) {
    return this.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  }
}
