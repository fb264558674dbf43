import type { AuthProvider } from 'react-admin';
import { API, getToken, TOKEN_KEY } from './api';
import { localeStore, translateNow } from './i18n';

const IDENTITY_KEY = 'admin_identity';

interface Identity {
  id: string;
  fullName: string;
  avatar?: string;
  role: 'admin' | 'sub_admin';
}

const readIdentity = (): Identity | null => {
  try {
    return JSON.parse(localStorage.getItem(IDENTITY_KEY) ?? 'null') as Identity | null;
  } catch {
    return null;
  }
};

async function post(path: string, body?: unknown, token?: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': localeStore.get() };
  if (token) headers.Authorization = token;
  return fetch(`${API}${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The server's message for a failed call: the JSON body, else the e_message header. */
async function serverMessage(res: Response): Promise<string> {
  try {
    const body = (await res.clone().json()) as { message?: string };
    if (body.message) return body.message;
  } catch {
    /* not JSON */
  }
  const header = res.headers.get('e_message');
  return header ? decodeURIComponent(header) : translateNow('app.login.unknown_error');
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username?: string; password?: string }) {
    if (!username?.trim() || !password) throw new Error(translateNow('app.login.fields_empty'));
    const res = await post('/admin-login', { national_id: username.trim(), password, type: 4, loginType: 'signin' });
    if (!res.ok) throw new Error(await serverMessage(res));
    const token = res.headers.get('Authorization');
    if (!token) throw new Error(translateNow('app.login.failed'));
    const me = await post('/getuser', undefined, token);
    if (!me.ok) throw new Error(translateNow('app.login.failed'));
    const { user } = (await me.json()) as {
      user: { _id: string; name: string; picture?: string | null; type: number };
    };
    const identity: Identity = {
      id: user._id,
      fullName: user.name,
      avatar: user.picture ?? undefined,
      role: user.type === 4 ? 'admin' : 'sub_admin',
    };
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
  },

  async logout() {
    const token = getToken();
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(IDENTITY_KEY);
    if (token) await post('/logout', undefined, token).catch(() => undefined);
  },

  async checkAuth() {
    if (!getToken() || !readIdentity()) throw new Error();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(IDENTITY_KEY);
      throw new Error();
    }
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
