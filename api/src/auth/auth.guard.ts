import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError } from '../common/app-error';
import { PUBLIC_KEY, ROLES_KEY, roleOf, type Role } from './roles';
import { SessionService, tokenOf, type Auth } from './session.service';

export type AuthedRequest = Request & { auth?: Auth };

/** Global guard: public routes pass; every other route needs a live session and one of its declared roles. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const token = tokenOf(req.headers.authorization);
    if (!token) throw new AppError(401, 'auth.unauthorized');
    const auth = await this.sessions.resolve(token);
    if (!auth) throw new AppError(401, 'auth.session_ended');
    req.auth = auth;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (!roles || !roles.includes(roleOf(auth.user.type))) throw new AppError(403, 'auth.forbidden');
    return true;
  }
}
