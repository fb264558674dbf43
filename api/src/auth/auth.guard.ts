import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { fullAccess } from './user.view';
import { bindSessionReader, sessionToken, signingKey } from './jwt.strategy';
import {
  FULL_ACCESS_KEY,
  mustVerify,
  PUBLIC_KEY,
  ROLES_KEY,
  roleOf,
  STAFF_SETUP_KEY,
  UNVERIFIED_KEY,
  type Role,
} from './roles';
import { staffGate } from './staff-security.service';
import { SessionService, type Auth } from './session.service';
import { checkCsrf, clearStaffCookie } from './staff-cookie';

export type AuthedRequest = FastifyRequest & { auth?: Auth };

/**
 * Global guard: public routes pass; every other route needs a live session (read by the passport JWT
 * strategy, jwt.strategy.ts) and one of its declared roles. The token comes from the Authorization
 * header (members through their site, API clients) or from the back-office's cookie, whose
 * state-changing calls must also carry the CSRF proof. A member who has not verified the phone is
 * refused unless the route is marked @AllowUnverified, and a route marked @FullAccess refuses a coach
 * or entity without a valid plan. A staff member with a password to change, or an admin who must turn
 * on two-factor sign-in (ADMIN_REQUIRE_2FA), may call only the routes marked @StaffSetup.
 */
@Injectable()
export class AuthGuard extends PassportGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.key = signingKey(config.jwtSecret);
  }

  private readonly key;

  /** The session lands on `request.auth`; no passport session (every call carries its token). */
  override getAuthenticateOptions() {
    return { session: false, property: 'auth' };
  }

  /** No token: 401 unauthorized. A bad, expired or revoked one: 401 session ended, the same for all (a stale cookie is cleared). */
  override handleRequest<T = Auth>(err: unknown, auth: T | false, _info: unknown, context: ExecutionContext): T {
    if (err) throw err;
    if (auth) return auth;
    const found = sessionToken(context.switchToHttp().getRequest<AuthedRequest>());
    if (!found) throw new AppError(401, 'auth.unauthorized');
    if (found.from === 'cookie') clearStaffCookie(context.switchToHttp().getResponse<FastifyReply>(), this.config);
    throw new AppError(401, 'auth.session_ended');
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    bindSessionReader(req, { sessions: this.sessions, secret: this.key });
    await super.canActivate(context);
    const auth = req.auth!;
    if (sessionToken(req)?.from === 'cookie') checkCsrf(req, auth.session.id, this.config);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (!roles || !roles.includes(roleOf(auth.user.type))) throw new AppError(403, 'auth.forbidden');
    if (mustVerify(auth.user) && !this.reflector.getAllAndOverride<boolean>(UNVERIFIED_KEY, targets))
      throw new AppError(403, 'auth.unverified');
    const gate = staffGate(auth.user, this.config);
    if (gate && !this.reflector.getAllAndOverride<boolean>(STAFF_SETUP_KEY, targets))
      throw new AppError(403, gate === 'password' ? 'auth.password_change_required' : 'auth.two_factor_required');
    const planned = this.reflector.getAllAndOverride<Role[] | undefined>(FULL_ACCESS_KEY, targets);
    if (planned && !planned.includes(roleOf(auth.user.type)) && !fullAccess(auth.user))
      throw new AppError(403, 'auth.plan_required');
    return true;
  }
}
