import { inArray } from 'drizzle-orm';
import { users, type User } from '../../db/schema';
import { defineResource } from '../resource';

/** Members (students, coaches, entities). Staff accounts are the separate `admins` resource. */
export const usersResource = defineResource<User>({
  name: 'users',
  table: users,
  id: users.id,
  roles: { read: ['admin', 'sub_admin'], write: ['admin', 'sub_admin'] },
  search: [users.name, users.nationalId, users.email, users.phoneNumber],
  sort: {
    name: users.name,
    email: users.email,
    national_id: users.nationalId,
    type: users.type,
    created_at: users.createdAt,
    start_date: users.startDate,
    end_date: users.endDate,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    type: { column: users.type, type: 'int' },
    subcription: { column: users.subcription, type: 'bool' },
    isVerified: { column: users.isVerified, type: 'bool' },
  },
  scope: inArray(users.type, [0, 1, 2]),
  toRecord: (u) => ({
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    national_id: u.nationalId,
    phone_number: u.phoneNumber,
    picture: u.picture,
    type: u.type,
    crNumber: u.crNumber,
    subcription: u.subcription,
    isVerified: u.isVerified,
    start_date: u.startDate,
    end_date: u.endDate,
    nationality: u.nationality,
    gender: u.gender,
    dob: u.dob,
    guardian_name: u.guardianName,
    guardian_phone: u.guardianPhone,
    created_at: u.createdAt,
  }),
});
