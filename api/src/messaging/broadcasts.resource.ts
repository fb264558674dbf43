import {
  BROADCAST_STATES,
  RECIPIENT_STATES,
  recipientState,
  type BroadcastDetail,
  type BroadcastProgress,
  type BroadcastRecipientRecord,
  type BroadcastRecord,
  type BroadcastState,
  type RecipientState,
} from '@platform/contract';
import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { defineResource } from '../admin/resource';
import type { Db } from '../core/database';
import { broadcasts, outbox, users } from '../db/schema';

type Broadcast = typeof broadcasts.$inferSelect;

export const broadcastRecord = (b: Broadcast): BroadcastRecord => ({
  id: b.id,
  subject_ar: b.subjectAr,
  subject_en: b.subjectEn,
  body_ar: b.bodyAr,
  body_en: b.bodyEn,
  channels: b.channels,
  segment: b.segment,
  state: b.state,
  send_at: b.sendAt.toISOString(),
  created_by_name: b.createdByName,
  created_at: b.createdAt.toISOString(),
  reach: b.reach ?? null,
  total: b.total,
  queued_at: b.queuedAt?.toISOString() ?? null,
  cancelled_at: b.cancelledAt?.toISOString() ?? null,
  cancelled_by_name: b.cancelledByName,
});

/** A broadcast's messages counted by state, each count including the later ones (sent ⊇ delivered ⊇ read). */
export async function progressOf(db: Db, id: string): Promise<BroadcastProgress> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      queued: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`,
      sent: sql<number>`count(*) filter (where ${outbox.status} = 'sent' and ${outbox.delivery} is distinct from 'failed')::int`,
      delivered: sql<number>`count(*) filter (where ${outbox.status} = 'sent' and ${outbox.delivery} in ('delivered', 'read'))::int`,
      read: sql<number>`count(*) filter (where ${outbox.status} = 'sent' and ${outbox.delivery} = 'read')::int`,
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed' or ${outbox.delivery} = 'failed')::int`,
      skipped: sql<number>`count(*) filter (where ${outbox.status} = 'skipped')::int`,
      kept: sql<number>`count(*) filter (where ${outbox.status} = 'kept')::int`,
    })
    .from(outbox)
    .where(eq(outbox.broadcastId, id));
  const n = (k: keyof BroadcastProgress) => Number(row?.[k] ?? 0);
  return {
    total: n('total'),
    queued: n('queued'),
    sent: n('sent'),
    delivered: n('delivered'),
    read: n('read'),
    failed: n('failed'),
    skipped: n('skipped'),
    kept: n('kept'),
  };
}

/**
 * Staff broadcasts as the back-office lists and shows them (admins and sub-admins). Writes are not
 * the generic resource's: composing, changing, cancelling and retrying go through BroadcastsService
 * (broadcasts.controller.ts), which owns their rules.
 */
export const broadcastsResource = defineResource<Broadcast>({
  name: 'broadcasts',
  shapes: { record: 'BroadcastRecord', detail: 'BroadcastDetail' },
  table: broadcasts,
  id: broadcasts.id,
  roles: { read: ['admin', 'sub_admin'] },
  search: [broadcasts.subjectAr, broadcasts.subjectEn, broadcasts.createdByName],
  sort: { created_at: broadcasts.createdAt, send_at: broadcasts.sendAt, state: broadcasts.state },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    state: { type: 'choice', choices: BROADCAST_STATES, where: (v) => eq(broadcasts.state, v as BroadcastState) },
    send_at: { column: broadcasts.sendAt, type: 'date' },
  },
  toRecord: broadcastRecord,
  detail: async (row, db): Promise<Omit<BroadcastDetail, keyof BroadcastRecord>> => ({
    progress: await progressOf(db, row.id),
  }),
});

/** The outbox condition of a recipient's state (as recipientState words it). */
function stateIs(state: RecipientState): SQL {
  const failed = or(eq(outbox.status, 'failed'), eq(outbox.delivery, 'failed'))!;
  const notFailed = sql`${outbox.delivery} is distinct from 'failed'`;
  switch (state) {
    case 'failed':
      return failed;
    case 'queued':
      return and(eq(outbox.status, 'pending'), notFailed)!;
    case 'skipped':
      return eq(outbox.status, 'skipped');
    case 'kept':
      return eq(outbox.status, 'kept');
    case 'read':
      return and(eq(outbox.status, 'sent'), eq(outbox.delivery, 'read'))!;
    case 'delivered':
      return and(eq(outbox.status, 'sent'), eq(outbox.delivery, 'delivered'))!;
    case 'sent':
      return and(eq(outbox.status, 'sent'), sql`(${outbox.delivery} is null or ${outbox.delivery} = 'sent')`)!;
  }
}

type RecipientRow = { outbox: typeof outbox.$inferSelect; users: typeof users.$inferSelect | null };

/** A broadcast's messages, one per recipient, with their state (`filter={"broadcast": id}`). */
export const broadcastRecipientsResource = defineResource<RecipientRow>({
  name: 'broadcast-recipients',
  shapes: { record: 'BroadcastRecipientRecord' },
  table: outbox,
  id: outbox.id,
  joins: [[users, eq(users.id, outbox.userId)]],
  roles: { read: ['admin', 'sub_admin'] },
  scope: isNotNull(outbox.broadcastId),
  search: [outbox.to, users.name],
  sort: { to: outbox.to, created_at: outbox.createdAt, sent_at: outbox.sentAt, lang: outbox.lang },
  defaultSort: ['created_at', 'ASC'],
  filters: {
    broadcast: { column: outbox.broadcastId, type: 'uuid' },
    channel: { type: 'choice', choices: ['whatsapp', 'email'], where: (v) => eq(outbox.channel, v as 'email') },
    state: { type: 'choice', choices: RECIPIENT_STATES, where: (v) => stateIs(v as RecipientState) },
    lang: { type: 'choice', choices: ['ar', 'en'], where: (v) => eq(outbox.lang, v as 'ar') },
    guardian: {
      type: 'bool',
      where: (v) =>
        v ? eq(outbox.to, users.guardianPhone) : sql`${outbox.to} is distinct from ${users.guardianPhone}`,
    },
  },
  toRecord: ({ outbox: o, users: u }): BroadcastRecipientRecord => ({
    id: o.id,
    broadcast: o.broadcastId!,
    user_id: o.userId,
    user_name: u?.name ?? null,
    guardian: !!u && o.to === u.guardianPhone,
    channel: o.channel,
    to: o.to,
    lang: o.lang === 'ar' ? 'ar' : 'en',
    state: recipientState(o.status, o.delivery),
    attempts: o.attempts,
    last_error: o.lastError,
    sent_at: o.sentAt?.toISOString() ?? null,
    delivery_at: o.deliveryAt?.toISOString() ?? null,
  }),
});
