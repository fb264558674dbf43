import { Inject, Injectable } from '@nestjs/common';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { outbox } from '../db/schema';
import type { Rendered } from './templates';

export interface OutgoingMessage extends Rendered {
  channel: 'email' | 'whatsapp';
  to: string;
}

@Injectable()
export class OutboxService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Queues a message; pass the transaction of the change that causes it, so both land or neither does. */
  async enqueue(message: OutgoingMessage, tx: Db = this.db): Promise<void> {
    await tx.insert(outbox).values({
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      body: message.body,
      html: message.html ?? null,
    });
  }

  newest(limit = 50) {
    return this.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  }
}
