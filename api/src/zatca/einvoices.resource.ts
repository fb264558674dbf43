import { EINVOICE_KINDS, EINVOICE_STATES, type EinvoiceRecord } from '@platform/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import { defineResource } from '../admin/resource';
import { zatcaDocuments } from '../db/schema';
import { xmlReady } from './einvoice-xml';

type Row = typeof zatcaDocuments.$inferSelect;

/** ZATCA allows 24 hours to report a simplified document; staff are warned at 20. */
export const LATE_HOURS = 20;
export const lateCondition = () =>
  and(
    eq(zatcaDocuments.state, 'pending'),
    lt(zatcaDocuments.issuedAt, sql`now() - ${LATE_HOURS} * interval '1 hour'`),
  )!;

export function einvoiceRecord(d: typeof zatcaDocuments.$inferSelect, now = Date.now()): EinvoiceRecord {
  return {
    id: d.id,
    kind: d.kind,
    number: d.number,
    order_id: d.orderId,
    refund_id: d.refundId,
    profile: d.profile,
    icv: d.icv,
    uuid: d.uuid,
    hash: d.hash,
    state: d.state,
    warnings: d.messages?.warningMessages ?? [],
    errors: d.messages?.errorMessages ?? [],
    attempts: d.attempts,
    last_error: d.lastError,
    issued_at: d.issuedAt.toISOString(),
    reported_at: d.reportedAt?.toISOString() ?? null,
    late: d.state === 'pending' && now - d.issuedAt.getTime() > LATE_HOURS * 3_600_000,
    xml: xmlReady(d),
  };
}

/** The e-invoices, read-only, for admins: each document's place in the chain and where its reporting stands. */
export const einvoicesResource = defineResource<Row>({
  name: 'einvoices',
  shapes: { record: 'EinvoiceRecord' },
  table: zatcaDocuments,
  id: zatcaDocuments.id,
  roles: { read: ['admin'] },
  search: [zatcaDocuments.number, zatcaDocuments.lastError],
  sort: {
    icv: zatcaDocuments.icv,
    issued_at: zatcaDocuments.issuedAt,
    number: zatcaDocuments.number,
    state: zatcaDocuments.state,
    attempts: zatcaDocuments.attempts,
  },
  defaultSort: ['icv', 'DESC'],
  filters: {
    state: { type: 'choice', choices: EINVOICE_STATES, where: (v) => eq(zatcaDocuments.state, v as 'pending') },
    kind: { type: 'choice', choices: EINVOICE_KINDS, where: (v) => eq(zatcaDocuments.kind, v as 'invoice') },
    late: { type: 'choice', choices: ['true'], where: () => lateCondition() },
    order_id: { column: zatcaDocuments.orderId, type: 'uuid' },
    issued_at: { column: zatcaDocuments.issuedAt, type: 'date' },
  },
  toRecord: (d) => einvoiceRecord(d),
});
