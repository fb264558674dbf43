import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthService, type ClientMeta } from '../auth/auth.service';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { AllowUnverified, EVERYONE, mustVerify, Public, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import type { User } from '../db/schema';
import { CountEveryAttempt, SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { SigninDto } from './signin.dto';
import { SignupService } from './signup.service';
import { TicketService } from './tickets';
import { memberUser } from '../auth/user.view';
import { Answers, done, ok, shape } from '../common/answers';

const meta = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/**
 * The member's account as the old contract reaches it: `/adduser-steb` signs a member in (through
 * the auth module) or signs one up (here), and `/getuser` answers the signed-in account.
 */
@ApiTags('auth')
@ApiHeader({ name: 'Accept-Language', required: false, description: 'en or ar: the language of messages' })
@Controller()
export class AccountController {
  constructor(
    private readonly auth: AuthService,
    private readonly signups: SignupService,
    private readonly tickets: TicketService,
  ) {}

  /** The contract's user object; for a member still to verify, `_id` is the opaque verification ticket. */
  private userView(user: User) {
    const view = memberUser(user);
    return mustVerify(user) ? { ...view, _id: this.tickets.issue('verify', user.id) } : view;
  }

  @Answers(done({ user: shape('MemberUser') }, ['user']))
  @Post('adduser-steb')
  @Public()
  @UseGuards(SigninThrottleGuard)
  // A sign-up names a new account each time: every one counts against the address, not only the failed.
  @CountEveryAttempt((req) => (req.body as { loginType?: unknown } | undefined)?.loginType === 'signup')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Member sign-in (loginType signin; the token is returned in the Authorization header) or sign-up (loginType signup with userInof; answers user._id, the ticket that /otp and /verify take to verify the phone). A sign-up whose national ID or e-mail an unverified sign-up holds answers 409 with `claim` (a ticket, the masked phone and e-mail on record, releases_at); a code from POST /api/signup/claim sent back as `claim` takes it over',
  })
  async signin(
    @Body() body: SigninDto,
    @Lang() lang: Lang,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    if (body.loginType === 'signup') {
      const user = await this.signups.signup(body.userInof!, lang, body.claim);
      return { success: true, message: translate(lang, 'signup.registered'), user: this.userView(user) };
    }
    const { token } = await this.auth.signinMember(body.national_id, body.password, body.type, meta(req));
    res.header('Authorization', token);
    return { success: true, message: translate(lang, 'auth.signed_in') };
  }

  @Answers(ok({ user: shape('MemberUser') }))
  @Post('getuser')
  @Roles(...EVERYONE)
  @AllowUnverified()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The signed-in account; for a member who has not verified the phone, user._id is the ticket that /otp and /verify take',
  })
  getUser(@CurrentAuth() auth: Auth) {
    return { success: true, user: this.userView(auth.user) };
  }
}
