import { redirect } from '@remix-run/node';
import type { Lang } from '~/i18n';
import { api, type ApiUser } from './api.server';
import { getLang, getSession, sessionStorage } from './session.server';

export type Role = 'student' | 'coach' | 'entity' | 'admin' | 'sub_admin';
const ROLES: Record<number, Role> = { 0: 'student', 1: 'coach', 2: 'entity', 4: 'admin', 5: 'sub_admin' };
export const roleOf = (type: number): Role => ROLES[type] ?? 'student';

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
    const headers = session.has('token') ? { 'Set-Cookie': await sessionStorage.destroySession(session) } : undefined;
    throw redirect('/auth/join-us/', { headers });
  }
  if (roles && !roles.includes(roleOf(viewer.user.type))) throw redirect('/');
  return viewer;
}

/** Local paths only, so a redirect parameter can never send a member to another site. */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
