import type { TestMessageResult } from '@platform/contract';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { Lang, translate } from '../../common/i18n';
import { MessagesAdminService, TestWhatsappDto } from './messages-admin.service';
import { Answers, done, shape, text } from '../../common/answers';

/** Sending a failed message again, and the settings page's test messages (the list is the `messages` resource). */
@ApiTags('admin: messages')
@Controller('admin')
export class MessagesAdminController {
  constructor(private readonly messages: MessagesAdminService) {}

  @Answers(done({ id: text }))
  @Post('messages/:id/resend')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queues a failed message again (never a one-time code); the failed one stays' })
  async resend(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const again = await this.messages.resend(auth, id);
    return { success: true, message: translate(lang, 'messages.resent'), id: again };
  }

  @Answers(shape('TestMessageResult'))
  @Post('messaging/test-email')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: "Sends a test e-mail to the admin's own address now; answers whether the provider took it" })
  testEmail(@CurrentAuth() auth: Auth, @Lang() lang: Lang): Promise<TestMessageResult> {
    return this.messages.testEmail(auth, lang);
  }

  @Answers(shape('TestMessageResult'))
  @Post('messaging/test-whatsapp')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends a test WhatsApp (template test_message) to `phone` now; answers whether it was taken',
  })
  testWhatsapp(
    @Body() body: TestWhatsappDto,
    @CurrentAuth() auth: Auth,
    @Lang() lang: Lang,
  ): Promise<TestMessageResult> {
    return this.messages.testWhatsapp(auth, body, lang);
  }
}
