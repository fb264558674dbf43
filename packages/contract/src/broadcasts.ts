import type { MemberType } from './accounts.js';
import type { SubscriptionState } from './entitlement.js';
import type { TeamState } from './team-lifecycle.js';

/**
 * Staff messaging (issue 30): a broadcast is one message written by staff in Arabic and English and
 * sent to a segment of members (or the guardians of the minors among them), each person once, in
 * their own language, by WhatsApp or e-mail, through the outbox at the providers' rate.
 */

/** The channels a broadcast may use. Each person gets one message: by WhatsApp when it is chosen and they have a phone, else by e-mail. */
export const BROADCAST_CHANNELS = ['whatsapp', 'email'] as const;
export type BroadcastChannel = (typeof BROADCAST_CHANNELS)[number];

/**
 * scheduled: waiting for its time (send now is a schedule for now), editable and cancellable;
 * preparing: its messages are being written to the outbox, in batches; queued: every message is in
 * the outbox (the outbox sends them at the providers' rate); cancelled: stopped before it began.
 */
export const BROADCAST_STATES = ['scheduled', 'preparing', 'queued', 'cancelled'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

/** Who receives it: the members the filters match, or the guardians of the minors among them (on the guardian's phone). */
export const BROADCAST_AUDIENCES = ['members', 'guardians'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/**
 * The filters staff already use on the users and teams lists. Each one given narrows the segment;
 * the team filters (season, competition, team state, paid) keep people who are in such a team
 * (as a member, coach or entity, not having declined).
 */
export interface BroadcastSegment {
  audience: BroadcastAudience;
  /** Member type: 0 student, 1 coach, 2 entity; null: any. */
  type?: MemberType | null;
  /** Plan state on the platform's clock (the users list's filter). */
  subscription?: SubscriptionState | null;
  /** A plan that is active and ends within this many days from today (0: ends today). */
  expires_within?: number | null;
  region?: string | null;
  season?: string | null;
  competition?: string | null;
  team_state?: TeamState | null;
  /** The team's fee paid (true) or not (false). */
  paid?: boolean | null;
}

/**
 * A sub-admin cannot send to everyone: a sub-admin's segment names a competition, a season or a
 * region (the API refuses anything broader, and the back-office says so before sending).
 */
export const SUB_ADMIN_SCOPE_FILTERS = ['competition', 'season', 'region'] as const;
export const segmentIsScoped = (segment: Partial<BroadcastSegment>): boolean =>
  SUB_ADMIN_SCOPE_FILTERS.some((key) => !!segment[key]);

/**
 * Whom a segment reaches, computed on the server before sending: `matched` accounts (members, or
 * minors whose guardians are the audience); `messages` = `whatsapp` + `email` (one per phone or
 * e-mail address, however many accounts share it); `unreachable`: matched accounts with no address
 * on the chosen channels; `unsubscribed`: matched accounts that turned announcements off.
 */
export interface BroadcastReach {
  matched: number;
  messages: number;
  whatsapp: number;
  email: number;
  unreachable: number;
  unsubscribed: number;
}

/** A broadcast's messages as they go: each count includes the later states (sent ⊇ delivered ⊇ read). */
export interface BroadcastProgress {
  /** Messages written to the outbox. */
  total: number;
  /** Waiting in the outbox (not sent yet, or waiting for a retry). */
  queued: number;
  /** Accepted by the provider (WhatsApp or the mail server), delivered and read included. */
  sent: number;
  /** WhatsApp reported it delivered (read included). */
  delivered: number;
  /** WhatsApp reported it read. */
  read: number;
  /** Refused for good, given up after retries, or reported failed by WhatsApp. */
  failed: number;
  /** Not sent: the person turned announcements off after the broadcast was prepared. */
  skipped: number;
  /** Kept without a provider (development only). */
  kept: number;
}

/** One language's text as each channel carries it (the preview). */
export interface BroadcastRendered {
  subject: string;
  /** The e-mail's text (the full text). */
  email: string;
  /** The WhatsApp template message as the member reads it (the text on one line). */
  whatsapp: string;
}

/** `POST /api/admin/broadcasts/preview`: whom it reaches and how it reads in each language. */
export interface BroadcastPreview {
  reach: BroadcastReach;
  rendered: { ar: BroadcastRendered; en: BroadcastRendered };
}

/** A broadcast as the back-office lists and shows it (`/api/admin/broadcasts`). Dates are ISO strings. */
export type BroadcastRecord = {
  id: string;
  subject_ar: string;
  subject_en: string;
  body_ar: string;
  body_en: string;
  channels: BroadcastChannel[];
  segment: BroadcastSegment;
  state: BroadcastState;
  /** When it is (or was) due to go, on the platform's clock when shown. */
  send_at: string;
  created_by_name: string;
  created_at: string;
  /** Whom it reached when it was saved (the preview's figures). */
  reach: BroadcastReach | null;
  /** Messages written to the outbox so far. */
  total: number;
  /** When its last message was written to the outbox. */
  queued_at: string | null;
  cancelled_at: string | null;
  cancelled_by_name: string | null;
};

/** One broadcast (`GET /api/admin/broadcasts/:id`): the record and its messages' progress. */
export type BroadcastDetail = BroadcastRecord & { progress: BroadcastProgress };

/** A message's state as staff follow it: the outbox's status and WhatsApp's delivery report in one word. */
export const RECIPIENT_STATES = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped', 'kept'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export function recipientState(status: string, delivery: string | null): RecipientState {
  if (status === 'failed' || delivery === 'failed') return 'failed';
  if (status === 'skipped') return 'skipped';
  if (status === 'kept') return 'kept';
  if (status === 'pending') return 'queued';
  if (delivery === 'read') return 'read';
  if (delivery === 'delivered') return 'delivered';
  return 'sent';
}

/** One recipient of a broadcast (`/api/admin/broadcast-recipients?filter={"broadcast":id}`). */
export type BroadcastRecipientRecord = {
  id: string;
  broadcast: string;
  /** The account the message is for or about (a guardian's message: the child's); null once deleted. */
  user_id: string | null;
  user_name: string | null;
  /** true: sent to the guardian's phone (a minor's guardian, or a family phone the student shares). */
  guardian: boolean;
  channel: BroadcastChannel;
  to: string;
  lang: 'ar' | 'en';
  state: RecipientState;
  attempts: number;
  /** Why it failed (the provider's words), for staff. */
  last_error: string | null;
  sent_at: string | null;
  delivery_at: string | null;
};
