import type { AuthProvider } from 'react-admin';
import { localeStore, translateNow } from '../i18n';
import { clearSession, getToken, readIdentity, saveSession, type Role, type StaffIdentity } from './session';

const ROLES: Record<number, Role> = { 4: 'admin', 5: 'sub_admin' };

function post(path: string, body?: unknown, token?: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': localeStore.get() });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', token);
  return fetch(`/api${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The server's message for a failed call (already in the caller's language): JSON body, else e_message. */
async function serverMessage(res: Response): Promise<string> {
  try {
    const body = (await res.clone().json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    /* not JSON */
  }
  const header = res.headers.get('e_message');
  if (header) {
    try {
      return decodeURIComponent(header);
    } catch {
      return header;
    }
  }
  return translateNow('app.login.unknown_error');
}

async function signIn(email: string, password: string): Promise<void> {
  const res = await post('/admin-login', { national_id: email, password, type: 4, loginType: 'signin' });
  if (!res.ok) throw new Error(await serverMessage(res));
  const token = res.headers.get('Authorization');
  if (!token) throw new Error(translateNow('app.login.failed'));

  const me = await post('/getuser', undefined, token);
  const body = me.ok
    ? ((await me.json()) as { user?: { _id: string; name: string; picture?: string | null; type: number } })
    : {};
  const role = body.user ? ROLES[body.user.type] : undefined;
  if (!body.user || !role) {
    await post('/logout', undefined, token).catch(() => undefined); // don't leave the new session open
    throw new Error(translateNow('app.login.failed'));
  }
  const identity: StaffIdentity = {
    id: body.user._id,
    fullName: body.user.name,
    avatar: body.user.picture ?? undefined,
    role,
  };
  saveSession(token, identity);
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username?: string; password?: string }) {
    const email = username?.trim() ?? '';
    if (!email || !password) throw new Error(translateNow('app.login.fields_empty'));
    try {
      await signIn(email, password);
    } catch (err) {
      // fetch() itself failing (network down) has no useful text for the user.
      throw err instanceof TypeError ? new Error(translateNow('app.login.unknown_error')) : err;
    }
  },

  async logout() {
    const token = getToken();
    clearSession();
    if (token) await post('/logout', undefined, token).catch(() => undefined);
  },

  async checkAuth() {
    // No session at all is the ordinary first visit: go to the sign-in page without a warning.
    if (!getToken() || !readIdentity()) throw { message: false };
  },

  async checkError(error: { status?: number }) {
    // The session is gone (expired, signed out elsewhere, account disabled): react-admin says so, then logs out.
    if (error?.status === 401) throw new Error('ra.notification.logged_out');
    // 403 and everything else: stay signed in; the page that made the call shows the server's message.
  },

  async getIdentity() {
    const identity = readIdentity();
    if (!identity) throw new Error();
    return identity;
  },

  async getPermissions() {
    return readIdentity()?.role ?? null;
  },
};
