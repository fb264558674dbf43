/** The outbox as staff see it: every message the platform sent or tries to send. */

export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * pending → sent | failed (given up, or refused for good) | kept (no provider: development only) |
 * skipped (an announcement or reminder to someone who unsubscribed after it was queued).
 */
export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'kept', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What the provider reported after sending (WhatsApp's status webhooks); `none` filters for no report. */
export const MESSAGE_DELIVERIES = ['sent', 'delivered', 'read', 'failed'] as const;
export type MessageDelivery = (typeof MESSAGE_DELIVERIES)[number];

/** A message as the back-office lists it (`/api/admin/messages`). Dates are ISO strings. */
export type OutboxMessageRecord = {
  id: string;
  channel: MessageChannel;
  /** E.164 phone or e-mail address. */
  to: string;
  /** The member it is for or about (a guardian's message: the child), and their name. */
  user_id: string | null;
  user_name: string | null;
  /** The catalogue's kind (team_approved…); the back-office names it in its language. */
  kind: string;
  lang: 'ar' | 'en';
  category: 'authentication' | 'utility' | 'marketing';
  status: MessageStatus;
  delivery: MessageDelivery | null;
  delivery_at: string | null;
  attempts: number;
  /** Why it failed (the provider's code and words), or why the last try did. */
  last_error: string | null;
  subject: string;
  /** The text as sent; null for a one-time code, which is never shown. */
  body: string | null;
  created_at: string;
  sent_at: string | null;
  /** Whether staff may send it again: it failed, and it is not a one-time code. */
  can_resend: boolean;
};

/** The answer of sending a test message from the back-office: whether the provider took it, and why not. */
export type TestMessageResult = {
  success: boolean;
  status: MessageStatus;
  message: string;
  id: string;
};
