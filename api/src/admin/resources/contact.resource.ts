import type { ContactDetail, ContactRecord } from '@platform/contract';
import { asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { contactMessages, contactReplies } from '../../db/schema';
import { Bool } from '../../common/dto';
import { contactReplyRecord } from '../contact/contact-reply.service';
import { defineResource } from '../resource';

type Row = typeof contactMessages.$inferSelect;

/** A message marked read or unread by hand. */
class ContactMarkDto {
  @Bool() read?: boolean;
}

/** Messages from the public contact form; opening one marks it read. Replies: ContactReplyController. */
export const contactResource = defineResource<Row, ContactMarkDto>({
  name: 'contactus',
  shapes: { record: 'ContactRecord', detail: 'ContactDetail' },
  table: contactMessages,
  id: contactMessages.id,
  roles: { read: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [contactMessages.name, contactMessages.email, contactMessages.phone, contactMessages.message],
  sort: {
    created_at: contactMessages.createdAt,
    name: contactMessages.name,
    email: contactMessages.email,
    // Unread first: sort=["unread","DESC"].
    unread: sql`(${contactMessages.readAt} is null)`,
  },
  defaultSort: ['unread', 'DESC'],
  filters: {
    read: {
      type: 'bool',
      where: (read) => (read ? isNotNull(contactMessages.readAt) : isNull(contactMessages.readAt)),
    },
    created_at: { column: contactMessages.createdAt, type: 'date' },
  },
  // Marked read or unread by hand (one or many at once).
  input: { update: ContactMarkDto },
  async update({ read }) {
    if (read === undefined) return {};
    return { readAt: read ? new Date() : null };
  },
  toRecord: (m): ContactRecord => ({
    id: m.id,
    _id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    message: m.message,
    read: m.readAt !== null,
    created_at: m.createdAt.toISOString(),
  }),
  async detail(m, db): Promise<Pick<ContactDetail, 'read' | 'reply'>> {
    if (!m.readAt) await db.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, m.id));
    const replies = await db
      .select()
      .from(contactReplies)
      .where(eq(contactReplies.messageId, m.id))
      .orderBy(asc(contactReplies.createdAt));
    return {
      read: true,
      reply: replies.map(contactReplyRecord),
    };
  },
});
