import type { AuditAction, AuditSection } from '@platform/contract';
import { Injectable } from '@nestjs/common';
import type { Db } from '../core/database';
import { auditLog, type User } from '../db/schema';

export interface AuditEntry {
  /** Who did it; `id` null for the platform itself (e.g. an automatic refund). */
  actor: Pick<User, 'name'> & { id: string | null };
  action: AuditAction;
  /** The back-office section the entry opens to. */
  resource: AuditSection;
  recordId: string;
  before?: object | null;
  after?: object | null;
}

/** The one writer of the audit log: who did what to which record, with the fields before and after. */
@Injectable()
export class AuditService {
  /** Writes one entry in the caller's transaction, so the change and its entry commit (or not) together. */
  record(tx: Pick<Db, 'insert'>, entry: AuditEntry) {
    return tx.insert(auditLog).values({
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      resource: entry.resource,
      recordId: entry.recordId,
      before: (entry.before ?? null) as Record<string, unknown> | null,
      after: (entry.after ?? null) as Record<string, unknown> | null,
    });
  }
}
