import { Body, Controller, Headers, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { tokenOf } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { CountEveryAttempt, SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { PendingSignups } from './pending-signups';
import { CheckCodeDto, ClaimCodeDto, ForgotDto, NewPasswordDto, SendCodeDto } from './verification.dto';
import { VerificationService } from './verification.service';
import { Answers, done, int, object, ok, text } from '../common/answers';

@ApiTags('accounts: verification and reset')
@ApiHeader({ name: 'Accept-Language', required: false, description: 'en or ar' })
@Controller()
@Public()
@UseGuards(SigninThrottleGuard)
export class VerificationController {
  constructor(
    private readonly verification: VerificationService,
    private readonly pending: PendingSignups,
  ) {}

  @Answers(done({ destination: text, length: int }))
  @Post('otp')
  // Each sends a message: every one counts against the caller's address, sent or refused, whichever
  // account the body names (a classroom's 40 phones verify from one address within the limit).
  @CountEveryAttempt()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends a verification code to a phone (WhatsApp); user_id is the ticket from sign-up or getuser',
  })
  async sendCode(@Body() body: SendCodeDto, @Lang() lang: Lang) {
    const sent = await this.verification.sendVerifyCode(body.user_id, body.phone_number, lang);
    return { success: true, message: translate(lang, 'otp.sent'), ...sent };
  }

  @Answers(done())
  @Post('verify')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Checks the verification code (user_id: the ticket); the account becomes verified and is signed in: the session token comes back in the Authorization header',
  })
  async verify(
    @Body() body: CheckCodeDto,
    @Lang() lang: Lang,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const { token } = await this.verification.verify(body.user_id, body.code, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    if (token) res.header('Authorization', token);
    return { success: true, message: translate(lang, 'otp.verified') };
  }

  @Answers(done({ destination: text, length: int }))
  @Post('signup/claim')
  @CountEveryAttempt()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends a code to the phone (WhatsApp) or e-mail on record of the unverified sign-up holding an ID (user_id: the claim ticket of the refused sign-up); the sign-up sent again with claim {user_id, code} takes it over',
  })
  async claim(@Body() body: ClaimCodeDto, @Lang() lang: Lang) {
    const sent = await this.pending.sendClaimCode(body.user_id, body.via, lang);
    // The masked number or address kept left to right inside an Arabic sentence.
    const destination = lang === 'ar' ? `\u2066${sent.destination}\u2069` : sent.destination;
    return { success: true, message: translate(lang, 'signup.claim_sent', { destination }), ...sent };
  }

  @Answers(done({ user: object({ _id: text }), destination: text }))
  @Post('otp/forget')
  @CountEveryAttempt()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends a password-reset code by e-mail; user._id is a reset ticket for /verify/forget; the same answer whether or not the account exists',
  })
  async forgot(@Body() body: ForgotDto, @Lang() lang: Lang) {
    const { ticket, destination } = await this.verification.sendResetCode(body.email, lang);
    return { success: true, message: translate(lang, 'reset.sent'), user: { _id: ticket }, destination };
  }

  @Answers(ok({ rs_token: text }))
  @Post('verify/forget')
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks the reset code (user_id: the ticket from otp/forget); answers rs_token' })
  async checkReset(@Body() body: CheckCodeDto) {
    return { success: true, rs_token: await this.verification.checkResetCode(body.user_id, body.code) };
  }

  @Answers(done({ type: int }))
  @Post('update-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the reset token (Authorization); answers the account type' })
  async update(@Body() body: NewPasswordDto, @Lang() lang: Lang, @Headers('authorization') auth?: string) {
    const type = await this.verification.resetPassword(tokenOf(auth), body.password, body.cpassword);
    return { success: true, message: translate(lang, 'reset.done'), type };
  }
}
