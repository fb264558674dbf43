import { LIMITS } from '@platform/contract';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { isCountryCode, isEmail, normalizePhone } from '../../accounts/reference';
import { hashPassword } from '../../auth/password';
import { AppError } from '../../common/app-error';
import type { Db } from '../../db/database';
import { sessions, users, type User } from '../../db/schema';
import { FormReader, defined } from '../form';
import type { Body } from '../resource';

/** Pictures come from POST /api/admin/uploads/picture, which re-encodes them; nothing else is accepted. */
const PICTURE_PATH = /^\/uploads\/users\/[0-9a-f-]{36}\.jpg$/;

/**
 * The fields users and admins share (name, e-mail, phone, national ID, nationality, picture,
 * password and its confirmation), read and checked the same way for both. On create every
 * required field must be there; on update only the fields sent change, and a required field may
 * not be emptied.
 */
export async function readPerson(body: Body, creating: boolean, staff = false) {
  const f = new FormReader(body);
  const name = f.text('name', 120);
  const emailRaw = f.text('email', 254);
  const phoneRaw = f.digits('phone_number', 30);
  const nationalId = f.digits('national_id', 10);
  const nationality = f.text('nationality', 2)?.toUpperCase();
  const password = f.text('password', 200);
  const cpassword = f.text('cpassword', 200);
  const picture = f.text('picture', 200);

  // Staff sign in with their e-mail: a national ID, phone and nationality are theirs to add or not.
  if (creating && staff) f.need(name, emailRaw, password, cpassword);
  else if (creating) f.need(name, emailRaw, phoneRaw, nationalId, nationality, password, cpassword);
  else if (name === '') f.need(name);
  // On edit an empty identity field means "unchanged": the form sends back nulls for what was never set.
  const keep = (v: string | undefined) => (v || (creating && !staff) ? v : undefined);
  const email = keep(emailRaw)?.toLowerCase();
  if (email !== undefined && !isEmail(email)) throw new AppError(400, 'signup.email');
  let phone: string | undefined;
  if (keep(phoneRaw) !== undefined) {
    phone = normalizePhone(phoneRaw) ?? undefined;
    if (!phone) throw new AppError(400, 'signup.phone');
  }
  if (keep(nationalId) !== undefined && !/^\d{10}$/.test(nationalId!)) throw new AppError(400, 'signup.national_id');
  if (keep(nationality) !== undefined && !isCountryCode(nationality!)) throw new AppError(400, 'signup.bad_country');
  if (picture && !PICTURE_PATH.test(picture)) throw new AppError(400, 'request.invalid_field', { field: 'picture' });

  let passwordHash: string | undefined;
  if (password || cpassword) {
    if (password !== cpassword) throw new AppError(400, 'admin.password_mismatch');
    if (password!.length < LIMITS.passwordMin) throw new AppError(400, 'signup.password_weak');
    passwordHash = await hashPassword(password!);
  }
  return {
    reader: f,
    values: defined({
      name,
      email,
      phoneNumber: phone,
      nationalId: keep(nationalId),
      nationality: keep(nationality),
      picture: picture === '' ? null : picture,
      passwordHash,
    }),
  };
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
