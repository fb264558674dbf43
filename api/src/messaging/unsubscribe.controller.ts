import { Body, Controller, Get, HttpCode, Inject, Post, Query, Redirect, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Public, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { AnnouncementsDto, UnsubscribeDto } from './broadcast.dto';
import { SubscriptionService } from './subscription.service';
import { Answers, bool, done, shape } from '../common/answers';

/**
 * Unsubscribing from announcements and reminders. The token is a query parameter or in the body,
 * never in the path: the access log redacts `token` (common/log-redaction.ts).
 */
@ApiTags('messages')
@Controller()
export class UnsubscribeController {
  constructor(
    private readonly subscriptions: SubscriptionService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers(done({ language: shape('Language'), announcements: bool }))
  @Post('unsubscribe')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Unsubscribes the link's account from announcements and reminders: the member site's page (body: token), " +
      "or RFC 8058's one-click POST of the List-Unsubscribe URL (?token=…, body List-Unsubscribe=One-Click)",
  })
  async unsubscribe(@Query('token') query: unknown, @Body() body: UnsubscribeDto, @Lang() lang: Lang) {
    const { language } = await this.subscriptions.byLink(body.token || query, false);
    return { success: true, message: translate(lang, 'unsubscribe.done'), language, announcements: false };
  }

  @Answers(done({ language: shape('Language'), announcements: bool }))
  @Post('unsubscribe/undo')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: "Subscribes the link's account to announcements and reminders again (body: token)" })
  async undo(@Query('token') query: unknown, @Body() body: UnsubscribeDto, @Lang() lang: Lang) {
    const { language } = await this.subscriptions.byLink(body.token || query, true);
    return { success: true, message: translate(lang, 'unsubscribe.undone'), language, announcements: true };
  }

  @Get('unsubscribe')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @Redirect()
  @ApiOperation({
    summary:
      "The List-Unsubscribe URL opened in a browser: to the member site's unsubscribe page, in the account's " +
      'language, which asks first (a GET of this address never unsubscribes: anti-spam software fetches it)',
  })
  async page(@Query('token') token: unknown) {
    const url = new URL('/unsubscribe', this.config.memberUrl);
    if (typeof token === 'string') url.searchParams.set('token', token.slice(0, 100));
    const language = await this.subscriptions.languageOf(token);
    if (language) url.searchParams.set('lang', language);
    url.searchParams.set('confirm', '1');
    return { url: url.toString(), statusCode: 303 };
  }

  @Answers(done({ user: shape('MemberUser') }))
  @Post('accounts/announcements')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: "The member's own choice: announcements and reminders on (true) or off (false)" })
  async own(@Body() body: AnnouncementsDto, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const user = await this.subscriptions.setOwn(auth.user, body.announcements!);
    const key = body.announcements ? 'account.announcements_on' : 'account.announcements_off';
    return { success: true, message: translate(lang, key), user };
  }
}
