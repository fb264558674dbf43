import { STAFF_TYPES, type AdminRecord } from '@platform/contract';
import { inArray } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { users, type User } from '../../db/schema';
import {
  changedLanguage,
  endSessions,
  newLanguage,
  otherActiveAdmins,
  PERSON_UNIQUE,
  readPerson,
} from '../people/person-form';
import { StaffCreateDto, StaffDto } from '../people/person.dto';
import { defined, defineResource, type WriteContext } from '../resource';

/**
 * Staff accounts: admins (4) and sub-admins (5), admins only. Nobody disables, demotes or deletes
 * themselves, and the last active admin stays; a disabled admin's sessions end at once. A password set
 * by another admin (a new account, a reset) must be changed at its owner's first sign-in.
 */
async function guard(row: User, next: { isActive: boolean; type: number } | null, ctx: WriteContext) {
  const losesAdmin = row.type === 4 && row.isActive && (!next || !next.isActive || next.type !== 4);
  if (row.id === ctx.actor.id) {
    if (!next) throw new AppError(400, 'admin.self_delete');
    if (!next.isActive || next.type !== row.type) throw new AppError(400, 'admin.status_refused');
  }
  if (losesAdmin && (await otherActiveAdmins(ctx.tx, row)) === 0) throw new AppError(400, 'admin.last_admin');
}

export const adminsResource = defineResource<User, StaffDto>({
  name: 'admins',
  shapes: { record: 'AdminRecord' },
  table: users,
  id: users.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [users.name, users.email, users.nationalId, users.phoneNumber],
  sort: {
    name: users.name,
    email: users.email,
    type: users.type,
    status: users.isActive,
    created_at: users.createdAt,
  },
  defaultSort: ['created_at', 'ASC'],
  filters: {
    type: { column: users.type, type: 'int' },
    status: { column: users.isActive, type: 'bool' },
  },
  scope: inArray(users.type, [...STAFF_TYPES]),
  unique: PERSON_UNIQUE,
  toggles: ['status'],
  input: { create: StaffCreateDto, update: StaffDto, missing: { update: 'admin.fill_form' } },
  async create(input) {
    const values = await readPerson(input, true, true);
    return {
      ...values,
      ...newLanguage(input, values),
      type: input.type ?? 4,
      isActive: input.status ?? true,
      isVerified: true,
      // A password an admin chose for someone else is theirs to change at first sign-in.
      passwordMustChange: true,
    };
  },
  async update(input, row, ctx) {
    const values = await readPerson(input, false, true);
    const changes = defined({ type: input.type, isActive: input.status });
    await guard(row, { isActive: changes.isActive ?? row.isActive, type: changes.type ?? row.type }, ctx);
    const resetByAnother = values.passwordHash !== undefined && row.id !== ctx.actor.id;
    return {
      ...values,
      ...changes,
      ...changedLanguage(input, row),
      ...(resetByAnother ? { passwordMustChange: true } : {}),
      updatedAt: new Date(),
    };
  },
  async remove(row, ctx) {
    await guard(row, null, ctx);
    return 'deleted';
  },
  async afterWrite(action, row, ctx, before) {
    if (action !== 'update' || !before) return;
    const demoted = !row.isActive || row.type !== before.type || row.passwordHash !== before.passwordHash;
    if (demoted) await endSessions(ctx.tx, row.id);
  },
  toRecord: (u): AdminRecord => ({
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    national_id: u.nationalId,
    phone_number: u.phoneNumber,
    nationality: u.nationality,
    picture: u.picture,
    type: u.type,
    status: u.isActive,
    language: u.language,
    language_chosen: u.languageChosen,
    two_factor: !!u.twoFactorEnabledAt,
    created_at: u.createdAt.toISOString(),
  }),
});
