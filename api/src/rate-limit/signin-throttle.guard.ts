import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Rate limits for calls that check a password, send a code or open a payment with the provider. Two
 * throttlers are declared in the app module: per client address, and per account (so a spread-out
 * attack on one account is slowed too).
 */
@Injectable()
export class SigninThrottleGuard extends ThrottlerGuard {}

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

export function ipTracker(req: Record<string, unknown>): string {
  return `ip:${String(req.ip ?? '')}`;
}
