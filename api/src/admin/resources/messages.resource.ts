import {
  MESSAGE_CHANNELS,
  MESSAGE_DELIVERIES,
  MESSAGE_STATUSES,
  toAsciiDigits,
  type OutboxMessageRecord,
} from '@platform/contract';
import { eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { normalizePhone } from '../../accounts/reference';
import { likePattern } from '../../common/like-pattern';
import { outbox, users } from '../../db/schema';
import { MESSAGES } from '../../outbox/templates';
import { defineResource } from '../resource';

type Row = { outbox: typeof outbox.$inferSelect; users: typeof users.$inferSelect | null };

/**
 * The recipient a person typed: an e-mail address (or a part of one); a phone number in any of the
 * forms people write it (05…, 5…, 9665…, +9665…, 009665…, Arabic-Indic digits, spaces) matched as
 * the E.164 number the outbox stores; other digits as a part of the number.
 */
function recipientIs(value: string): SQL {
  const typed = toAsciiDigits(value).trim();
  if (typed.includes('@')) return ilike(outbox.to, likePattern(typed));
  const phone = normalizePhone(typed);
  if (phone) return eq(outbox.to, phone);
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  return ilike(outbox.to, likePattern(digits || typed));
}

/** A message may be sent again when it failed (given up, refused, or reported failed), unless it is a one-time code. */
export const resendable = (m: typeof outbox.$inferSelect) =>
  m.category !== 'authentication' && (m.status === 'failed' || m.delivery === 'failed');

/**
 * The outbox, read-only, for admins (sub-admins see members, not the messages staff and members
 * exchange): who got what, in which language, and how far it went. A one-time code's text is never
 * shown. Sending a failed message again: MessagesAdminController.
 */
export const messagesResource = defineResource<Row>({
  name: 'messages',
  shapes: { record: 'OutboxMessageRecord' },
  table: outbox,
  id: outbox.id,
  joins: [[users, eq(users.id, outbox.userId)]],
  roles: { read: ['admin'] },
  search: [outbox.to, outbox.subject],
  sort: {
    created_at: outbox.createdAt,
    to: outbox.to,
    kind: outbox.kind,
    status: outbox.status,
    delivery: outbox.delivery,
    attempts: outbox.attempts,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    to: { type: 'text', where: (v) => recipientIs(String(v)) },
    user_id: { column: outbox.userId, type: 'uuid' },
    kind: { type: 'choice', choices: Object.keys(MESSAGES), where: (v) => eq(outbox.kind, v) },
    channel: { type: 'choice', choices: MESSAGE_CHANNELS, where: (v) => eq(outbox.channel, v as 'email') },
    status: { type: 'choice', choices: MESSAGE_STATUSES, where: (v) => eq(outbox.status, v as 'sent') },
    delivery: {
      type: 'choice',
      choices: [...MESSAGE_DELIVERIES, 'none'],
      where: (v) => (v === 'none' ? isNull(outbox.delivery) : eq(outbox.delivery, v as 'sent')),
    },
    lang: { type: 'choice', choices: ['ar', 'en'], where: (v) => eq(outbox.lang, v as 'ar') },
    created_at: { column: outbox.createdAt, type: 'date' },
  },
  toRecord: ({ outbox: m, users: u }): OutboxMessageRecord => ({
    id: m.id,
    channel: m.channel,
    to: m.to,
    user_id: m.userId,
    user_name: u?.name ?? null,
    kind: m.kind,
    lang: m.lang,
    category: m.category,
    status: m.status,
    delivery: m.delivery ?? null,
    delivery_at: m.deliveryAt?.toISOString() ?? null,
    attempts: m.attempts,
    last_error: m.lastError,
    subject: m.subject,
    // A one-time code is never shown, not even while it waits to go out.
    body: m.category === 'authentication' ? null : m.body,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    can_resend: resendable(m),
  }),
});
