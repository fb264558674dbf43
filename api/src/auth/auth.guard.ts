import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../db/db.module';
import { fullAccess } from '../accounts/user.view';
import { FULL_ACCESS_KEY, mustVerify, PUBLIC_KEY, ROLES_KEY, roleOf, UNVERIFIED_KEY, type Role } from './roles';
import { SessionService, tokenOf, type Auth } from './session.service';
import { checkCsrf, clearStaffCookie, cookieToken } from './staff-cookie';

export type AuthedRequest = Request & { auth?: Auth };

/**
 * Global guard: public routes pass; every other route needs a live session and one of its declared
 * roles. The token comes from the Authorization header (members through their site, API clients) or
 * from the back-office's cookie, whose state-changing calls must also carry the CSRF proof. A member who
 * has not verified the phone is refused unless the route is marked @AllowUnverified, and a route
 * marked @FullAccess refuses a coach or entity without a valid plan.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const headerToken = tokenOf(req.headers.authorization);
    const token = headerToken ?? cookieToken(req);
    if (!token) throw new AppError(401, 'auth.unauthorized');
    const auth = await this.sessions.resolve(token);
    if (!auth) {
      if (!headerToken) clearStaffCookie(context.switchToHttp().getResponse<Response>(), this.config);
      throw new AppError(401, 'auth.session_ended');
    }
    if (!headerToken) checkCsrf(req, auth.session.id, this.config);
    req.auth = auth;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (!roles || !roles.includes(roleOf(auth.user.type))) throw new AppError(403, 'auth.forbidden');
    if (mustVerify(auth.user) && !this.reflector.getAllAndOverride<boolean>(UNVERIFIED_KEY, targets))
      throw new AppError(403, 'auth.unverified');
    if (this.reflector.getAllAndOverride<boolean>(FULL_ACCESS_KEY, targets) && !fullAccess(auth.user))
      throw new AppError(403, 'auth.plan_required');
    return true;
  }
}
