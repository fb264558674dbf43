import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { memberUser } from './user.view';
import { AppError } from '../common/app-error';
import { Lang, translate } from '../common/i18n';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { AdminSigninDto, TwoFactorSigninDto } from './auth.dto';
import { AuthService, type ClientMeta } from './auth.service';
import { CurrentAuth } from './current-auth.decorator';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { AllowUnverified, EVERYONE, Public, Roles, STAFF, StaffSetup } from './roles';
import { staffGate } from './staff-security.service';
import { SessionService, tokenOf, type Auth } from './session.service';
import { clearStaffCookie, cookieToken, COOKIE_SESSION_HEADER, csrfToken, setStaffCookie } from './staff-cookie';
import { Answers, bool, done, int, object, ok, shape, text } from '../common/answers';

const meta = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

@ApiTags('auth')
@ApiHeader({ name: 'Accept-Language', required: false, description: 'en or ar: the language of messages' })
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers(done({ csrf: text, two_factor: bool, challenge: text }, ['csrf', 'two_factor', 'challenge']))
  @Post('admin-login')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Back-office sign-in by e-mail (in national_id). The token is returned in the Authorization header.',
  })
  @ApiHeader({
    name: COOKIE_SESSION_HEADER,
    required: false,
    description:
      'cookie: the back-office page; the session is set as an httpOnly cookie and the body carries its CSRF token',
  })
  async adminLogin(
    @Body() body: AdminSigninDto,
    @Lang() lang: Lang,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const result = await this.auth.signinStaff(body.national_id, body.password, meta(req));
    if ('challenge' in result) {
      // Two-factor sign-in is on: no session yet; the code step takes this challenge.
      const message = translate(lang, 'auth.two_factor_code');
      return { success: true, two_factor: true, challenge: result.challenge, message };
    }
    return this.signedIn(result.token, result.sessionId, lang, req, res);
  }

  @Answers(done({ csrf: text }, ['csrf']))
  @Post('admin-login/two-factor')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Back-office sign-in's code step (two-factor sign-in on): the challenge of admin-login and a code from the authenticator app or a recovery code; answers as admin-login does",
  })
  @ApiHeader({ name: COOKIE_SESSION_HEADER, required: false, description: 'cookie: as for admin-login' })
  async adminLoginCode(
    @Body() body: TwoFactorSigninDto,
    @Lang() lang: Lang,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const { token, sessionId } = await this.auth.signinStaffCode(body.challenge, body.code, meta(req));
    return this.signedIn(token, sessionId, lang, req, res);
  }

  /** A staff session opened: the back-office page gets the cookie and the CSRF token, other clients the token in a header. */
  private signedIn(token: string, sessionId: string, lang: Lang, req: FastifyRequest, res: FastifyReply) {
    const message = translate(lang, 'auth.signed_in');
    if (req.headers[COOKIE_SESSION_HEADER] === 'cookie') {
      setStaffCookie(res, token, this.config);
      return { success: true, message, csrf: csrfToken(sessionId, this.config.jwtSecret) };
    }
    res.header('Authorization', token);
    return { success: true, message };
  }

  @Answers(
    ok({
      user: shape('MemberUser'),
      csrf: text,
      idle_minutes: int,
      two_factor: bool,
      must_change_password: bool,
      two_factor_required: bool,
    }),
  )
  @Get('admin-session')
  @Roles(...STAFF)
  @StaffSetup()
  @ApiOperation({
    summary:
      "The back-office's signed-in staff member, the CSRF token of the session, and what they must do first (must_change_password, two_factor_required)",
  })
  adminSession(@CurrentAuth() auth: Auth) {
    const gate = staffGate(auth.user, this.config);
    return {
      success: true,
      user: memberUser(auth.user),
      csrf: csrfToken(auth.session.id, this.config.jwtSecret),
      idle_minutes: this.config.staffIdleMinutes,
      two_factor: !!auth.user.twoFactorEnabledAt,
      must_change_password: !!auth.user.passwordMustChange,
      two_factor_required: gate === 'two_factor',
    };
  }

  @Answers(ok({ user: object({ _id: text, type: int, jwt: text }) }))
  @Get('loginseason')
  @Public()
  @ApiOperation({
    summary:
      'Whether a token names a live session: in the Authorization header (preferred: it stays out of logs) or the token query',
  })
  async loginSeason(@Query('token') query: unknown, @Headers('authorization') header: string | undefined) {
    const token = tokenOf(header) ?? (typeof query === 'string' && query ? query : undefined);
    const auth = token ? await this.sessions.resolve(token) : null;
    if (!auth) throw new AppError(401, 'auth.session_ended');
    return { success: true, user: { _id: auth.user.id, type: auth.user.type, jwt: auth.token } };
  }

  @Answers(done())
  @Post('logout')
  @Roles(...EVERYONE)
  @AllowUnverified()
  @StaffSetup()
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the current session' })
  async logout(
    @CurrentAuth() auth: Auth,
    @Lang() lang: Lang,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    await this.sessions.revoke(auth.session.id);
    // The back-office cookie goes only with its own session (a member signing out in the same browser keeps it).
    if (cookieToken(req) === auth.token) clearStaffCookie(res, this.config);
    return { success: true, message: translate(lang, 'auth.signed_out') };
  }

  @Answers(done())
  @Post('logout/all')
  @Roles(...EVERYONE)
  @AllowUnverified()
  @StaffSetup()
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs out everywhere: every session of the account ends, this one included' })
  async logoutEverywhere(
    @CurrentAuth() auth: Auth,
    @Lang() lang: Lang,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    await this.sessions.revokeAll(auth.user.id);
    if (cookieToken(req) === auth.token) clearStaffCookie(res, this.config);
    return { success: true, message: translate(lang, 'auth.signed_out_everywhere') };
  }
}
