import { Body, Controller, Headers, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { tokenOf } from '../auth/session.service';
import { langOf, translate } from '../common/messages';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { CheckCodeDto, ForgotDto, NewPasswordDto, SendCodeDto } from './verification.dto';
import { VerificationService } from './verification.service';

@ApiTags('accounts: verification and reset')
@ApiHeader({ name: 'Accept-Language', required: false, description: 'en or ar' })
@Controller()
@Public()
@UseGuards(SigninThrottleGuard)
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @Post('otp')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends a verification code to a phone (WhatsApp); user_id is the ticket from sign-up or getuser',
  })
  async sendCode(@Body() body: SendCodeDto, @Headers('accept-language') al?: string) {
    const lang = langOf(al);
    const sent = await this.verification.sendVerifyCode(body.user_id, body.phone_number, lang);
    return { success: true, message: translate(lang, 'otp.sent'), ...sent };
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Checks the verification code (user_id: the ticket); the account becomes verified and is signed in: the session token comes back in the Authorization header',
  })
  async verify(@Body() body: CheckCodeDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { token } = await this.verification.verify(body.user_id, body.code, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    if (token) res.setHeader('Authorization', token);
    return { success: true, message: translate(langOf(req.headers['accept-language']), 'otp.verified') };
  }

  @Post('otp/forget')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends a password-reset code by e-mail; user._id is a reset ticket for /verify/forget; the same answer whether or not the account exists',
  })
  async forgot(@Body() body: ForgotDto, @Headers('accept-language') al?: string) {
    const lang = langOf(al);
    const { ticket, destination } = await this.verification.sendResetCode(body.email, lang);
    return { success: true, message: translate(lang, 'reset.sent'), user: { _id: ticket }, destination };
  }

  @Post('verify/forget')
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks the reset code (user_id: the ticket from otp/forget); answers rs_token' })
  async checkReset(@Body() body: CheckCodeDto) {
    return { success: true, rs_token: await this.verification.checkResetCode(body.user_id, body.code) };
  }

  @Post('update-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the reset token (Authorization); answers the account type' })
  async update(
    @Body() body: NewPasswordDto,
    @Headers('authorization') auth?: string,
    @Headers('accept-language') al?: string,
  ) {
    const type = await this.verification.resetPassword(tokenOf(auth), body.password, body.cpassword);
    return { success: true, message: translate(langOf(al), 'reset.done'), type };
  }
}
