import { SetMetadata } from '@nestjs/common';
import { isStaff, MEMBER_ROLES, STAFF_ROLES, type Role } from '@platform/contract';

export { roleOf, type Role } from '@platform/contract';

export const MEMBERS: Role[] = [...MEMBER_ROLES];
export const STAFF: Role[] = [...STAFF_ROLES];
export const EVERYONE: Role[] = [...MEMBERS, ...STAFF];

export const ROLES_KEY = 'roles';
export const PUBLIC_KEY = 'public';
export const UNVERIFIED_KEY = 'unverified';
export const FULL_ACCESS_KEY = 'fullAccess';
export const STAFF_SETUP_KEY = 'staffSetup';

/** Whether an account is a member who has not verified the phone yet: its session may only verify. */
export function mustVerify(user: { type: number; isVerified: boolean }): boolean {
  return !user.isVerified && !isStaff(user.type);
}

/** Who may call a route. A route with neither @Roles nor @Public is refused to everyone (default deny). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
export const Public = () => SetMetadata(PUBLIC_KEY, true);
/** A route an unverified member's session may still call (who am I, sign out); every other route refuses it. */
export const AllowUnverified = () => SetMetadata(UNVERIFIED_KEY, true);
/**
 * A route only members with full access may call (a coach or entity needs a valid plan): 403
 * otherwise; `except` names roles that may call it without (a school reads the teams it confirmed).
 */
export const FullAccess = (options: { except?: Role[] } = {}) => SetMetadata(FULL_ACCESS_KEY, options.except ?? []);
/**
 * A route staff may call before their account is ready (a password to change, two-factor sign-in an
 * admin must turn on): who am I, sign out, change the password, enrol. Every other route refuses them.
 */
export const StaffSetup = () => SetMetadata(STAFF_SETUP_KEY, true);
