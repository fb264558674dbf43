import { Inject, Injectable } from '@nestjs/common';
import { desc } from 'drizzle-orm';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { outbox } from '../db/schema';
import { MESSAGES, type Rendered } from './templates';

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
export async function enqueueMessage(tx: Db, message: OutgoingMessage): Promise<void> {
  if (message.channel === 'whatsapp' && !MESSAGES[message.kind].whatsapp)
    throw new Error(`message ${message.kind} has no WhatsApp template`);
  await tx.insert(outbox).values({
    channel: message.channel,
    to: message.to,
    userId: message.userId ?? null,
    kind: message.kind,
    lang: message.lang,
    category: message.category,
    params: message.params,
    subject: message.subject,
    body: message.body,
  });
}

@Injectable()
export class OutboxService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Queues a message; pass the transaction of the change that causes it, so both land or neither does. */
  async enqueue(message: OutgoingMessage, tx: Db = this.db): Promise<void> {
    await enqueueMessage(tx, message);
  }

  newest(limit = 50) {
    return this.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  }
}
