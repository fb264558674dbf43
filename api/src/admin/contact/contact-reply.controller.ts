import { Body, Controller, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { eq } from 'drizzle-orm';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import { langOf, translate } from '../../common/messages';
import type { Db } from '../../db/database';
import { DB } from '../../db/db.module';
import { auditLog, contactMessages, contactReplies } from '../../db/schema';
import { OutboxService } from '../../messages/outbox.service';
import { templates } from '../../messages/templates';
import { FormReader } from '../form';

/** A staff reply to a contact message: kept in the thread and e-mailed through the outbox, in one transaction. */
@ApiTags('admin: contactus')
@Controller('admin/contactus')
export class ContactReplyController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly outbox: OutboxService,
  ) {}

  @Post(':id/reply')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replies to a contact message by e-mail (body: message)' })
  async reply(
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
    @CurrentAuth() auth: Auth,
    @Headers('accept-language') al?: string,
  ) {
    const lang = langOf(al);
    const reply = new FormReader(body ?? {}, 'admin.reply_empty').long('message', 10_000);
    if (!reply) throw new AppError(400, 'admin.reply_empty');
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
      await tx.insert(auditLog).values({
        actorId: auth.user.id,
        actorName: auth.user.name,
        action: 'reply',
        resource: 'contactus',
        recordId: id,
        after: { message: reply, to: message.email },
      });
      return row;
    });
    return {
      success: true,
      message: translate(lang, 'admin.reply_sent'),
      reply: { _id: saved.id, message: saved.body, author: saved.authorName, created_at: saved.createdAt },
    };
  }
}
