/**
 * The signed-in staff member, kept in memory only. The session itself is an httpOnly cookie on the
 * API's origin that the page's scripts never see; what the page holds is the session's CSRF token,
 * sent with every call (X-CSRF-Token), and who is signed in. A reload asks the API again
 * (GET /api/admin-session).
 */

export type Role = 'admin' | 'sub_admin';

export interface StaffIdentity {
  id: string;
  fullName: string;
  avatar?: string;
  role: Role;
  /** Two-factor sign-in is on. */
  twoFactor: boolean;
  /** What the API refuses everything else for until it is done: a password to change, two-factor to turn on. */
  mustChangePassword: boolean;
  twoFactorRequired: boolean;
}

export interface StaffSession {
  identity: StaffIdentity;
  csrf: string;
}

const ROLES: Record<number, Role> = { 4: 'admin', 5: 'sub_admin' };

// Earlier versions kept a 30-day token in localStorage: never leave one behind.
try {
  localStorage.removeItem('admin_token');
  localStorage.removeItem('admin_identity');
} catch {
  /* storage refused: nothing was kept there either */
}

let current: Promise<StaffSession | null> | null = null;
let csrf: string | null = null;

/** The CSRF token of the current session, for the X-CSRF-Token header of every call. */
export const csrfToken = (): string | null => csrf;

/** Keeps the CSRF token handed out at sign-in, before the session is read. */
export function setCsrf(token: string | null) {
  csrf = token;
}

/** The session the API knows this browser by (asked once, then remembered), or null when signed out. */
export function loadSession(): Promise<StaffSession | null> {
  current ??= fetch('/api/admin-session', { headers: { Accept: 'application/json' } })
    .then(async (res) => {
      // Bodies are read even when unused: the API's answers are never stored (no-store), so an unread
      // one would hold its request open (and a test waiting for the network to settle, for ever).
      if (!res.ok) {
        await res.text();
        return null;
      }
      const body = (await res.json()) as {
        csrf?: string;
        user?: { _id: string; name: string; picture?: string | null; type: number };
        two_factor?: boolean;
        must_change_password?: boolean;
        two_factor_required?: boolean;
      };
      const role = body.user ? ROLES[body.user.type] : undefined;
      if (!body.user || !role || !body.csrf) return null;
      csrf = body.csrf;
      return {
        csrf: body.csrf,
        identity: {
          id: body.user._id,
          fullName: body.user.name,
          avatar: body.user.picture ?? undefined,
          role,
          twoFactor: !!body.two_factor,
          mustChangePassword: !!body.must_change_password,
          twoFactorRequired: !!body.two_factor_required,
        },
      };
    })
    .catch(() => null);
  const pending = current;
  // A failed read (network down) is asked again next time rather than remembered.
  void pending.then((s) => {
    if (!s && current === pending) current = null;
  });
  return pending;
}

/** Forgets the remembered session (it changed: a password set, two-factor turned on), keeping the CSRF token. */
export function forgetSession() {
  current = null;
}

export function clearSession() {
  current = null;
  csrf = null;
}
