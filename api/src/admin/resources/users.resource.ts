import {
  AccountType,
  type EntityKind,
  LANGUAGES,
  type Language,
  MEMBER_TYPES,
  platformDay,
  roleOf,
  SUBSCRIPTION_STATES,
  type SubscriptionState,
  type UserRecord,
} from '@platform/contract';
import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { buyerAddress, checkedVatNumber } from '../../accounts/buyer';
import { publicProfileOn } from '../../auth/user.view';
import { AppError } from '../../common/app-error';
import { users, type User } from '../../db/schema';
import { csvDigits, csvNames, csvReady, type CsvValue } from '../csv';
import { changedLanguage, endSessions, newLanguage, PERSON_UNIQUE, readPerson } from '../people/person-form';
import { UserCreateDto, UserDto } from '../people/person.dto';
import { defined, defineResource } from '../resource';

const TYPE_NAMES = {
  0: { en: 'Student', ar: 'طالب' },
  1: { en: 'Coach', ar: 'مدرب' },
  2: { en: 'Entity', ar: 'جهة' },
};

/** The national ID column's value for an account that has none (a school). */
const NO_NATIONAL_ID = '0000000000';

/** A student's detail, empty on other accounts (a coach's or school's leftover form values are not theirs). */
const forStudents = (value: CsvValue) =>
  sql`(case when ${users.type} = ${sql.raw(String(AccountType.Student))} then ${value} end)`;

/** The member-only fields of the user form (type, subscription, dates, personal details). */
function memberFields(input: UserDto, creating: boolean) {
  const values = defined({
    type: input.type,
    subscription: input.subcription,
    isVerified: input.isVerified,
    // Disabled (false): cannot sign in, sessions end, every record kept; the admins' status, for members.
    isActive: input.status,
    startDate: input.start_date,
    endDate: input.end_date,
    gender: input.gender,
    dob: input.dob,
    entityKind: input.entityKind as EntityKind | undefined,
    crNumber: input.crNumber,
    guardianName: input.guardian_name,
    guardianPhone: input.guardian_phone,
  });
  // Verified by staff: no longer a sign-up waiting for its phone, never removed as one.
  if (input.isVerified === true) Object.assign(values, { verifyBy: null });
  if (creating) {
    // The spec's defaults for a new user.
    values.type ??= 0;
    values.dob ??= '2015-01-01';
    values.isVerified ??= true;
  }
  return values;
}

/**
 * A school's or company's billing details (a standard tax invoice's buyer), as on its account page:
 * the VAT number checked (one kept unchanged is left alone), the address all five fields or none.
 */
function buyerFields(input: UserDto, before: User) {
  if (before.type !== AccountType.Entity && input.type !== AccountType.Entity) return {};
  return defined({
    taxId: input.tax_id === undefined ? undefined : checkedVatNumber(input.tax_id, before.taxId),
    legalName: input.legal_name === undefined ? undefined : input.legal_name || null,
    address: input.address === undefined ? undefined : input.address ? buyerAddress(input.address) : null,
  });
}

/**
 * What only an admin may change on a member: the type, and the plan with its dates (a sub-admin could
 * otherwise give out paid plans). The form sends the whole record back, so a field sent with the value
 * it already has is no change; a different value from a sub-admin is a 403 naming the field.
 */
const ADMIN_ONLY = [
  ['type', 'type'],
  ['subcription', 'subscription'],
  ['start_date', 'startDate'],
  ['end_date', 'endDate'],
] as const satisfies readonly (readonly [keyof UserDto, keyof User])[];

function adminOnlyFields(input: UserDto, before: User, actor: User) {
  if (roleOf(actor.type) === 'admin') return;
  for (const [field, column] of ADMIN_ONLY) {
    if (input[field] !== undefined && (input[field] ?? null) !== (before[column] ?? null))
      throw new AppError(403, 'admin.admin_only_field', {}, field);
  }
}

/** A student's grade as staff correct it (the rest of education.grade's object kept); only a student has one. */
function gradeField(input: UserDto, before: User) {
  if (input.grade === undefined) return {};
  if ((input.type ?? before.type) !== AccountType.Student)
    throw new AppError(400, 'correction.grade_students_only', {}, 'grade');
  const education = before.education ?? { school_name: '', education_admin: '', level: '', grade: '' };
  return { education: { ...education, grade: String(input.grade) } };
}

/**
 * A paid plan's state on the platform's clock, as the entitlement rule reads it: active (bought, and
 * its last day not before today), expired (a last day that has passed), none (never bought).
 */
function subscriptionIs(state: SubscriptionState): SQL {
  const today = platformDay();
  const active = and(eq(users.subscription, true), gte(users.endDate, today));
  if (state === 'active') return active!;
  if (state === 'expired') return and(isNotNull(users.endDate), lt(users.endDate, today))!;
  return or(isNull(users.endDate), and(eq(users.subscription, false), gte(users.endDate, today)))!;
}

/**
 * Members (students, coaches, entities). Sub-admins may list, view, edit and disable them (every
 * change is in the audit log), but not change a type or a plan (ADMIN_ONLY); only admins create and delete. Staff accounts are the separate `admins` resource and never appear here.
 */
export const usersResource = defineResource<User, UserDto>({
  name: 'users',
  shapes: { record: 'UserRecord' },
  table: users,
  id: users.id,
  roles: {
    read: ['admin', 'sub_admin'],
    update: ['admin', 'sub_admin'],
    create: ['admin'],
    delete: ['admin'],
    export: ['admin', 'sub_admin'],
  },
  search: [users.name, users.nationalId, users.email, users.phoneNumber],
  sort: {
    name: users.name,
    email: users.email,
    national_id: users.nationalId,
    phone_number: users.phoneNumber,
    type: users.type,
    subcription: users.subscription,
    isVerified: users.isVerified,
    status: users.isActive,
    created_at: users.createdAt,
    start_date: users.startDate,
    end_date: users.endDate,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    type: { column: users.type, type: 'int' },
    subcription: { column: users.subscription, type: 'bool' },
    isVerified: { column: users.isVerified, type: 'bool' },
    status: { column: users.isActive, type: 'bool' },
    subscription: {
      type: 'choice',
      choices: SUBSCRIPTION_STATES,
      where: (state) => subscriptionIs(state as SubscriptionState),
    },
    nationality: { column: users.nationality, type: 'text' },
    language: { type: 'choice', choices: LANGUAGES, where: (language) => eq(users.language, language as Language) },
    region: { column: users.regionId, type: 'uuid' },
    created_at: { column: users.createdAt, type: 'date' },
  },
  scope: inArray(users.type, [...MEMBER_TYPES]),
  unique: PERSON_UNIQUE,
  toggles: ['isVerified', 'subcription', 'status'],
  input: { create: UserCreateDto, update: UserDto, missing: { update: 'admin.fill_form' } },
  async create(input) {
    const values = { ...(await readPerson(input, true)), ...memberFields(input, true) };
    return { ...values, ...newLanguage(input, values) };
  },
  async update(input, before, ctx) {
    adminOnlyFields(input, before, ctx.actor);
    return {
      ...(await readPerson(input, false)),
      ...memberFields(input, false),
      ...buyerFields(input, before),
      ...gradeField(input, before),
      ...changedLanguage(input, before),
      updatedAt: new Date(),
    };
  },
  async afterWrite(action, row, ctx, before) {
    // A new password or a disabled account ends every session at once (a deleted account's sessions go with it).
    if (action === 'update' && before && (before.passwordHash !== row.passwordHash || !row.isActive))
      await endSessions(ctx.tx, row.id);
  },
  toRecord: (u): UserRecord => ({
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    national_id: u.nationalId,
    phone_number: u.phoneNumber,
    picture: u.picture,
    type: u.type,
    crNumber: u.crNumber,
    tax_id: u.taxId,
    legal_name: u.legalName,
    address: u.address ?? null,
    subcription: u.subscription,
    isVerified: u.isVerified,
    status: u.isActive,
    start_date: u.startDate,
    end_date: u.endDate,
    nationality: u.nationality,
    gender: u.gender,
    dob: u.dob,
    grade: u.education?.grade || null,
    entityKind: u.entityKind ?? null,
    guardian_name: u.guardianName,
    guardian_phone: u.guardianPhone,
    // Consent at sign-up and the public-profile switch (as it applies today): shown, never edited here.
    terms_accepted_at: u.termsAcceptedAt?.toISOString() ?? null,
    terms_version: u.termsVersion,
    guardian_consent_at: u.guardianConsentAt?.toISOString() ?? null,
    verify_by: u.isVerified ? null : (u.verifyBy?.toISOString() ?? null),
    public_profile: u.type !== AccountType.Entity && publicProfileOn(u),
    language: u.language,
    language_chosen: u.languageChosen,
    created_at: u.createdAt.toISOString(),
  }),
  export: {
    filename: 'users',
    columns: [
      [{ en: 'ID', ar: 'المعرّف' }, users.id],
      [{ en: 'Name', ar: 'الاسم' }, users.name],
      // A school has no national ID (0000000000 in the column): an empty cell.
      [{ en: 'NationalID', ar: 'رقم الهوية' }, csvDigits(users.nationalId, [NO_NATIONAL_ID])],
      [{ en: 'Email', ar: 'البريد الإلكتروني' }, users.email],
      [{ en: 'Phone', ar: 'رقم الجوال' }, csvReady(users.phoneNumberCsv)],
      [{ en: 'Type', ar: 'النوع' }, csvNames(users.type, TYPE_NAMES)],
      [{ en: 'CRNumber', ar: 'رقم السجل التجاري' }, users.crNumber],
      [{ en: 'Nationality', ar: 'الجنسية' }, users.nationality],
      [
        { en: 'Subscription', ar: 'الاشتراك' },
        csvNames(users.subscription, { true: { en: 'Active', ar: 'نشط' }, false: { en: 'Not Active', ar: 'غير نشط' } }),
      ],
      [{ en: 'Verified', ar: 'موثّق' }, users.isVerified],
      [{ en: 'StartDate', ar: 'تاريخ البدء' }, users.startDate],
      [{ en: 'EndDate', ar: 'تاريخ الانتهاء' }, users.endDate],
      [{ en: 'CDate', ar: 'تاريخ التسجيل' }, users.createdAt],
      // A student's own details (empty for coaches and schools).
      [{ en: 'BirthDate', ar: 'تاريخ الميلاد' }, forStudents(users.dob)],
      [{ en: 'Grade', ar: 'الصف' }, forStudents(sql`${users.education}->>'grade'`)],
      [{ en: 'School', ar: 'المدرسة' }, forStudents(sql`${users.education}->>'school_name'`)],
      [{ en: 'GuardianPhone', ar: 'جوال ولي الأمر' }, csvDigits(forStudents(users.guardianPhone))],
    ],
  },
});
