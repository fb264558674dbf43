import type { AuthProvider } from 'react-admin';
import { localeStore, translateNow } from '../i18n';
import { clearSession, csrfToken, loadSession, setCsrf } from './session';

/** A call before or around the session: the language, and the CSRF token once there is one. */
function post(path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': localeStore.get(), ...extra });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const csrf = csrfToken();
  if (csrf) headers.set('X-CSRF-Token', csrf);
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

/**
 * The password was right and two-factor sign-in is on: the sign-in page asks for a code and calls
 * login again with this challenge.
 */
export class TwoFactorStep extends Error {
  constructor(
    readonly challenge: string,
    message: string,
  ) {
    super(message);
    this.name = 'TwoFactorStep';
  }
}

/** Keeps the session a sign-in answered (its CSRF token) once the API has it; signs out again if it cannot be read. */
async function opened(res: Response): Promise<void> {
  if (!res.ok) throw new Error(await serverMessage(res));
  const { csrf } = (await res.json()) as { csrf?: string };
  if (!csrf) throw new Error(translateNow('app.login.failed'));
  setCsrf(csrf);
  if (!(await loadSession())) {
    await post('/logout').catch(() => undefined); // don't leave the new session open
    clearSession();
    throw new Error(translateNow('app.login.failed'));
  }
}

/** Signs in for an httpOnly session cookie (X-Admin-Session: cookie); the page keeps only the CSRF token. */
async function signIn(email: string, password: string): Promise<void> {
  clearSession();
  const res = await post(
    '/admin-login',
    { national_id: email, password, type: 4, loginType: 'signin' },
    { 'X-Admin-Session': 'cookie' },
  );
  if (res.ok) {
    const body = (await res.clone().json()) as { two_factor?: boolean; challenge?: string; message?: string };
    if (body.two_factor && body.challenge) throw new TwoFactorStep(body.challenge, body.message ?? '');
  }
  await opened(res);
}

/** The code step: the challenge of the password step and the code from the app (or a recovery code). */
async function signInWithCode(challenge: string, code: string): Promise<void> {
  clearSession();
  await opened(await post('/admin-login/two-factor', { challenge, code }, { 'X-Admin-Session': 'cookie' }));
}

export const authProvider: AuthProvider = {
  async login(params: { username?: string; password?: string; challenge?: string; code?: string }) {
    try {
      if (params.challenge) {
        if (!params.code?.trim()) throw new Error(translateNow('app.login.code_hint'));
        await signInWithCode(params.challenge, params.code);
        return;
      }
      const email = params.username?.trim() ?? '';
      if (!email || !params.password) throw new Error(translateNow('app.login.fields_empty'));
      await signIn(email, params.password);
    } catch (err) {
      // fetch() itself failing (network down) has no useful text for the user.
      throw err instanceof TypeError ? new Error(translateNow('app.login.unknown_error')) : err;
    }
  },

  async logout() {
    // Only a session this page knows (its CSRF token) is signed out; the API clears the cookie.
    if (csrfToken())
      await post('/logout')
        .then((res) => res.text())
        .catch(() => undefined);
    clearSession();
  },

  async checkAuth() {
    // No session at all is the ordinary first visit: go to the sign-in page without a warning.
    if (!(await loadSession())) throw { message: false };
  },

  async checkError(error: { status?: number }) {
    // The session is gone (expired, signed out elsewhere, account disabled): react-admin says so, then logs out.
    if (error?.status === 401) throw new Error('ra.notification.logged_out');
    // 403 and everything else: stay signed in; the page that made the call shows the server's message.
  },

  async getIdentity() {
    const session = await loadSession();
    if (!session) throw new Error();
    return session.identity;
  },

  async getPermissions() {
    return (await loadSession())?.identity.role ?? null;
  },
};
