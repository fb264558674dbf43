import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a member may be sent a `marketing` message (the plan and registration reminders, and later
 * staff's announcements), as a condition on the `users` row: the one check point every query that
 * picks recipients of such messages includes. Every member may today; when members can unsubscribe
 * (issue 30, broadcasts), this condition reads their choice and every reminder follows it.
 */
export function mayMarket(): SQL {
  return sql`true`;
}
