import { JUDGE_STATUSES, type JudgeRecord } from '@platform/contract';
import { eq, sql } from 'drizzle-orm';
import { judgeApplications, users, type User } from '../../db/schema';
import { csvNames } from '../csv';
import { OneOf } from '../../common/dto';
import { defineResource } from '../resource';

type Row = { judge_applications: typeof judgeApplications.$inferSelect; users: User | null };
// The CSV's values in the exporting admin's language (its header stays the spec's, in English).
const APPLY_AS_WORDS = { Refree: { en: 'Referee', ar: 'حكم' }, Judge: { en: 'Judge', ar: 'مُحكّم' } };
const EXPERIENCE_WORDS = { yes: { en: 'Yes', ar: 'نعم' }, no: { en: 'No', ar: 'لا' } };
const STATUS_WORDS = {
  pending: { en: 'Pending', ar: 'قيد المراجعة' },
  accepted: { en: 'Accepted', ar: 'مقبول' },
  rejected: { en: 'Rejected', ar: 'مرفوض' },
};

/** An admin's decision on an application. */
class JudgeDecisionDto {
  @OneOf(JUDGE_STATUSES) status?: (typeof JUDGE_STATUSES)[number];
}

/**
 * Judge and referee applications with their member. Read-only except the status: accepting makes
 * the member a judge or referee (`refree_judge`), rejecting frees them to apply again.
 */
export const judgesResource = defineResource<Row, JudgeDecisionDto>({
  name: 'judges',
  shapes: { record: 'JudgeRecord' },
  table: judgeApplications,
  id: judgeApplications.id,
  joins: [[users, eq(users.id, judgeApplications.userId)]],
  roles: { read: ['admin'], update: ['admin'], export: ['admin'] },
  search: [users.name, users.nationalId, users.email, judgeApplications.organizationName, judgeApplications.city],
  sort: {
    created_at: judgeApplications.createdAt,
    organization_name: judgeApplications.organizationName,
    city: judgeApplications.city,
    apply_as: judgeApplications.applyAs,
    status: judgeApplications.status,
    'user.name': users.name,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    status: { column: judgeApplications.status, type: 'text' },
    apply_as: { column: judgeApplications.applyAs, type: 'text' },
    // A member's application (the user's page).
    user: { column: judgeApplications.userId, type: 'uuid' },
    created_at: { column: judgeApplications.createdAt, type: 'date' },
  },
  toggles: ['status'],
  input: { update: JudgeDecisionDto },
  async update({ status }) {
    return status ? { status } : {};
  },
  async afterWrite(action, row, ctx, before) {
    const app = row.judge_applications;
    if (action !== 'update' || app.status === before?.judge_applications.status) return;
    await ctx.tx
      .update(users)
      .set({
        refereeJudge: app.status === 'accepted',
        applyAs: app.status === 'rejected' ? 'None' : app.applyAs,
        updatedAt: new Date(),
      })
      .where(eq(users.id, app.userId));
  },
  toRecord: ({ judge_applications: j, users: u }): JudgeRecord => ({
    id: j.id,
    _id: j.id,
    user: u && {
      _id: u.id,
      name: u.name,
      national_id: u.nationalId,
      email: u.email,
      phone_number: u.phoneNumber,
      type: u.type,
      picture: u.picture,
    },
    organization_name: j.organizationName,
    apply_as: j.applyAs,
    city: j.city,
    pexperince: j.previousExperience,
    certifcates: j.certificates.map((c, i) => ({
      name: c.name,
      size: c.size,
      url: `/api/admin/judges/${j.id}/cv/${i}`,
    })),
    status: j.status,
    created_at: j.createdAt.toISOString(),
  }),
  export: {
    filename: 'judges',
    columns: [
      ['ID', judgeApplications.id],
      ['Name', judgeApplications.organizationName],
      ['City', judgeApplications.city],
      ['Experince', csvNames(judgeApplications.previousExperience, EXPERIENCE_WORDS)],
      ['ApplyFor', csvNames(judgeApplications.applyAs, APPLY_AS_WORDS)],
      [
        'PDF',
        sql`(select string_agg(c->>'name', ' | ') from jsonb_array_elements(${judgeApplications.certificates}) c)`,
      ],
      ['Status', csvNames(judgeApplications.status, STATUS_WORDS)],
      ['UserName', users.name],
      ['NationalID', users.nationalId],
      ['Email', users.email],
      ['Phone', users.phoneNumber],
      ['CDate', judgeApplications.createdAt],
    ],
  },
});
