import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthedRequest } from './auth.guard';
import type { Auth } from './session.service';

/** The caller's session and account, set by the AuthGuard. */
export const CurrentAuth = createParamDecorator((_: unknown, ctx: ExecutionContext): Auth => {
  const auth = ctx.switchToHttp().getRequest<AuthedRequest>().auth;
  if (!auth) throw new Error('CurrentAuth used on a public route');
  return auth;
});
