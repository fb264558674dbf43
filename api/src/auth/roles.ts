import { SetMetadata } from '@nestjs/common';

export type Role = 'student' | 'coach' | 'entity' | 'admin' | 'sub_admin';

const BY_TYPE: Record<number, Role> = { 0: 'student', 1: 'coach', 2: 'entity', 4: 'admin', 5: 'sub_admin' };

/** The role of an account type; student by default, as the member site does. */
export function roleOf(type: number): Role {
  return BY_TYPE[type] ?? 'student';
}

export const MEMBERS: Role[] = ['student', 'coach', 'entity'];
export const STAFF: Role[] = ['admin', 'sub_admin'];
export const EVERYONE: Role[] = [...MEMBERS, ...STAFF];

export const ROLES_KEY = 'roles';
export const PUBLIC_KEY = 'public';

/** Who may call a route. A route with neither @Roles nor @Public is refused to everyone (default deny). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
export const Public = () => SetMetadata(PUBLIC_KEY, true);
