import { auditLog } from '../../db/schema';
import { defineResource } from '../resource';

/** Every back-office write, read-only, for admins. */
export const auditResource = defineResource<typeof auditLog.$inferSelect>({
  name: 'audit',
  table: auditLog,
  id: auditLog.id,
  roles: { read: ['admin'] },
  search: [auditLog.actorName, auditLog.resource, auditLog.recordId],
  sort: { created_at: auditLog.createdAt, actor_name: auditLog.actorName, resource: auditLog.resource },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    resource: { column: auditLog.resource, type: 'text' },
    action: { column: auditLog.action, type: 'text' },
    record_id: { column: auditLog.recordId, type: 'text' },
    actor_id: { column: auditLog.actorId, type: 'uuid' },
    created_at: { column: auditLog.createdAt, type: 'date' },
  },
  toRecord: (a) => ({
    id: a.id,
    actor_id: a.actorId,
    actor_name: a.actorName,
    action: a.action,
    resource: a.resource,
    record_id: a.recordId,
    before: a.before,
    after: a.after,
    created_at: a.createdAt,
  }),
});
