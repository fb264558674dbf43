import { Body, Controller, Headers, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { memberUser, subscriptionValid } from '../accounts/user.view';
import { AuthService } from '../auth/auth.service';
import { Public } from '../auth/roles';
import { AppError } from '../common/app-error';
import { langOf, translate } from '../common/messages';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { PartnersService } from './partners.service';

/**
 * The partner embed's calls: whether a client id and key pair is registered, and the sign-in that
 * hands a member's session to the partner page (only with an active subscription).
 */
@ApiTags('partner embed')
@Controller()
export class EmbedController {
  constructor(
    private readonly partners: PartnersService,
    private readonly auth: AuthService,
  ) {}

  @Post('iframe/checker')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether id (client id) and key name an active partner; answers its origins when they do' })
  async checker(@Body() body: { id?: unknown; key?: unknown }) {
    const partner = await this.partners.check(body?.id, body?.key);
    return partner ? { success: true, valid: true, partner } : { success: false, valid: false };
  }

  @Post('adduser')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Embedded sign-in on a partner page: client_id, key, national_id (or an entity’s e-mail), password. The token is in the Authorization header.',
  })
  async signin(
    @Body() body: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Headers('accept-language') al?: string,
  ) {
    const partner = await this.partners.check(body?.client_id, body?.key);
    if (!partner) throw new AppError(404, 'embed.unknown_partner');
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const { token, user } = await this.auth.signinEmbedded(
      str(body.national_id),
      str(body.password),
      { ip: req.ip, userAgent: req.headers['user-agent'] },
      (member) => {
        if (!member.isVerified) throw new AppError(403, 'embed.unverified');
        // Students need their standing access; coaches and entities a plan whose start is not after its end, not expired.
        if (!subscriptionValid(member)) throw new AppError(403, 'embed.not_subscribed');
      },
    );
    res.setHeader('Authorization', token);
    return { success: true, message: translate(langOf(al), 'auth.signed_in'), token, user: memberUser(user) };
  }
}
