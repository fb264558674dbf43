import { isNull, type SQL } from 'drizzle-orm';
import { users } from '../db/schema';

/**
 * Whether a member may be sent a `marketing` message (the plan and registration reminders, and
 * staff's announcements), as a condition on the `users` row: the one check point every query that
 * picks recipients of such messages includes. A member who unsubscribed (an e-mail's link, or the
 * account settings: api/src/messaging) may not; the outbox worker also skips a queued one.
 */
export function mayMarket(): SQL {
  return isNull(users.unsubscribedAt);
}
