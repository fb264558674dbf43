/**
 * Account types as the database and the member contract number them (spec: student 0, coach 1,
 * entity 2, admin 4, sub-admin 5), and the role each one has. Compare with these names, never with
 * bare numbers.
 */
export const AccountType = { Student: 0, Coach: 1, Entity: 2, Admin: 4, SubAdmin: 5 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

export type Role = 'student' | 'coach' | 'entity' | 'admin' | 'sub_admin';

const ROLE_OF: Record<AccountType, Role> = {
  [AccountType.Student]: 'student',
  [AccountType.Coach]: 'coach',
  [AccountType.Entity]: 'entity',
  [AccountType.Admin]: 'admin',
  [AccountType.SubAdmin]: 'sub_admin',
};

export const isAccountType = (type: unknown): type is AccountType =>
  typeof type === 'number' && Object.prototype.hasOwnProperty.call(ROLE_OF, type);

/** The role of an account type; an unknown type counts as a student, the least privileged member. */
export function roleOf(type: number): Role {
  return isAccountType(type) ? ROLE_OF[type] : 'student';
}

export const MEMBER_ROLES: readonly Role[] = ['student', 'coach', 'entity'];
export const STAFF_ROLES: readonly Role[] = ['admin', 'sub_admin'];
export const isStaff = (type: number) => STAFF_ROLES.includes(roleOf(type));

/** The member account types (students, coaches, entities) and the staff ones (admins, sub-admins). */
export const MEMBER_TYPES = [AccountType.Student, AccountType.Coach, AccountType.Entity] as const;
export const STAFF_TYPES = [AccountType.Admin, AccountType.SubAdmin] as const;
// Spelled out (not `(typeof MEMBER_TYPES)[number]`) so the JSON Schema generator reads it (schemas.mjs).
export type MemberType = typeof AccountType.Student | typeof AccountType.Coach | typeof AccountType.Entity;
export const isMemberType = (type: unknown): type is MemberType => (MEMBER_TYPES as readonly unknown[]).includes(type);

/** A person's gender as the contract sends and stores it. */
export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * The languages a person's messages (WhatsApp, e-mail, PDFs, notices) are written in: the account's
 * `language`, set at sign-up from the page's language and changed in the account settings or by staff.
 */
export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);
