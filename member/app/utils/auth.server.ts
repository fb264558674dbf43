import { roleOf, type HomeView, type Role, type MemberUser } from '@platform/contract';
import { redirect } from '@remix-run/node';
import type { Lang } from '~/i18n';
import { api, type ApiResult } from './api.server';
import { oncePerRequest } from './request-scope.server';
import { getLang, getSession, sessionStorage } from './session.server';

export { roleOf, type Role };

export interface Viewer {
  user: MemberUser;
  token: string;
  lang: Lang;
}

/**
 * The home page's request (the document, or its data in single fetch, whose `/_root.data` Remix hands
 * the loaders as `/`): there `GET /api/home` also answers who is signed in, so the page makes that
 * one call instead of /getuser and then its own.
 */
const isHomeRequest = (request: Request) => new URL(request.url).pathname === '/';

/** The signed-in member's home (`GET /api/home`), asked once per request; null when signed out. */
export function getHome(request: Request): Promise<ApiResult<HomeView> | null> {
  return oncePerRequest(request, 'home', async () => {
    const [session, lang] = await Promise.all([getSession(request), getLang(request)]);
    const token = session.get('token');
    return token ? api<HomeView>(request, '/home', { token, lang }) : null;
  });
}

/**
 * The signed-in member, or null; one API lookup per request, shared by the root loader and the
 * page's. A token the API no longer accepts counts as signed out.
 */
export function getViewer(request: Request): Promise<Viewer | null> {
  return oncePerRequest(request, 'viewer', async () => {
    const [session, lang] = await Promise.all([getSession(request), getLang(request)]);
    const token = session.get('token');
    if (!token) return null;
    const home = isHomeRequest(request) ? await getHome(request) : null;
    if (home?.ok) return { user: home.data.user, token, lang };
    // Elsewhere, and for what the home call refuses but /getuser answers (an account not verified).
    const res = await api<{ user: MemberUser }>(request, '/getuser', { method: 'POST', token, lang });
    if (res.status === 503 || res.status >= 500) throw new Response('API unavailable', { status: 503 });
    return res.ok ? { user: res.data.user, token, lang } : null;
  });
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
