import { asc, eq, sql } from 'drizzle-orm';
import { contactMessages, contactReplies } from '../../db/schema';
import { defineResource } from '../resource';

type Row = typeof contactMessages.$inferSelect;

/** Messages from the public contact form; opening one marks it read. Replies: ContactReplyController. */
export const contactResource = defineResource<Row>({
  name: 'contactus',
  table: contactMessages,
  id: contactMessages.id,
  roles: { read: ['admin'], delete: ['admin'] },
  search: [contactMessages.name, contactMessages.email, contactMessages.phone, contactMessages.message],
  sort: {
    created_at: contactMessages.createdAt,
    name: contactMessages.name,
    email: contactMessages.email,
    // Unread first: sort=["unread","DESC"].
    unread: sql`(${contactMessages.readAt} is null)`,
  },
  defaultSort: ['unread', 'DESC'],
  toRecord: (m) => ({
    id: m.id,
    _id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    message: m.message,
    read: m.readAt !== null,
    created_at: m.createdAt,
  }),
  async detail(m, db) {
    if (!m.readAt) await db.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, m.id));
    const replies = await db
      .select()
      .from(contactReplies)
      .where(eq(contactReplies.messageId, m.id))
      .orderBy(asc(contactReplies.createdAt));
    return {
      read: true,
      reply: replies.map((r) => ({ _id: r.id, message: r.body, author: r.authorName, created_at: r.createdAt })),
    };
  },
});
