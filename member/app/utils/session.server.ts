import { createCookie, createCookieSessionStorage } from '@remix-run/node';
import { isLang, type Lang } from '~/i18n';
import { env } from './env.server';

export interface Toast {
  type: 'success' | 'error' | 'info';
  text: string;
}

interface SessionData {
  token: string;
  /** The account being verified, where its code went, and the code length. */
  verify: { userId: string; destination?: string; length?: number };
  /** The password reset under way: the account and where the code went. */
  reset: { userId: string; destination: string };
  /** The reset token from a checked reset code; used once. */
  rsToken: string;
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

/** The chosen language, kept a year, read on the server so the first render has the right lang and dir. */
export const langCookie = createCookie('lang', { path: '/', sameSite: 'lax', maxAge: 60 * 60 * 24 * 365 });

export async function getLang(request: Request): Promise<Lang> {
  const value = await langCookie.parse(request.headers.get('Cookie'));
  if (isLang(value)) return value;
  // Also accept a raw `lang=ar` (not serialized by Remix), then the browser's preference.
  const raw = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.get('Cookie') ?? '')?.[1];
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
