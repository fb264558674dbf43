import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';

/**
 * The back-office's session travels in an httpOnly, SameSite=Strict cookie on the API's own origin
 * (path /api), never in the page's storage. API clients (scripts, tests) keep sending
 * `Authorization: Bearer <token>`; the cookie is only for the browser.
 *
 * A call that changes something with the cookie must also prove it came from the back-office page:
 * the X-CSRF-Token header carries a token bound to the session (an HMAC of its id, handed out at
 * sign-in and by GET /api/admin-session), and Origin / Sec-Fetch-Site, when the browser sends them,
 * must name this origin.
 */
export const STAFF_COOKIE = 'admin_session';
export const CSRF_HEADER = 'x-csrf-token';
/** Sent by the back-office on sign-in: answer with the cookie instead of the token in a header. */
export const COOKIE_SESSION_HEADER = 'x-admin-session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session token in the request's staff cookie, if any. */
export function cookieToken(req: { headers: Record<string, string | string[] | undefined> }): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || !header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === STAFF_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** The Set-Cookie line of the staff cookie: httpOnly, SameSite=Strict, on /api, Secure in production. */
const cookieLine = (value: string, config: AppConfig, expires?: string) =>
  [
    `${STAFF_COOKIE}=${value}`,
    'Path=/api',
    ...(expires ? [`Expires=${expires}`] : []),
    'HttpOnly',
    ...(config.production ? ['Secure'] : []),
    'SameSite=Strict',
  ].join('; ');

/** A browser session cookie (no Max-Age): the server ends the session itself when idle or expired. */
export function setStaffCookie(reply: FastifyReply, token: string, config: AppConfig) {
  reply.header('Set-Cookie', cookieLine(encodeURIComponent(token), config));
}

export function clearStaffCookie(reply: FastifyReply, config: AppConfig) {
  reply.header('Set-Cookie', cookieLine('', config, new Date(0).toUTCString()));
}

/** The CSRF token of a session: stateless, bound to the session row, useless without its cookie. */
export function csrfToken(sessionId: string, secret: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

/** Refuses (403) a state-changing cookie-authenticated call without the session's CSRF token or from another origin. */
export function checkCsrf(req: FastifyRequest, sessionId: string, config: AppConfig) {
  if (SAFE_METHODS.has(req.method)) return;
  const given = req.headers[CSRF_HEADER];
  const expected = Buffer.from(csrfToken(sessionId, config.jwtSecret));
  const ok =
    typeof given === 'string' &&
    Buffer.byteLength(given) === expected.length &&
    timingSafeEqual(Buffer.from(given), expected) &&
    sameOrigin(req, config.publicUrl);
  if (!ok) throw new AppError(403, 'auth.csrf_failed');
}

/**
 * Sec-Fetch-Site (when sent) says same-origin; Origin (when sent) names the host the request came to
 * or the API's public address (PUBLIC_API_URL, for a proxy that rewrites Host).
 */
function sameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host || new URL(origin).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
