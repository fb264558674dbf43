import { createHash } from 'node:crypto';
import { createCookieSessionStorage } from '@remix-run/node';
import { isLang, type Lang } from '~/i18n';
import { env } from './env.server';

export interface Toast {
  type: 'success' | 'error' | 'info';
  text: string;
}

interface SessionData {
  token: string;
  /** The verification under way: the API's opaque ticket for the account, where its code went, the code length. */
  verify: { ticket: string; destination?: string; length?: number; phone?: string; offered?: boolean };
  /** Where a member sent to sign in was going (a local path), taken after signing in or verifying. */
  next: string;
  /** The password reset under way: the API's opaque reset ticket and where the code went. */
  reset: { ticket: string; destination: string; email?: string };
  /** A new phone number waiting for its code (account page): where the code went, its length, until when. */
  phoneChange: { destination: string; length: number; until: number };
  /** The reset token from a checked reset code; used once. */
  rsToken: string;
  /**
   * A sign-up refused because an unverified sign-up holds its ID or e-mail: the API's claim ticket,
   * where a code can go (masked), when the ID is released, and where a code went.
   */
  claim: ClaimState & { ticket: string };
}

/** What the sign-up page shows of a claim under way (never the ticket). */
export interface ClaimState {
  phone: string | null;
  email: string | null;
  releases_at: string;
  /** Where the code went, once sent. */
  sent?: string;
}
interface FlashData {
  toast: Toast;
}

/** The API token lives only here: an httpOnly, signed cookie the page's scripts cannot read. */
export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: '__session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.cookieSecure,
    secrets: [env.sessionSecret],
    maxAge: 60 * 60 * 24 * 30,
  },
});

export const getSession = (request: Request) => sessionStorage.getSession(request.headers.get('Cookie'));

/**
 * What the verify and reset addresses carry in place of the account (the spec's {userId}): a short
 * digest of the ticket kept in the session, so the ticket itself stays out of URLs and history.
 */
export function ticketRef(ticket: string): string {
  return createHash('sha256').update(ticket).digest('base64url').slice(0, 16);
}

const LANG_MAX_AGE = 60 * 60 * 24 * 365;

/** The chosen language as a plain `lang=en|ar` cookie, kept a year (readable by any of our apps and tests). */
export function langCookieHeader(lang: Lang): string {
  return `lang=${lang}; Max-Age=${LANG_MAX_AGE}; Path=/; SameSite=Lax`;
}

/** A page's language named in its address (`?lang=ar`: the per-language URLs search engines list). */
export function urlLang(request: Request): Lang | null {
  const lang = new URL(request.url).searchParams.get('lang');
  return isLang(lang) ? lang : null;
}

/**
 * Read on the server so the first render has the right lang and dir: the address's `?lang=`, else the
 * cookie, else the browser's preference.
 */
export async function getLang(request: Request): Promise<Lang> {
  const named = urlLang(request);
  if (named) return named;
  const raw = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  if (isLang(raw)) return raw;
  return (request.headers.get('Accept-Language') ?? '').toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/** Redirects with a one-time message shown on the next page. */
export async function flashHeaders(request: Request, toast: Toast, extra?: { token?: string | null }) {
  const session = await getSession(request);
  if (extra?.token === null) session.unset('token');
  else if (extra?.token) session.set('token', extra.token);
  session.flash('toast', toast);
  return { 'Set-Cookie': await sessionStorage.commitSession(session) };
}
