import { PLATFORM_TIME_ZONE } from '@platform/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Lang } from '../../common/i18n';
import { competitions, registrations, seasons, teamPeople, teams, users } from '../../db/schema';
import { csvNames, type CsvColumn } from '../csv';
import type { ResourceDef } from '../resource';
import { teamsResource } from '../resources/teams.resource';
import { INVITATION_STATE_NAMES, TEAM_STATE_NAMES } from '../resources/team-words';

/** The roster's student: one row per student of a team (their invitation not declined). */
const person = alias(teamPeople, 'roster_person');
const student = alias(users, 'roster_student');
const entity = alias(users, 'roster_entity');

/** Today on the platform's clock, and the day a team's ages are counted on: its registration's, else today. */
const today = sql`(now() at time zone ${sql.raw(`'${PLATFORM_TIME_ZONE}'`)})::date`;
const ageDay = sql`coalesce(${registrations.ageOn}, ${today})`;

const YES_NO: Record<Lang, [string, string]> = { en: ['Yes', 'No'], ar: ['نعم', 'لا'] };
/** Names in one cell: a comma in English, the Arabic comma in Arabic. */
const SEPARATOR: Record<Lang, string> = { en: ', ', ar: '، ' };

const columns: CsvColumn[] = [
  [{ en: 'TeamNo', ar: 'رقم الفريق' }, teams.teamNo],
  [{ en: 'TeamName', ar: 'اسم الفريق' }, teams.name],
  [{ en: 'Season', ar: 'الموسم' }, (lang) => (lang === 'ar' ? seasons.name : seasons.nameEn)],
  [{ en: 'Competition', ar: 'المسابقة' }, (lang) => (lang === 'ar' ? competitions.name : competitions.nameEn)],
  [{ en: 'State', ar: 'الحالة' }, csvNames(teams.state, TEAM_STATE_NAMES)],
  [{ en: 'Paid', ar: 'مدفوع' }, teams.paymentStatus],
  [{ en: 'Entity', ar: 'الجهة' }, entity.name],
  [
    { en: 'Coaches', ar: 'المدربون' },
    (lang) =>
      sql`(select string_agg(${users.name}, ${SEPARATOR[lang]} order by ${users.name}) from ${teamPeople} join ${users} on ${users.id} = ${teamPeople.userId} where ${teamPeople.teamId} = ${teams.id} and ${teamPeople.role} = 'coach' and ${teamPeople.state} = 'accepted')`,
  ],
  [{ en: 'Student', ar: 'الطالب' }, student.name],
  [{ en: 'NationalID', ar: 'رقم الهوية' }, student.nationalId],
  [{ en: 'Invitation', ar: 'الدعوة' }, csvNames(person.state, INVITATION_STATE_NAMES)],
  [{ en: 'AgeOn', ar: 'تاريخ احتساب العمر' }, sql`case when ${student.id} is not null then ${ageDay} end`],
  [{ en: 'Age', ar: 'العمر' }, sql`extract(year from age(${ageDay}, ${student.dob}))::int`],
  [
    { en: 'Minor', ar: 'قاصر' },
    (lang) =>
      sql`case when ${student.dob} is null then null when ${student.dob} > ${today} - interval '18 years' then ${YES_NO[lang][0]} else ${YES_NO[lang][1]} end`,
  ],
  [{ en: 'Grade', ar: 'الصف' }, sql`${student.education}->>'grade'`],
  [{ en: 'School', ar: 'المدرسة' }, sql`${student.education}->>'school_name'`],
  [{ en: 'GuardianName', ar: 'اسم ولي الأمر' }, student.guardianName],
  [{ en: 'GuardianPhone', ar: 'جوال ولي الأمر' }, student.guardianPhone],
];

/**
 * The roster of the teams in the list's filter (a competition, a season, a school, a state, paid
 * or not), for spreadsheets: one row per student (a team without students yet has one row), with
 * the team's number, name, state in words, whether it paid, its entity and coaches, and the
 * student's national ID, age on the registration's reference date, grade, school and guardian. Not a
 * resource of its own: it reads the teams resource's filters, search and sort, and has no route but
 * `GET /api/admin/teams/roster` (TeamRosterController).
 */
export const teamRoster: ResourceDef = {
  ...teamsResource,
  joins: [
    ...(teamsResource.joins ?? []),
    [registrations, eq(registrations.id, teams.registrationId)],
    [entity, eq(entity.id, teams.entityId)],
    [person, and(eq(person.teamId, teams.id), eq(person.role, 'member'), ne(person.state, 'declined'))!],
    [student, eq(student.id, person.userId)],
  ],
  defaultSort: ['team_no', 'ASC'],
  export: { filename: 'team-roster', columns, within: [student.name, person.id] },
};
