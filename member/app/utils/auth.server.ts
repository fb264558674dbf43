import { roleOf, type Role } from '@platform/contract';
import { redirect } from '@remix-run/node';
import type { Lang } from '~/i18n';
import { api, type ApiUser } from './api.server';
import { getLang, getSession, sessionStorage } from './session.server';

export { roleOf, type Role };

export interface Viewer {
  user: ApiUser;
  token: string;
  lang: Lang;
}

// One API lookup per request, shared by the root loader and the page's loader.
const perRequest = new WeakMap<Request, Promise<Viewer | null>>();

/** The signed-in member, or null. A token the API no longer accepts counts as signed out. */
export function getViewer(request: Request): Promise<Viewer | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = (async () => {
      const [session, lang] = await Promise.all([getSession(request), getLang(request)]);
      const token = session.get('token');
      if (!token) return null;
      const res = await api<{ user: ApiUser }>(request, '/getuser', { method: 'POST', token, lang });
      if (res.status === 503 || res.status >= 500) throw new Response('API unavailable', { status: 503 });
      return res.ok ? { user: res.data.user, token, lang } : null;
    })();
    perRequest.set(request, found);
  }
  return found;
}

/**
 * The route guard (spec §2): not signed in → /auth/join-us/; signed in with a role not allowed → /.
 * Call it at the top of a loader or action.
 */
export async function requireUser(request: Request, roles?: Role[]): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) {
    const session = await getSession(request);
    session.unset('token');
    // Remembered, so signing in (or verifying the phone) comes back here.
    if (request.method === 'GET') {
      const url = new URL(request.url);
      session.set('next', url.pathname + url.search);
    }
    throw redirect('/auth/join-us/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
  }
  if (roles && !roles.includes(roleOf(viewer.user.type))) throw redirect('/');
  return viewer;
}

const LOCAL = 'http://member.invalid';

/**
 * Local paths only, so a redirect parameter can never send a member to another site. Browsers drop
 * tabs and line breaks from a URL and read `\` as `/`, so `/<tab>/evil.example` or `/\evil.example`
 * would leave the site: anything with a control character or a backslash is refused, and what is left
 * must resolve on our own origin.
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  // eslint-disable-next-line no-control-regex
  if (typeof to !== 'string' || !to.startsWith('/') || to.length > 2048 || /[\u0000-\u001f\u007f\\]/.test(to))
    return fallback;
  const url = new URL(to, LOCAL);
  if (url.origin !== LOCAL || to.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
