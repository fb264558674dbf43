import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Rate limits for calls that check a password or send a code. Two throttlers are declared in the
 * app module: per client address, and per account identifier (so a spread-out attack on one
 * account is slowed too).
 */
@Injectable()
export class SigninThrottleGuard extends ThrottlerGuard {}

export function accountTracker(req: Record<string, unknown>): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const id = body.national_id ?? body.email ?? body.user_id ?? '';
  return `account:${String(id).trim().toLowerCase().slice(0, 200)}`;
}

export function ipTracker(req: Record<string, unknown>): string {
  return `ip:${String(req.ip ?? '')}`;
}
