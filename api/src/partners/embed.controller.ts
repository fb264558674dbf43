import { Body, Controller, Get, Headers, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/roles';
import { tokenOf } from '../auth/session.service';
import { AppError } from '../common/app-error';
import { Lang, translate } from '../common/i18n';
import { ipTracker, PerPartner, SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { EmbedSigninDto, PartnerCheckDto } from './embed.dto';
import { PartnersService } from './partners.service';
import { Answers, bool, done, list, object, ok, orNull, shape, text } from '../common/answers';

/**
 * The partner embed's calls: whether a client id and key pair is registered, the sign-in that hands
 * the partner page a short-lived token about the member (only with an active subscription), and the
 * partner's reading of that token.
 */
@ApiTags('partner embed')
@Controller()
export class EmbedController {
  constructor(private readonly partners: PartnersService) {}

  @Answers(ok({ valid: bool, partner: object({ name: text, client_id: text, origins: list(text) }) }))
  @Post('iframe/checker')
  @Public()
  @UseGuards(SigninThrottleGuard)
  // About no account: every check counts against the caller's address (a national_id in the body
  // named an account of its own each time), and a wrong key against the partner, from any address.
  @Throttle({ account: { getTracker: ipTracker } })
  @PerPartner()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Whether id (client id) and key name an active partner; answers its origins when they do, 404 with a message when not',
  })
  async checker(@Body() body: PartnerCheckDto) {
    const partner = await this.partners.check(body.id, body.key);
    // A wrong key is a failed attempt (404, as the embedded sign-in answers it), counted as one.
    if (!partner) throw new AppError(404, 'embed.unknown_partner');
    return { success: true, valid: true, partner };
  }

  @Answers(done({ token: text, user: shape('PartnerMember') }))
  @Post('adduser')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @PerPartner()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Embedded sign-in on a partner page: client_id, key, national_id (or an entity’s e-mail), password. Answers a partner token (also in the Authorization header), valid for a few minutes and only for GET /api/iframe/member, and who the member is.',
  })
  async signin(@Body() body: EmbedSigninDto, @Res({ passthrough: true }) res: FastifyReply, @Lang() lang: Lang) {
    const { token, user } = await this.partners.signin(body);
    res.header('Authorization', token);
    return { success: true, message: translate(lang, 'auth.signed_in'), token, user };
  }

  @Answers(ok({ member: orNull(shape('PartnerMember')) }))
  @Get('iframe/member')
  @Public()
  @UseGuards(SigninThrottleGuard)
  // A token is a secret checked here: bad ones count against the caller's address.
  @Throttle({ account: { getTracker: ipTracker } })
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'For a partner: the member its token (from the embedded sign-in) names, read now — who they are and whether their plan is active. 401 for anything but a live partner token.',
  })
  async member(@Headers('authorization') authorization: string | undefined) {
    const member = await this.partners.member(tokenOf(authorization));
    if (!member) throw new AppError(401, 'embed.token_invalid');
    return { success: true, member };
  }
}
