import {
  entityNumbersRequired,
  isEducationLevel,
  isEntityKind,
  isEntityType,
  isGrade,
  LIMITS,
  type Language,
  type PublicProfileView,
} from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { regions, skills, users, type User } from '../db/schema';
import { hashPassword, verifyPassword } from '../auth/password';
import { SessionService } from '../auth/session.service';
import { removePicture, storePicture } from '../media/images';
import { UploadStore } from '../media/upload-store';
import { UploadQuota, type ReceivedFile } from '../media/uploads';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { TeamsService } from '../teams/teams.service';
import { isMinorAccount, memberUser, publicProfileOn } from '../auth/user.view';
import type { ChangePasswordDto, ProfileDto } from './profile.dto';
import { buyerAddress, checkedVatNumber } from './buyer';
import { isBirthDate, isCountryCode, isEmail, normalizeMobile, normalizePhone } from './reference';
import { VerificationService } from './verification.service';
import type { Lang } from '../common/i18n';
import { isUuid } from '../common/ids';

/** A skill's name as stored: trimmed, inner spaces collapsed. */
const tidySkill = (name: string) => name.trim().replace(/\s+/g, ' ');

/** A skill's name as given; an empty one is refused. */
function skillName(name: string | undefined): string {
  const clean = tidySkill(name ?? '');
  if (!clean) throw new AppError(400, 'skill.empty');
  return clean;
}

/** Two skills of one member may not share a name, whatever the case or spacing. */
function refuseDuplicate(existing: { id: string; name: string }[], name: string, except?: string) {
  const key = name.toLocaleLowerCase();
  if (existing.some((s) => s.id !== except && tidySkill(s.name).toLocaleLowerCase() === key))
    throw new AppError(400, 'skill.duplicate');
}

/**
 * A member's skills, read with the member's row locked: concurrent adds and renames of one member
 * wait for each other, so the cap and the no-duplicates rule hold.
 */
async function lockedSkills(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return tx.select({ id: skills.id, name: skills.name }).from(skills).where(eq(skills.userId, userId));
}

/** The most achievements a minor's public profile lists (newest season first). */
const PUBLIC_ACHIEVEMENTS = 12;

/** The account page (spec §2 "Account page", §6): one's own profile, password and skills. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly uploads: UploadStore,
    private readonly quota: UploadQuota,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly verification: VerificationService,
    private readonly teams: TeamsService,
  ) {}

  /**
   * Replaces the profile picture: JPG or PNG by its bytes, re-encoded square; the old file goes once
   * the new one is saved, within the member's storage quota.
   */
  async setPicture(user: User, file: ReceivedFile | undefined): Promise<string> {
    if (!file?.size) throw new AppError(400, 'upload.missing');
    const picture = await storePicture(this.uploads, file.path, ['jpeg', 'png'], this.config.uploads.maxPixels);
    if (!picture) throw new AppError(400, 'upload.picture_type');
    let replaced: string | null;
    try {
      replaced = await this.db.transaction(async (tx) => {
        // The row as locked: of two uploads at once, the second replaces (and removes) the first's picture.
        const current = await this.quota.reserve(tx, user, await this.quota.pictureBytes(picture), {
          replacingPicture: true,
        });
        await tx.update(users).set({ picture, updatedAt: new Date() }).where(eq(users.id, user.id));
        return current.picture;
      });
    } catch (err) {
      // Nothing half-done stays behind.
      await removePicture(this.uploads, picture);
      throw err;
    }
    await removePicture(this.uploads, replaced);
    return picture;
  }

  async view(user: User) {
    const list = await this.skillsOf(user.id);
    return { ...memberUser(user), skilles: list };
  }

  private skillsOf(userId: string) {
    return this.db
      .select({ _id: skills.id, name: skills.name })
      .from(skills)
      .where(eq(skills.userId, userId))
      .orderBy(asc(skills.createdAt));
  }

  /** The language of the member's messages, as the member chose it on the account page. */
  async setLanguage(user: User, language: Language) {
    const [saved] = await this.db
      .update(users)
      .set({ language, languageChosen: true, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return this.view(saved);
  }

  /**
   * Saves only the fields this member type may edit (§6). A new phone number is not saved: a code
   * goes to it (phonePending) and it replaces the old one once the code comes back.
   */
  async update(user: User, body: ProfileDto, lang: Lang) {
    // The page posts the whole profile back; null means "not given", like a missing field.
    const dto = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)) as ProfileDto;
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    let newPhone: string | undefined;
    if (dto.name !== undefined) {
      if (!dto.name) throw new AppError(400, 'signup.fields_empty');
      set.name = dto.name;
    }
    if (dto.phone_number !== undefined) {
      const phone = normalizePhone(dto.phone_number);
      if (!phone) throw new AppError(400, 'signup.phone', {}, 'phone_number');
      if (phone !== user.phoneNumber) {
        // A new number is confirmed by a WhatsApp code: it must be a mobile.
        const mobile = normalizeMobile(phone);
        if (mobile.error !== null) throw new AppError(400, mobile.error, {}, 'phone_number');
        newPhone = phone;
      }
    }
    if (dto.nationality !== undefined) {
      const code = dto.nationality.toUpperCase();
      if (!isCountryCode(code)) throw new AppError(400, 'signup.bad_country');
      set.nationality = code;
    }
    if (dto.region !== undefined) {
      if (!dto.region) set.regionId = null;
      else {
        const [region] = isUuid(dto.region)
          ? await this.db.select().from(regions).where(eq(regions.id, dto.region))
          : [];
        if (!region) throw new AppError(400, 'signup.bad_region');
        set.regionId = region.id;
      }
    }
    if (dto.city !== undefined) set.city = dto.city || null;
    if (user.type !== 2) {
      if (dto.public_profile !== undefined) set.publicProfile = dto.public_profile;
      // The birth date is set at sign-up: the form may send it back unchanged, never a new one
      // (staff correct it, or approve a correction request). An account without one may add it once.
      if (dto.dob) {
        if (!isBirthDate(dto.dob)) throw new AppError(400, 'signup.bad_date', {}, 'dob');
        if (user.dob && dto.dob !== user.dob) throw new AppError(400, 'account.dob_locked', {}, 'dob');
        if (!user.dob) set.dob = dto.dob;
      }
      if (dto.gender !== undefined) set.gender = dto.gender || null;
      if (dto.education) {
        const current = user.education ?? { school_name: '', education_admin: '', level: '', grade: '' };
        const next = { ...current };
        if (dto.education.school_name !== undefined) next.school_name = dto.education.school_name;
        if (user.type === 0) {
          if (dto.education.education_admin !== undefined) next.education_admin = dto.education.education_admin;
          if (dto.education.level !== undefined) {
            if (!isEducationLevel(dto.education.level)) throw new AppError(400, 'signup.fields_empty');
            next.level = dto.education.level;
          }
          // The grade too: set at sign-up, sent back unchanged by the form, corrected only by staff.
          if (dto.education.grade) {
            const g = Number(dto.education.grade);
            if (!isGrade(g)) throw new AppError(400, 'signup.fields_empty', {}, 'education.grade');
            if (current.grade && String(g) !== current.grade)
              throw new AppError(400, 'account.grade_locked', {}, 'education.grade');
            next.grade = String(g);
          }
        } else if (dto.education.level !== undefined && dto.education.level) {
          next.level = dto.education.level;
        }
        set.education = next;
      }
    } else {
      if (dto.entityType !== undefined) {
        if (!isEntityType(dto.entityType)) throw new AppError(400, 'signup.entity_fields_empty');
        set.entityType = dto.entityType;
      }
      if (dto.entityKind) {
        if (!isEntityKind(dto.entityKind)) throw new AppError(400, 'signup.entity_kind', {}, 'entityKind');
        set.entityKind = dto.entityKind;
      }
      // A VAT number given or changed must be one (a standard tax invoice names it); one kept as
      // it was at sign-up is left alone.
      if (dto.tax_id !== undefined) set.taxId = checkedVatNumber(dto.tax_id, user.taxId);
      if (dto.legal_name !== undefined) set.legalName = dto.legal_name || null;
      if (dto.address !== undefined) set.address = buyerAddress(dto.address);
      if (dto.crNumber !== undefined) set.crNumber = dto.crNumber || null;
      // A private school or company keeps both numbers; so does an entity whose kind is unknown (the old rule).
      const kind = set.entityKind ?? user.entityKind;
      if (
        entityNumbersRequired(kind) &&
        (dto.tax_id !== undefined || dto.crNumber !== undefined || set.entityKind !== undefined)
      ) {
        const taxId = set.taxId !== undefined ? set.taxId : user.taxId;
        const crNumber = set.crNumber !== undefined ? set.crNumber : user.crNumber;
        const empty = !taxId ? 'tax_id' : !crNumber ? 'crNumber' : null;
        if (empty)
          throw new AppError(400, kind ? 'signup.entity_numbers_required' : 'signup.entity_fields_empty', {}, empty);
      }
      if (dto.supervisor) {
        const s = {
          ...(user.supervisor ?? { name: '', email: '', phone_number: '', supervisor_id: '' }),
          ...dto.supervisor,
        };
        const phone = normalizePhone(s.phone_number);
        if (!s.name || !s.supervisor_id || !s.email || !isEmail(s.email))
          throw new AppError(400, 'signup.entity_fields_empty');
        if (!phone) throw new AppError(400, 'signup.phone');
        set.supervisor = {
          name: s.name,
          email: s.email.toLowerCase(),
          phone_number: phone,
          supervisor_id: s.supervisor_id,
        };
      }
    }
    // Every field checked first, so a refused code (too many) leaves the profile as it was.
    const phonePending = newPhone ? await this.verification.requestPhoneChange(user, newPhone, lang) : undefined;
    const [updated] = await this.db.update(users).set(set).where(eq(users.id, user.id)).returning();
    return { user: await this.view(updated), phonePending };
  }

  /** Changes the password; every session of the account ends (the member signs in again). */
  async changePassword(user: User, dto: ChangePasswordDto) {
    if (!dto.password || !dto.npassword || !dto.cpassword) throw new AppError(400, 'account.old_password');
    if (dto.npassword !== dto.cpassword) throw new AppError(400, 'account.password_mismatch');
    if (dto.npassword.length < LIMITS.passwordMin) throw new AppError(400, 'signup.password_weak');
    if (!(await verifyPassword(user.passwordHash, dto.password))) throw new AppError(400, 'account.wrong_password');
    const passwordHash = await hashPassword(dto.npassword);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      await this.sessions.revokeAll(user.id, tx as unknown as Db);
    });
  }

  async addSkill(user: User, name: string | undefined) {
    const clean = skillName(name);
    await this.db.transaction(async (tx) => {
      const names = await lockedSkills(tx as unknown as Db, user.id);
      if (names.length >= LIMITS.skills) throw new AppError(400, 'skill.too_many');
      refuseDuplicate(names, clean);
      await tx.insert(skills).values({ userId: user.id, name: clean });
    });
    return this.skillsOf(user.id);
  }

  async renameSkill(user: User, id: string | undefined, name: string | undefined) {
    const clean = skillName(name);
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    await this.db.transaction(async (tx) => {
      const names = await lockedSkills(tx as unknown as Db, user.id);
      if (!names.some((s) => s.id === id)) throw new AppError(404, 'request.not_found');
      refuseDuplicate(names, clean, id);
      await tx
        .update(skills)
        .set({ name: clean })
        .where(and(eq(skills.id, id), eq(skills.userId, user.id)));
    });
    return this.skillsOf(user.id);
  }

  async deleteSkill(user: User, id: string | undefined) {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    const done = await this.db
      .delete(skills)
      .where(and(eq(skills.id, id), eq(skills.userId, user.id)))
      .returning({ id: skills.id });
    if (!done.length) throw new AppError(404, 'request.not_found');
    return this.skillsOf(user.id);
  }

  /**
   * A public profile exists only for students and coaches who show it (the "Show my public profile"
   * switch: a minor's is off until turned on). It shows no contact details; a minor's only the name,
   * picture and achievements.
   */
  async publicProfile(id: string | undefined): Promise<PublicProfileView> {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.type, [0, 1]), eq(users.isActive, true)))
      .limit(1);
    if (!user || !publicProfileOn(user)) throw new AppError(404, 'request.not_found');
    if (isMinorAccount(user)) {
      const { achievements } = await this.teams.achievements(user, 0, PUBLIC_ACHIEVEMENTS);
      return { _id: user.id, name: user.name, picture: user.picture, achievements };
    }
    return {
      _id: user.id,
      name: user.name,
      picture: user.picture,
      type: user.type,
      skilles: await this.skillsOf(user.id),
    };
  }
}
