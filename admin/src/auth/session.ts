/** What the back-office keeps in localStorage about the signed-in staff member. */

export const TOKEN_KEY = 'admin_token';
const IDENTITY_KEY = 'admin_identity';

export type Role = 'admin' | 'sub_admin';

export interface StaffIdentity {
  id: string;
  fullName: string;
  avatar?: string;
  role: Role;
}

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);

export function readIdentity(): StaffIdentity | null {
  try {
    return JSON.parse(localStorage.getItem(IDENTITY_KEY) ?? 'null') as StaffIdentity | null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, identity: StaffIdentity) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(IDENTITY_KEY);
}
