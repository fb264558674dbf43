import {
  AccountType,
  canApplyAsJudge,
  hasFullAccess,
  isMinor,
  platformDay,
  seesOwnTeams,
  type MemberUser,
} from '@platform/contract';
import type { User } from '../db/schema';

type Plan = Pick<User, 'type' | 'subscription' | 'startDate' | 'endDate'>;

/**
 * Whether a subscription is valid today (on the platform's clock): a plan (or a student's standing
 * access) and an end date not passed.
 */
export function subscriptionValid(user: Plan, today = new Date()): boolean {
  if (user.type === AccountType.Student) return user.subscription;
  if (!user.subscription || !user.startDate || !user.endDate) return false;
  return user.startDate <= user.endDate && user.endDate >= platformDay(today);
}

/** The contract's entitlement rule on an account row. */
export const fullAccess = (user: Plan, now = new Date()) =>
  hasFullAccess(
    { type: user.type, subscribed: user.subscription, startDate: user.startDate, endDate: user.endDate },
    now,
  );

/** A minor: under 18 by the birth date on the platform's clock; a student whose birth date is unknown counts as one. */
export const isMinorAccount = (user: Pick<User, 'type' | 'dob'>, now = new Date()) =>
  user.dob ? isMinor(user.dob, now) : user.type === AccountType.Student;

/**
 * Whether the public profile is shown: the member's "Show my public profile" switch once chosen;
 * until then on for an adult (as before the switch existed) and off for a minor.
 */
export const publicProfileOn = (user: Pick<User, 'type' | 'dob' | 'publicProfile'>, now = new Date()) =>
  user.publicProfile ?? !isMinorAccount(user, now);

/** The member contract's user object (spec §3), field names as the contract spells them. Never the password hash. */
export function memberUser(user: User): MemberUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    national_id: user.nationalId,
    phone_number: user.phoneNumber,
    picture: user.picture,
    type: user.type,
    isVerified: user.isVerified,
    subcription: user.subscription,
    subscriptionValid: subscriptionValid(user),
    /** Teams, achievements and certificates: students and staff always, coaches and entities with a valid plan. */
    fullAccess: fullAccess(user),
    teamsAccess: seesOwnTeams({ type: user.type, fullAccess: fullAccess(user) }),
    start_date: user.startDate,
    end_date: user.endDate,
    plan: user.plan ?? null,
    steb_user_id: user.externalUserId,
    refree_judge: user.refereeJudge,
    apply_as: user.applyAs,
    /** May apply as a judge or referee: an adult person, never an entity (the judges service refuses others). */
    canApplyAsJudge: canApplyAsJudge(user),
    dob: user.dob,
    gender: user.gender,
    nationality: user.nationality,
    region: user.regionId,
    city: user.city,
    entityType: user.entityType,
    entityKind: user.entityKind ?? null,
    tax_id: user.taxId,
    crNumber: user.crNumber,
    legal_name: user.legalName,
    address: user.address ?? null,
    guardian_name: user.guardianName,
    guardian_phone: user.guardianPhone,
    education: user.education ?? null,
    supervisor: user.supervisor ?? null,
    language: user.language,
    /** Under 18 (the public profile starts off, a guardian consented at sign-up). */
    minor: isMinorAccount(user),
    public_profile: publicProfileOn(user),
    announcements: user.unsubscribedAt === null,
    created_at: user.createdAt.toISOString(),
  };
}
