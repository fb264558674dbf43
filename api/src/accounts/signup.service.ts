import { LIMITS } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { eq, or, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { regions, users } from '../db/schema';
import { hashPassword } from '../auth/password';
import { isCountryCode, isEmail, isFreeEmail, normalizePhone } from './reference';
import type { UserInfoDto } from './signup.dto';
import { isUuid } from '../common/ids';

export const ENTITY_TYPES = [
  'School',
  'University',
  'GOV',
  'Company',
  'Non-Profit',
  'Club/Center',
  'Institute',
  'Other',
];
export const LEVELS = ['Elementry', 'Jonior', 'Senior'];
const ENTITY_NATIONAL_ID = '0000000000';

const fail = (key: ConstructorParameters<typeof AppError>[1]) => new AppError(400, key);
// The contract's `None` filler arrives here as '' (NoneAsEmpty on the DTO): not filled, never stored.
const filled = (...values: (string | undefined)[]) => values.every((v) => !!v);

/** Member sign-up (spec §3–§5): every rule of both steps, checked on the server, then one insert. */
@Injectable()
export class SignupService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async signup(info: UserInfoDto) {
    const type = Number(info.type);
    if (type === 3) throw fail('signup.researcher_closed');
    if (![0, 1, 2].includes(type) || !/^\d$/.test(info.type ?? '')) throw fail('auth.unknown_type');
    const entity = type === 2;

    // Step 1
    if (!filled(info.name, info.email, info.password) || (!entity && !filled(info.national_id, info.date_birth))) {
      throw fail(entity ? 'signup.entity_fields_empty' : 'signup.fields_empty');
    }
    const email = info.email!.toLowerCase();
    if (!isEmail(email)) throw fail('signup.email');
    const nationalId = entity ? ENTITY_NATIONAL_ID : info.national_id!;
    if (!/^\d{10}$/.test(nationalId)) throw fail('signup.national_id');
    const phone = normalizePhone(info.phone_number);
    if (!phone) throw fail('signup.phone');
    if (info.password!.length < LIMITS.passwordMin) throw fail('signup.password_weak');
    if (info.password !== info.cpassword) throw fail('signup.password_mismatch');
    const nationality = (info.countrySelected || 'SA').toUpperCase();
    if (!isCountryCode(nationality)) throw fail('signup.bad_country');
    let dob: string | null = null;
    if (!entity) {
      dob = info.date_birth!;
      const parsed = new Date(`${dob}T00:00:00Z`);
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(dob) ||
        Number.isNaN(parsed.getTime()) ||
        parsed > new Date() ||
        parsed.getUTCFullYear() < 1900
      ) {
        throw fail('signup.bad_date');
      }
    }
    let regionId: string | null = null;
    if (info.region) {
      const [region] = isUuid(info.region)
        ? await this.db.select({ id: regions.id }).from(regions).where(eq(regions.id, info.region)).limit(1)
        : [];
      if (!region) throw fail('signup.bad_region');
      regionId = region.id;
    }

    // Step 2, per role
    const row: Partial<typeof users.$inferInsert> = {};
    if (type === 0) {
      const grade = Number(info.grade);
      const guardianPhone = normalizePhone(info.guardianphone);
      if (!filled(info.schoolname, info.guardianname, info.guardianphone, info.grade, info.ElevelSelected))
        throw fail('signup.fields_empty');
      if (!Number.isInteger(grade) || grade < 1 || grade > 12 || !LEVELS.includes(info.ElevelSelected!))
        throw fail('signup.fields_empty');
      if (!guardianPhone) throw fail('signup.phone');
      row.guardianName = info.guardianname!;
      row.guardianPhone = guardianPhone;
      row.education = {
        school_name: info.schoolname!,
        education_admin: '',
        level: info.ElevelSelected!,
        grade: String(grade),
      };
    } else if (type === 1) {
      if (!filled(info.ElevelSelected)) throw fail('signup.fields_empty');
      row.education = {
        school_name: info.schoolname || '',
        education_admin: '',
        level: info.ElevelSelected!,
        grade: '',
      };
    } else {
      if (isFreeEmail(email)) throw fail('signup.business_email');
      if (!filled(info.entityType, info.tax_id, info.crNumber) || !ENTITY_TYPES.includes(info.entityType!)) {
        throw fail('signup.entity_fields_empty');
      }
      if (!filled(info.supervisor_name, info.supervisor_email, info.supervisor_id, info.supervisor_phone))
        throw fail('signup.entity_fields_empty');
      const supervisorPhone = normalizePhone(info.supervisor_phone);
      if (!supervisorPhone) throw fail('signup.phone');
      if (!isEmail(info.supervisor_email!)) throw fail('signup.email');
      row.entityType = info.entityType!;
      row.taxId = info.tax_id!;
      row.crNumber = info.crNumber!;
      row.supervisor = {
        name: info.supervisor_name!,
        email: info.supervisor_email!.toLowerCase(),
        phone_number: supervisorPhone,
        supervisor_id: info.supervisor_id!,
      };
    }

    const clash = await this.db
      .select({ nationalId: users.nationalId, email: users.email })
      .from(users)
      .where(or(entity ? undefined : eq(users.nationalId, nationalId), eq(sql`lower(${users.email})`, email)))
      .limit(1);
    if (clash.length)
      throw new AppError(
        409,
        clash[0].email?.toLowerCase() === email ? 'signup.duplicate_email' : 'signup.duplicate_national_id',
      );

    try {
      const [user] = await this.db
        .insert(users)
        .values({
          ...row,
          name: info.name!,
          email,
          nationalId,
          phoneNumber: phone,
          type,
          passwordHash: await hashPassword(info.password!),
          // Students start with access; coaches and entities need a plan.
          subcription: type === 0,
          isVerified: false,
          dob,
          nationality,
          regionId,
          city: info.regionSelected || null,
        })
        .returning();
      return user;
    } catch (err) {
      // Two sign-ups racing for the same ID or e-mail: the unique index decides, the answer stays clear.
      if (
        (err as { code?: string }).code === '23505' ||
        (err as { cause?: { code?: string } }).cause?.code === '23505'
      ) {
        const detail = String(
          (err as { detail?: string; cause?: { detail?: string } }).detail ??
            (err as { cause?: { detail?: string } }).cause?.detail ??
            '',
        );
        throw new AppError(409, detail.includes('email') ? 'signup.duplicate_email' : 'signup.duplicate_national_id');
      }
      throw err;
    }
  }
}
