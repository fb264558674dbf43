import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SignupService } from '../accounts/signup.service';
import { memberUser } from '../accounts/user.view';
import { AppError } from '../common/app-error';
import { langOf, translate } from '../common/messages';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { AdminSigninDto, SigninDto } from './auth.dto';
import { AuthService, type ClientMeta } from './auth.service';
import { CurrentAuth } from './current-auth.decorator';
import { EVERYONE, Public, Roles } from './roles';
import { SessionService, type Auth } from './session.service';

const meta = (req: Request): ClientMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

@ApiTags('auth')
@ApiHeader({ name: 'Accept-Language', required: false, description: 'en or ar: the language of messages' })
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly signups: SignupService,
  ) {}

  @Post('adduser-steb')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Member sign-in (loginType signin; the token is returned in the Authorization header) or sign-up (loginType signup with userInof; the new account must verify its phone before signing in)',
  })
  async signin(@Body() body: SigninDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const lang = langOf(req.headers['accept-language']);
    if (body.loginType === 'signup') {
      const user = await this.signups.signup(body.userInof!);
      return { success: true, message: translate(lang, 'signup.registered'), user: memberUser(user) };
    }
    const { token } = await this.auth.signinMember(body.national_id, body.password, body.type, meta(req));
    res.setHeader('Authorization', token);
    return { success: true, message: translate(lang, 'auth.signed_in') };
  }

  @Post('admin-login')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Back-office sign-in by e-mail (in national_id). The token is returned in the Authorization header.',
  })
  async adminLogin(@Body() body: AdminSigninDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { token } = await this.auth.signinStaff(body.national_id, body.password, meta(req));
    res.setHeader('Authorization', token);
    return { success: true, message: translate(langOf(req.headers['accept-language']), 'auth.signed_in') };
  }

  @Post('getuser')
  @Roles(...EVERYONE)
  @HttpCode(200)
  @ApiOperation({ summary: 'The signed-in account' })
  getUser(@CurrentAuth() auth: Auth) {
    return { success: true, user: memberUser(auth.user) };
  }

  @Get('loginseason')
  @Public()
  @ApiOperation({ summary: 'Whether a token names a live session' })
  async loginSeason(@Query('token') token: string | undefined) {
    const auth = typeof token === 'string' && token ? await this.sessions.resolve(token) : null;
    if (!auth) throw new AppError(401, 'auth.session_ended');
    return { success: true, user: { _id: auth.user.id, type: auth.user.type, jwt: auth.token } };
  }

  @Post('logout')
  @Roles(...EVERYONE)
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the current session' })
  async logout(@CurrentAuth() auth: Auth, @Req() req: Request) {
    await this.sessions.revoke(auth.session.id);
    return { success: true, message: translate(langOf(req.headers['accept-language']), 'auth.signed_out') };
  }
}
