import {
  entityNumbersRequired,
  isEducationLevel,
  isEntityKind,
  isEntityType,
  isGrade,
  isMemberType,
  isMinor,
  LIMITS,
} from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { eq, or, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import { uniqueViolation } from '../common/unique-violation';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { regions, settings, users, type User } from '../db/schema';
import { hashPassword } from '../auth/password';
import type { Lang } from '../common/i18n';
import { isPending, PendingSignups } from './pending-signups';
import { isBirthDate, isCountryCode, isEmail, isFreeEmail, normalizeMobile, normalizePhone } from './reference';
import type { UserInfoDto } from './signup.dto';
import { isUuid } from '../common/ids';

const ENTITY_NATIONAL_ID = '0000000000';

/** A refusal about one field of `userInof` (the body's `field`, so the page can mark it), or of the whole form. */
const fail = (key: ConstructorParameters<typeof AppError>[1], field?: keyof UserInfoDto) =>
  new AppError(400, key, {}, field && `userInof.${field}`);
// The contract's `None` filler arrives here as '' (NoneAsEmpty on the DTO): not filled, never stored.
const filled = (...values: (string | undefined)[]) => values.every((v) => !!v);
/** The first of these fields left empty, to name in the refusal. */
const firstEmpty = (info: UserInfoDto, names: (keyof UserInfoDto)[]) =>
  names.find((name) => !filled(info[name] as string | undefined));

/** A sign-up that proves the phone or e-mail of the unverified sign-up holding its ID (POST /api/signup/claim). */
export interface SignupClaim {
  user_id?: string;
  code?: string;
}

const duplicate = (email: boolean) =>
  email
    ? new AppError(409, 'signup.duplicate_email', {}, 'userInof.email')
    : new AppError(409, 'signup.duplicate_national_id', {}, 'userInof.national_id');

/** Member sign-up (spec §3–§5): every rule of both steps, checked on the server, then one insert. */
@Injectable()
export class SignupService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly pending: PendingSignups,
  ) {}

  /**
   * `requestLang` is the request's language (Accept-Language): the account's language when the body
   * names none, as it is the language the sign-up's own answers and verification code come in.
   */
  async signup(info: UserInfoDto, requestLang: Lang, claim?: SignupClaim) {
    const type = Number(info.type);
    if (type === 3) throw fail('signup.researcher_closed');
    if (!isMemberType(type) || !/^\d$/.test(info.type ?? '')) throw fail('auth.unknown_type', 'type');
    const entity = type === 2;

    // Step 1
    const empty = firstEmpty(
      info,
      entity ? ['name', 'email', 'password'] : ['name', 'national_id', 'date_birth', 'email', 'password'],
    );
    if (empty) throw fail(entity ? 'signup.entity_fields_empty' : 'signup.fields_empty', empty);
    const email = info.email!.toLowerCase();
    if (!isEmail(email)) throw fail('signup.email', 'email');
    const nationalId = entity ? ENTITY_NATIONAL_ID : info.national_id!;
    if (!/^\d{10}$/.test(nationalId)) throw fail('signup.national_id', 'national_id');
    // The number the WhatsApp code goes to: a mobile.
    const mobile = normalizeMobile(info.phone_number);
    if (mobile.error !== null) throw fail(mobile.error, 'phone_number');
    const phone = mobile.phone;
    if (info.password!.length < LIMITS.passwordMin) throw fail('signup.password_weak', 'password');
    if (info.password !== info.cpassword) throw fail('signup.password_mismatch', 'cpassword');
    const nationality = (info.countrySelected || 'SA').toUpperCase();
    if (!isCountryCode(nationality)) throw fail('signup.bad_country', 'countrySelected');
    let dob: string | null = null;
    if (!entity) {
      dob = info.date_birth!;
      if (!isBirthDate(dob)) throw fail('signup.bad_date', 'date_birth');
    }
    let regionId: string | null = null;
    if (info.region) {
      const [region] = isUuid(info.region)
        ? await this.db.select({ id: regions.id }).from(regions).where(eq(regions.id, info.region)).limit(1)
        : [];
      if (!region) throw fail('signup.bad_region', 'region');
      regionId = region.id;
    }

    // Step 2, per role
    const row: Partial<typeof users.$inferInsert> = {};
    if (type === 0) {
      const grade = Number(info.grade);
      const guardianPhone = normalizePhone(info.guardianphone);
      const missing = firstEmpty(info, ['schoolname', 'ElevelSelected', 'grade', 'guardianname', 'guardianphone']);
      if (missing) throw fail('signup.fields_empty', missing);
      if (!isEducationLevel(info.ElevelSelected)) throw fail('signup.fields_empty', 'ElevelSelected');
      if (!isGrade(grade)) throw fail('signup.fields_empty', 'grade');
      if (!guardianPhone) throw fail('signup.phone', 'guardianphone');
      row.guardianName = info.guardianname!;
      row.guardianPhone = guardianPhone;
      row.education = {
        school_name: info.schoolname!,
        education_admin: '',
        level: info.ElevelSelected!,
        grade: String(grade),
      };
    } else if (type === 1) {
      if (!filled(info.ElevelSelected)) throw fail('signup.fields_empty', 'ElevelSelected');
      row.education = {
        school_name: info.schoolname || '',
        education_admin: '',
        level: info.ElevelSelected!,
        grade: '',
      };
    } else {
      if (isFreeEmail(email)) throw fail('signup.business_email', 'email');
      // The kind of organisation decides whether the VAT and commercial-register numbers are
      // required (private schools and companies). A client that does not send it (the contract's
      // older payload) gets the old rule: both required, the kind left unknown.
      const kind = info.entityKind || null;
      if (kind !== null && !isEntityKind(kind)) throw fail('signup.entity_kind', 'entityKind');
      const missing = firstEmpty(info, [
        'entityType',
        ...(entityNumbersRequired(kind) ? (['tax_id', 'crNumber'] as const) : []),
        'supervisor_name',
        'supervisor_id',
        'supervisor_email',
        'supervisor_phone',
      ]);
      if (missing)
        throw fail(
          kind && (missing === 'tax_id' || missing === 'crNumber')
            ? 'signup.entity_numbers_required'
            : 'signup.entity_fields_empty',
          missing,
        );
      if (!isEntityType(info.entityType)) throw fail('signup.entity_fields_empty', 'entityType');
      const supervisorPhone = normalizePhone(info.supervisor_phone);
      if (!supervisorPhone) throw fail('signup.phone', 'supervisor_phone');
      if (!isEmail(info.supervisor_email!)) throw fail('signup.email', 'supervisor_email');
      row.entityType = info.entityType!;
      row.entityKind = kind;
      row.taxId = info.tax_id || null;
      row.crNumber = info.crNumber || null;
      row.supervisor = {
        name: info.supervisor_name!,
        email: info.supervisor_email!.toLowerCase(),
        phone_number: supervisorPhone,
        supervisor_id: info.supervisor_id!,
      };
    }

    // Consent: the terms and privacy policy always; a guardian's too for a student under 18 (platform's clock).
    if (info.accept_terms !== true) throw fail('signup.accept_terms', 'accept_terms');
    const now = new Date();
    if (type === 0 && isMinor(dob, now) && info.guardian_consent !== true)
      throw fail('signup.guardian_consent', 'guardian_consent');
    row.termsAcceptedAt = now;
    row.termsVersion = await this.policyVersion();
    if (type === 0 && info.guardian_consent === true) row.guardianConsentAt = now;

    // Whoever holds the ID or e-mail already. A verified account (or one staff made) keeps it; a
    // member's own sign-up still waiting for its phone is removed once past its time, or taken over by
    // whoever proves its phone or e-mail (the claim); until then the person is told what they can do.
    const holders = await this.db
      .select()
      .from(users)
      .where(or(entity ? undefined : eq(users.nationalId, nationalId), eq(sql`lower(${users.email})`, email)))
      .limit(2);
    const clashOn = (holder: User) => (!entity && holder.nationalId === nationalId ? 'national_id' : 'email');
    const settled = holders.find((h) => !isPending(h));
    if (settled) throw duplicate(clashOn(settled) === 'email');
    const claimedId = claim?.user_id ? this.pending.claimedId(claim.user_id) : undefined;
    const expired = holders.filter((h) => h.verifyBy! <= now).map((h) => h.id);
    const live = holders.filter((h) => h.verifyBy! > now && h.id !== claimedId);
    if (live.length) throw this.pending.refusal(live[0], clashOn(live[0]), requestLang);
    const claimed = holders.find((h) => h.verifyBy! > now && h.id === claimedId);

    const hold = await this.pending.verifyBy(entity ? null : nationalId, email);
    const passwordHash = await hashPassword(info.password!);
    const insert = async (tx: Db) => {
      await this.pending.remove(tx, expired, { onlyPending: true });
      const [user] = await tx
        .insert(users)
        .values({
          ...row,
          name: info.name!,
          email,
          nationalId,
          phoneNumber: phone,
          type,
          passwordHash,
          // Students start with access; coaches and entities need a plan.
          subscription: type === 0,
          isVerified: false,
          verifyBy: hold.at,
          dob,
          nationality,
          regionId,
          city: info.regionSelected || null,
          language: info.language ?? requestLang,
          languageChosen: true,
        })
        .returning();
      return user;
    };

    try {
      return claimed
        ? await this.pending.takeOver(claimed.id, claim?.code, insert)
        : await this.db.transaction((tx) => insert(tx as unknown as Db));
    } catch (err) {
      await hold.undo();
      // Two sign-ups racing for the same ID or e-mail: the unique index decides, the answer stays clear.
      const index = uniqueViolation(err);
      if (index) throw duplicate(index.includes('email'));
      throw err;
    }
  }

  /** The version of the terms and privacy policy a member accepts: when staff last saved them. */
  private async policyVersion(): Promise<string> {
    const [row] = await this.db
      .select({ updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.siteName, 'WRO'))
      .limit(1);
    return row ? row.updatedAt.toISOString() : 'none';
  }
}
