import { LIMITS } from '@platform/contract';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { guessLanguage } from '../../accounts/language';
import { isCountryCode, isEmail, normalizePhone } from '../../accounts/reference';
import { hashPassword } from '../../auth/password';
import { AppError } from '../../common/app-error';
import type { Db } from '../../core/database';
import { sessions, users, type User } from '../../db/schema';
import { defined } from '../resource';
import type { PersonDto } from './person.dto';

/** Pictures come from POST /api/admin/uploads/picture, which re-encodes them; nothing else is accepted. */
const PICTURE_PATH = /^\/uploads\/users\/[0-9a-f-]{36}\.jpg$/;

/**
 * The column values of the fields users and admins share, from their validated DTO (PersonDto):
 * the e-mail, phone, national ID and country checked with the sign-up's messages, the password
 * confirmed and hashed. On edit an empty identity field means "unchanged": the form sends back
 * nulls for what was never set.
 */
export async function readPerson(input: PersonDto, creating: boolean, staff = false) {
  const { name, password, cpassword, picture } = input;
  const keep = (v: string | undefined) => (v || (creating && !staff) ? v : undefined);
  const email = keep(input.email)?.toLowerCase();
  if (email !== undefined && !isEmail(email)) throw new AppError(400, 'signup.email');
  let phone: string | undefined;
  if (keep(input.phone_number) !== undefined) {
    phone = normalizePhone(input.phone_number!) ?? undefined;
    if (!phone) throw new AppError(400, 'signup.phone');
  }
  const nationalId = keep(input.national_id);
  if (nationalId !== undefined && !new RegExp(`^\\d{${LIMITS.nationalIdDigits}}$`).test(nationalId))
    throw new AppError(400, 'signup.national_id');
  const nationality = keep(input.nationality?.toUpperCase());
  if (nationality !== undefined && !isCountryCode(nationality)) throw new AppError(400, 'signup.bad_country');
  if (picture && !PICTURE_PATH.test(picture))
    throw new AppError(400, 'request.invalid_field', { field: 'picture' }, 'picture');

  let passwordHash: string | undefined;
  if (password || cpassword) {
    if (password !== cpassword) throw new AppError(400, 'admin.password_mismatch');
    if (password!.length < LIMITS.passwordMin) throw new AppError(400, 'signup.password_weak');
    passwordHash = await hashPassword(password!);
  }
  return defined({
    name,
    email,
    phoneNumber: phone,
    nationalId,
    nationality,
    picture: picture === '' ? null : picture,
    passwordHash,
  });
}

/**
 * The language of a person staff create: the one staff chose, else guessed from the new row's
 * nationality and phones (not chosen).
 */
export function newLanguage(
  input: PersonDto,
  row: { nationality?: string | null; phoneNumber?: string | null; guardianPhone?: string | null },
): Pick<User, 'language' | 'languageChosen'> {
  if (input.language) return { language: input.language, languageChosen: true };
  const { nationality = null, phoneNumber = null, guardianPhone = null } = row;
  return { language: guessLanguage({ nationality, phoneNumber, guardianPhone }), languageChosen: false };
}

/**
 * The language of a person staff edit: a different one is the person's from now on (chosen); the
 * form sending back the same one changes nothing, so a guessed language stays a guess.
 */
export function changedLanguage(input: PersonDto, before: User): Partial<Pick<User, 'language' | 'languageChosen'>> {
  if (!input.language || input.language === before.language) return {};
  return { language: input.language, languageChosen: true };
}

/** Ends every session of an account at once (password changed, account disabled or deleted). */
export async function endSessions(tx: Db, userId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** How many other active full admins there are besides this one. */
export async function otherActiveAdmins(tx: Db, user: User) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.type, 4), eq(users.isActive, true), ne(users.id, user.id)));
  return n;
}

/** The unique indexes of users and the messages a clash gets. */
export const PERSON_UNIQUE = {
  users_email_unique: 'admin.duplicate_email',
  users_national_id_unique: 'admin.duplicate_national_id',
} as const;
