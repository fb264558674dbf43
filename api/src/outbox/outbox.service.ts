import { Inject, Injectable } from '@nestjs/common';
import { desc } from 'drizzle-orm';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { outbox } from '../db/schema';
import type { Rendered } from './templates';

export interface OutgoingMessage extends Rendered {
  channel: 'email' | 'whatsapp';
  to: string;
}

/** Queues a message in the given transaction (for code without the service, such as a back-office resource). */
export async function enqueueMessage(tx: Db, message: OutgoingMessage): Promise<void> {
  await tx.insert(outbox).values({
    channel: message.channel,
    to: message.to,
    subject: message.subject,
    body: message.body,
    html: message.html ?? null,
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
