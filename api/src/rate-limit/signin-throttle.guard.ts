import { Injectable } from '@nestjs/common';
import { normalizeIp, ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { PgThrottlerStorage } from './pg-throttler.storage';

/** The per-address throttler's name: it counts failed attempts only (a success gives its hit back). */
export const ADDRESS_THROTTLER = 'ip';

/**
 * Rate limits for calls that check a password, send a code or open a payment with the provider. Two
 * throttlers are declared in the app module: per client address, counting failed attempts (so a
 * classroom behind one address signs in while one client's junk attempts are stopped), and per
 * account, counting every attempt (so a spread-out attack on one account is slowed too).
 *
 * An attempt counts against the address before it runs, so a burst cannot slip past the limit while
 * its passwords are being checked; when it succeeds (a 2xx or 3xx answer) the hit is given back.
 */
@Injectable()
export class SigninThrottleGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const allowed = await super.handleRequest(props);
    const { context, throttler, getTracker, generateKey } = props;
    if (throttler.name !== ADDRESS_THROTTLER || !(this.storageService instanceof PgThrottlerStorage)) return allowed;
    const { req, res } = this.getRequestResponse(context);
    const key = generateKey(context, await getTracker(req, context), throttler.name);
    const storage = this.storageService;
    const raw = (res as FastifyReply).raw;
    raw.once('finish', () => {
      if (raw.statusCode < 400) void storage.giveBack(key).catch(() => undefined);
    });
    return allowed;
  }
}

/**
 * The account a request is about: the signed-in member (buying a plan), else the ID, e-mail or user
 * id in the body (sign-in, sign-up, codes); else the client address.
 */
export function accountTracker(req: Record<string, unknown>): string {
  const signedIn = (req.auth as { user?: { id?: string } } | undefined)?.user?.id;
  if (signedIn) return `user:${signedIn}`;
  const body = (req.body ?? {}) as Record<string, unknown>;
  const info = (typeof body.userInof === 'object' && body.userInof ? body.userInof : {}) as Record<string, unknown>;
  const id = body.national_id ?? body.email ?? body.user_id ?? info.national_id ?? info.email;
  if (typeof id !== 'string' || !id.trim()) return ipTracker(req);
  return `account:${id.trim().toLowerCase().slice(0, 200)}`;
}

/** The client address (see common/client-address.ts); an IPv6 client counts as its whole /64. */
export function ipTracker(req: Record<string, unknown>): string {
  return `ip:${normalizeIp(String(req.ip ?? ''))}`;
}
