import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { normalizeIp, ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { PgThrottlerStorage } from './pg-throttler.storage';

/** The per-address throttler's name: it counts failed attempts (a success gives its hit back), or every one (EVERY_ATTEMPT). */
export const ADDRESS_THROTTLER = 'ip';
/** The per-partner throttler's name: failed attempts (a wrong key) per partner client id, on the routes marked PER_PARTNER. */
export const PARTNER_THROTTLER = 'partner';
/** The throttlers that count failures only: a success gives its hit back. */
const FAILURES_ONLY = new Set([ADDRESS_THROTTLER, PARTNER_THROTTLER]);

const EVERY_ATTEMPT = 'rate-limit:every-attempt';
const PER_PARTNER = 'rate-limit:per-partner';

type Request = Record<string, unknown>;

/**
 * On a call that does not sign in to an account (a sign-up), every attempt counts against the
 * client's address, successes too: a body naming a new account each time cannot escape the limit.
 * `when` picks those requests on a route that does both (`/adduser-steb`: sign-up, not sign-in).
 */
export const CountEveryAttempt = (when: (req: Request) => boolean = () => true) => SetMetadata(EVERY_ATTEMPT, when);

/** A partner's key is checked here: failed attempts count against its client id too, from any address. */
export const PerPartner = () => SetMetadata(PER_PARTNER, true);

/** The partner throttler applies only where a partner's key is checked. */
export const notPartnerRoute = (context: ExecutionContext) => !Reflect.getMetadata(PER_PARTNER, context.getHandler());

/**
 * Rate limits for calls that check a password or a key, send a code or a message, create an account
 * or open a payment with the provider. Three throttlers are declared in the app module: per client
 * address, counting failed attempts (so a classroom behind one address signs in while one client's
 * junk attempts are stopped) or every attempt where a route says so (CountEveryAttempt: sign-ups);
 * per account, counting every attempt (so a spread-out attack on one account is slowed too; a route
 * that is about no account counts it per address: contact messages, partner key checks); and per
 * partner client id, counting failed key checks (PerPartner).
 *
 * An attempt counts against the address before it runs, so a burst cannot slip past the limit while
 * its passwords are being checked; when it succeeds (a 2xx or 3xx answer) the hit is given back.
 */
@Injectable()
export class SigninThrottleGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { context, throttler, generateKey } = props;
    const name = throttler.name ?? '';
    const { req, res } = this.getRequestResponse(context);
    const everyAttempt = Reflect.getMetadata(EVERY_ATTEMPT, context.getHandler()) as
      ((r: Request) => boolean) | undefined;
    if (name === ADDRESS_THROTTLER && everyAttempt?.(req)) {
      // Counted apart from the same route's failures (a classroom's sign-ins after its sign-ups), never given back.
      const tracker = props.getTracker;
      return super.handleRequest({ ...props, getTracker: async (r, c) => `${await tracker(r, c)}:every` });
    }
    const allowed = await super.handleRequest(props);
    if (!FAILURES_ONLY.has(name) || !(this.storageService instanceof PgThrottlerStorage)) return allowed;
    const getTracker = props.getTracker;
    const key = generateKey(context, await getTracker(req, context), name);
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

/** The partner a key check names: its client id (the checker's `id`, the embedded sign-in's `client_id`). */
export function partnerTracker(req: Request): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const id = body.id ?? body.client_id;
  return typeof id === 'string' && id.trim() ? `partner:${id.trim().toLowerCase().slice(0, 64)}` : ipTracker(req);
}

/** The client address (see common/client-address.ts); an IPv6 client counts as its whole /64. */
export function ipTracker(req: Record<string, unknown>): string {
  return `ip:${normalizeIp(String(req.ip ?? ''))}`;
}
