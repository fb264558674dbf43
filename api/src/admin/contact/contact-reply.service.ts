import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/session.service';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import type { Lang } from '../../common/i18n';
import type { Db } from '../../core/database';
import { DB } from '../../core/core.module';
import { contactMessages, contactReplies } from '../../db/schema';
import { AuditService } from '../../audit/audit.service';
import { OutboxService } from '../../outbox/outbox.service';
import { templates } from '../../outbox/templates';
import { LIMITS, type ContactReplyRecord } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Required, Text } from '../../common/dto';

/** A staff reply: its text (required: 'Write a reply first'). */
export class ContactReplyDto {
  @ApiProperty() @Required('admin.reply_empty') @Text(LIMITS.contactReplyMax) message?: string;
}

/** A reply as the back-office reads it, in its message's thread and as the answer of sending it. */
export const contactReplyRecord = (r: typeof contactReplies.$inferSelect): ContactReplyRecord => ({
  _id: r.id,
  message: r.body,
  author: r.authorName,
  created_at: r.createdAt.toISOString(),
});

/** A staff reply to a contact message: kept in the thread and e-mailed through the outbox, in one transaction. */
@Injectable()
export class ContactReplyService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly outbox: OutboxService,
    private readonly audits: AuditService,
  ) {}

  async reply(auth: Auth, id: string, dto: ContactReplyDto, lang: Lang): Promise<ContactReplyRecord> {
    const reply = dto.message!;
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    const saved = await this.db.transaction(async (tx) => {
      const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!message) throw new AppError(404, 'request.not_found');
      const [row] = await tx
        .insert(contactReplies)
        .values({ messageId: id, authorId: auth.user.id, authorName: auth.user.name, body: reply })
        .returning();
      await tx
        .update(contactMessages)
        .set({ readAt: message.readAt ?? new Date() })
        .where(eq(contactMessages.id, id));
      const mail = templates.contactReply(lang, { name: message.name, reply, original: message.message });
      await this.outbox.enqueue({ channel: 'email', to: message.email, ...mail }, tx as unknown as Db);
      await this.audits.record(tx, {
        actor: auth.user,
        action: 'reply',
        resource: 'contactus',
        recordId: id,
        after: { message: reply, to: message.email },
      });
      return row;
    });
    return contactReplyRecord(saved);
  }
}
