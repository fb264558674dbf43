import type { User } from '../db/schema';

/** Whether a subscription is valid today: a plan (or a student's standing access) and an end date not passed. */
export function subscriptionValid(
  user: Pick<User, 'type' | 'subcription' | 'startDate' | 'endDate'>,
  today = new Date(),
): boolean {
  if (user.type === 0) return user.subcription;
  if (!user.subcription || !user.startDate || !user.endDate) return false;
  const day = today.toISOString().slice(0, 10);
  return user.startDate <= user.endDate && user.endDate >= day;
}

/** The member contract's user object (spec §3), field names as the contract spells them. Never the password hash. */
export function memberUser(user: User) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    national_id: user.nationalId,
    phone_number: user.phoneNumber,
    picture: user.picture,
    type: user.type,
    isVerified: user.isVerified,
    subcription: user.subcription,
    subscriptionValid: subscriptionValid(user),
    start_date: user.startDate,
    end_date: user.endDate,
    plan: user.plan ?? null,
    steb_user_id: user.stebUserId,
    refree_judge: user.refreeJudge,
    apply_as: user.applyAs,
    dob: user.dob,
    gender: user.gender,
    nationality: user.nationality,
    region: user.regionId,
    city: user.city,
    entityType: user.entityType,
    tax_id: user.taxId,
    crNumber: user.crNumber,
    guardian_name: user.guardianName,
    guardian_phone: user.guardianPhone,
    education: user.education ?? null,
    supervisor: user.supervisor ?? null,
    language: user.language,
    created_at: user.createdAt,
  };
}
