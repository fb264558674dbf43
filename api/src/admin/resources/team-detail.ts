import {
  ageOn,
  isMinor,
  type TeamDetail,
  type TeamInvitationRecord,
  type TeamRecord,
  type TeamRegistrationRules,
} from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../core/database';
import { registrations, teamPeople, teams, users } from '../../db/schema';

/**
 * The moment whose platform day is `day` (YYYY-MM-DD): noon UTC is 15:00 in Riyadh, the same day,
 * as the registration's eligibility check reads it.
 */
const dayMoment = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * What the back-office's team page adds to the record: the accepted people's ids (what the form
 * edits), everyone with their invitation and, for students, their age on the registration's
 * reference date (today without one), grade, school and whether they are a minor; and the
 * registration's rules, so staff can check eligibility before approving.
 */
export async function teamDetail(
  team: typeof teams.$inferSelect,
  db: Db,
  now = new Date(),
): Promise<Omit<TeamDetail, keyof TeamRecord>> {
  const [list, [reg]] = await Promise.all([
    db
      .select({
        person: teamPeople,
        name: users.name,
        nationalId: users.nationalId,
        email: users.email,
        dob: users.dob,
        education: users.education,
      })
      .from(teamPeople)
      .innerJoin(users, eq(users.id, teamPeople.userId))
      .where(eq(teamPeople.teamId, team.id))
      .orderBy(teamPeople.role, users.name),
    team.registrationId
      ? db.select().from(registrations).where(eq(registrations.id, team.registrationId))
      : Promise.resolve([]),
  ]);
  const registration: TeamRegistrationRules | null = reg
    ? {
        min_age: reg.minAge,
        max_age: reg.maxAge,
        age_on: reg.ageOn,
        grades: reg.grades,
        fee: reg.fee,
        currency: reg.currency,
      }
    : null;
  const reference = reg?.ageOn ? dayMoment(reg.ageOn) : now;
  const accepted = list.filter((p) => p.person.state === 'accepted');
  return {
    member_ids: accepted.filter((p) => p.person.role === 'member').map((p) => p.person.userId),
    coach_ids: accepted.filter((p) => p.person.role === 'coach').map((p) => p.person.userId),
    invitations: list.map((p): TeamInvitationRecord => {
      const entity = p.person.role === 'entity';
      const student = p.person.role === 'member';
      return {
        id: p.person.id,
        user_id: p.person.userId,
        name: p.name,
        national_id: entity ? null : p.nationalId,
        email: entity ? p.email : null,
        role: p.person.role,
        state: p.person.state,
        age: student ? ageOn(p.dob, reference) : null,
        grade: (student && p.education?.grade) || null,
        school: (!entity && p.education?.school_name) || null,
        minor: !entity && isMinor(p.dob, now),
      };
    }),
    registration,
  };
}
