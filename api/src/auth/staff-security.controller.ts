import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Lang, translate } from '../common/i18n';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { PasswordDto, StaffPasswordDto, TwoFactorCodeDto } from './auth.dto';
import { CurrentAuth } from './current-auth.decorator';
import { Roles, STAFF, StaffSetup } from './roles';
import type { Auth } from './session.service';
import { StaffSecurityService } from './staff-security.service';
import { Answers, done, list, ok, text } from '../common/answers';

/** A staff member's own account security: the password, and two-factor sign-in with an authenticator app. */
@ApiTags('auth')
@ApiHeader({ name: 'Accept-Language', required: false, description: 'en or ar: the language of messages' })
@Controller('admin-session')
@Roles(...STAFF)
@StaffSetup()
export class StaffSecurityController {
  constructor(private readonly staff: StaffSecurityService) {}

  @Answers(done())
  @Post('password')
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Changes one’s own password (password, npassword, cpassword); the other sessions end, this one goes on',
  })
  async password(@CurrentAuth() auth: Auth, @Body() body: StaffPasswordDto, @Lang() lang: Lang) {
    await this.staff.changePassword(auth.user, auth.session.id, body);
    return { success: true, message: translate(lang, 'staff.password_changed') };
  }

  @Answers(ok({ secret: text, uri: text, qr: text }))
  @Post('two-factor/setup')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Starts turning on two-factor sign-in: a new secret, its otpauth URI and a QR code (PNG data URL), shown this once',
  })
  setup(@CurrentAuth() auth: Auth) {
    return this.staff.setup(auth.user).then((s) => ({ success: true, ...s }));
  }

  @Answers(done({ recovery_codes: list(text) }))
  @Post('two-factor/enable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ends turning it on with a code from the app; answers the 10 single-use recovery codes, this once',
  })
  async enable(@CurrentAuth() auth: Auth, @Body() body: TwoFactorCodeDto, @Lang() lang: Lang) {
    const codes = await this.staff.enable(auth.user, body.code);
    return { success: true, message: translate(lang, 'two_factor.enabled'), recovery_codes: codes };
  }

  @Answers(done({ recovery_codes: list(text) }))
  @Post('two-factor/recovery-codes')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'New single-use recovery codes (the old ones stop working), confirmed with a code from the app; answers the 10 codes, this once',
  })
  async recoveryCodes(@CurrentAuth() auth: Auth, @Body() body: TwoFactorCodeDto, @Lang() lang: Lang) {
    const codes = await this.staff.newRecoveryCodes(auth.user, body.code);
    return { success: true, message: translate(lang, 'two_factor.new_codes'), recovery_codes: codes };
  }

  @Answers(done())
  @Post('two-factor/disable')
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns two-factor sign-in off, with the password (not for an admin who must have it)' })
  async disable(@CurrentAuth() auth: Auth, @Body() body: PasswordDto, @Lang() lang: Lang) {
    await this.staff.disable(auth.user, body.password);
    return { success: true, message: translate(lang, 'two_factor.disabled') };
  }
}
