import { CORRECTION_STATES, type CorrectionRecord, type CorrectionState } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { correctionRecord } from '../../accounts/corrections.service';
import { profileCorrections, users, type User } from '../../db/schema';
import { defineResource } from '../resource';

type Row = { profile_corrections: typeof profileCorrections.$inferSelect; users: User };

/**
 * Members' requests to correct their date of birth or grade, for staff to decide (read here; the
 * decision is POST /api/admin/corrections/:id/approve or /decline, which the accounts module applies).
 * Sub-admins decide them too: it is editing an ordinary member.
 */
export const correctionsResource = defineResource<Row>({
  name: 'corrections',
  shapes: { record: 'CorrectionRecord' },
  table: profileCorrections,
  id: profileCorrections.id,
  joins: [[users, eq(users.id, profileCorrections.userId)]],
  roles: { read: ['admin', 'sub_admin'] },
  search: [users.name, users.nationalId],
  sort: {
    created_at: profileCorrections.createdAt,
    state: profileCorrections.state,
    user_name: users.name,
    decided_at: profileCorrections.decidedAt,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    state: {
      type: 'choice',
      choices: CORRECTION_STATES,
      where: (state) => eq(profileCorrections.state, state as CorrectionState),
    },
    user_type: { column: users.type, type: 'int' },
    user: { column: profileCorrections.userId, type: 'uuid' },
    created_at: { column: profileCorrections.createdAt, type: 'date' },
  },
  toRecord: (row): CorrectionRecord => correctionRecord(row.profile_corrections, row.users),
});
