import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { Lang, translate } from '../../common/i18n';
import { ContactReplyDto, ContactReplyService } from './contact-reply.service';
import { Answers, done, shape } from '../../common/answers';

/** A staff reply to a contact message: kept in the thread and e-mailed through the outbox, in one transaction. */
@ApiTags('admin: contactus')
@Controller('admin/contactus')
export class ContactReplyController {
  constructor(private readonly replies: ContactReplyService) {}

  @Answers(done({ reply: shape('ContactReplyRecord') }))
  @Post(':id/reply')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replies to a contact message by e-mail (body: message)' })
  async reply(@Param('id') id: string, @Body() body: ContactReplyDto, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const reply = await this.replies.reply(auth, id, body, lang);
    return { success: true, message: translate(lang, 'admin.reply_sent'), reply };
  }
}
