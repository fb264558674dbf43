import type {
  BuyerAddress,
  OrderBuyer,
  BroadcastChannel,
  BroadcastReach,
  BroadcastSegment,
  BroadcastState,
  DataExportState,
  DeletionState,
  CertificateKind,
  CertificateSignature,
  CertificateState,
  CorrectionState,
  DurationType,
  Education,
  EntityKind,
  EventRole,
  InvitationState,
  JudgeStatus,
  Language,
  LibraryFileType,
  PlanSnapshot,
  PlanType,
  PostType,
  RankingRules,
  Supervisor,
  TeamRole,
  TeamState,
} from '@platform/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const trgm = (col: string) => sql.raw(`"${col}" gin_trgm_ops`);

export const regions = pgTable('regions', {
  id: id(),
  code: text('code').notNull().unique(),
  enName: text('en_name').notNull(),
  arName: text('ar_name').notNull(),
});

export type { Education, PlanSnapshot, Supervisor };

/** Types: 0 student, 1 coach, 2 entity, 4 admin, 5 sub-admin. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    nationalId: text('national_id'),
    phoneNumber: text('phone_number'),
    /**
     * The phone number as a CSV cell (`csv_safe`: "+9665…" is written ="+9665…" so a spreadsheet keeps
     * it as text), worked out once per write instead of once per row of every export: the cell's
     * regular expression was the dearest part of a million-row export. Read only by exports. A
     * migration that changes csv_safe must also rewrite it (`update users set phone_number = phone_number`).
     */
    phoneNumberCsv: text('phone_number_csv').generatedAlwaysAs(sql`csv_safe(phone_number)`),
    picture: text('picture'),
    type: smallint('type').notNull().default(0),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Admin status: a disabled account cannot sign in and its sessions end. */
    isActive: boolean('is_active').notNull().default(true),
    subscription: boolean('subscription').notNull().default(false),
    startDate: date('start_date'),
    endDate: date('end_date'),
    plan: jsonb('plan').$type<PlanSnapshot>(),
    /** The external provider's user id (the contract's `steb_user_id`). */
    externalUserId: text('external_user_id'),
    refereeJudge: boolean('referee_judge').notNull().default(false),
    /** The contract's state: 'None' (has not applied), 'Refree' (referee, as the contract spells it) or 'Judge'; compared, never shown. */
    applyAs: text('apply_as').notNull().default('None'),
    dob: date('dob'),
    gender: text('gender'),
    nationality: text('nationality'),
    regionId: uuid('region_id').references(() => regions.id, { onDelete: 'set null' }),
    city: text('city'),
    entityType: text('entity_type'),
    /** The kind of organisation (contract ENTITY_KINDS), chosen at sign-up; null: unknown (signed up before it was asked). */
    entityKind: text('entity_kind').$type<EntityKind>(),
    /** Entities: the VAT number (15 digits, first and last 3) when VAT-registered; a standard invoice's buyer ID. */
    taxId: text('tax_id'),
    crNumber: text('cr_number'),
    /** Entities: the legal name a standard tax invoice names (null: the account's name). */
    legalName: text('legal_name'),
    /** Entities: the national address a standard tax invoice needs (never queried on its own). */
    address: jsonb('address').$type<BuyerAddress>(),
    /** A student's guardian; null for others (the old contract's 'None' filler is never stored). */
    guardianName: text('guardian_name'),
    guardianPhone: text('guardian_phone'),
    education: jsonb('education').$type<Education>(),
    supervisor: jsonb('supervisor').$type<Supervisor>(),
    /**
     * The language of every message to this person (and to a student's guardian): set at sign-up from
     * the page's language, changed in the account settings or by staff (docs/decisions/015-member-language.md).
     */
    language: text('language').$type<Language>().notNull().default('en'),
    /** false: the language was guessed (an account from before it was asked, or created by staff without one). */
    languageChosen: boolean('language_chosen').notNull().default(false),
    /** When the member accepted the terms and privacy policy at sign-up, and which version (the policies' updated_at). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    /** When the guardian's consent was confirmed at the sign-up of a student under 18. */
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    /** The member's "Show my public profile" switch; null until chosen: off for a minor, on for an adult. */
    publicProfile: boolean('public_profile'),
    /**
     * A member's own sign-up still waiting for the phone to be verified: past this moment it is removed
     * and its national ID and e-mail are free again (UNVERIFIED_HOURS; accounts/pending-signups.ts).
     * null: not waiting (verified, or made by staff, who verify by hand).
     */
    verifyBy: timestamp('verify_by', { withTimezone: true }),
    /** Staff: a generated or admin-set password, to be changed before anything else (the API refuses other calls). */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    /** Staff: when two-factor sign-in (TOTP) was turned on; null while off. The secret is in staff_two_factor. */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /**
     * When the member turned announcements and reminders off (the `marketing` messages: a link in such
     * an e-mail, or the account settings); null: they arrive. Codes and notices always do.
     */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /**
     * When the account was deleted at its owner's request (api/src/privacy): its personal data is gone,
     * the row stays for the invoices, team results and audit entries that point to it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_verify_by_idx')
      .on(t.verifyBy)
      .where(sql`${t.verifyBy} IS NOT NULL`),
    // Whether an account names an uploaded picture (the retention job's unattached uploads).
    index('users_picture_idx')
      .on(t.picture)
      .where(sql`${t.picture} IS NOT NULL`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // Entities share the placeholder national ID of ten zeros.
    uniqueIndex('users_national_id_unique')
      .on(t.nationalId)
      .where(sql`${t.nationalId} <> '0000000000'`),
    index('users_type_idx').on(t.type, t.createdAt),
    // Keyset paging of CSV exports: (created_at, id) > (last seen).
    index('users_created_id_idx').on(t.createdAt, t.id),
    index('users_name_trgm').using('gin', trgm('name')),
    index('users_email_trgm').using('gin', trgm('email')),
    index('users_national_id_trgm').using('gin', trgm('national_id')),
    index('users_phone_trgm').using('gin', trgm('phone_number')),
    // The plan reminders find the members whose plan ends on a day (api/src/reminders).
    index('users_end_date_idx').on(t.endDate),
  ],
);

/** A signed-in session; the JWT names its row, so deleting or revoking the row ends it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The session's last authenticated call (kept for staff: an idle staff session ends, STAFF_IDLE_MINUTES). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // The retention job's deletes of ended sessions.
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} IS NOT NULL`),
  ],
);

/**
 * A staff member's authenticator-app secret (TOTP), encrypted (AES-256-GCM, auth/secret-box.ts). A row
 * without confirmed_at is an enrolment waiting for its first code; last_step is the last time step
 * accepted, so a code is used once.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes of two-factor sign-in, stored as SHA-256 hashes (they are random, not chosen). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code').on(t.userId, t.codeHash)],
);

/** Counters for rate limits, shared by every API instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * Files stored by an upload that a later save attaches (the back-office's picture upload answers a
 * path the user or admin form then saves): the retention job removes those no record names after
 * RETENTION_UPLOAD_HOURS (media/unattached.ts).
 */
export const unattachedUploads = pgTable(
  'unattached_uploads',
  {
    path: text('path').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('unattached_uploads_created_idx').on(t.createdAt)],
);

/**
 * When each scheduled job (retention) may run next, shared by every API process: the process that
 * moves `next_run_at` forward runs the pass, the others skip it (a lease, so a pass runs once
 * however many processes run).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** What the last finished pass did (rows removed per kind), for the operator. */
  lastResult: jsonb('last_result').$type<Record<string, number>>(),
});

export const settings = pgTable('settings', {
  id: id(),
  siteName: text('site_name').notNull().unique(),
  siteCopyright: text('site_copyright').notNull().default(''),
  privacy: text('privacy').notNull().default(''),
  privacyEn: text('privacy_en').notNull().default(''),
  termsConditions: text('terms_conditions').notNull().default(''),
  termsConditionsEn: text('terms_conditions_en').notNull().default(''),
  updatedAt: updatedAt(),
});

export const plans = pgTable('plans', {
  id: id(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  description: text('description').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  originalPrice: numeric('original_price', { precision: 12, scale: 2 }).notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  currency: text('currency').notNull().default('SAR'),
  duration: integer('duration').notNull(),
  durationType: text('duration_type').$type<DurationType>().notNull(),
  type: text('type').$type<PlanType>().notNull(),
  subtype: text('subtype').notNull().default(''),
  status: boolean('status').notNull().default(true),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const events = pgTable(
  'events',
  {
    id: id(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    link: text('link').notNull().default(''),
    type: text('type').notNull().default('wro'),
    /**
     * An external results site (its `/api/{type}/get-teams` is read by the API); null means this
     * platform holds the event's teams and results.
     */
    resultsUrl: text('results_url'),
    eventDate: timestamp('event_date', { withTimezone: true }),
    status: boolean('status').notNull().default(true),
    homeStatus: boolean('home_status').notNull().default(false),
    countdownStarted: boolean('countdown_started').notNull().default(false),
    /** Where it takes place, in each language; null when not said. */
    place: text('place'),
    placeEn: text('place_en'),
    /** Its picture: a path of the media library's images; null for none. */
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [index('events_date_idx').on(t.eventDate)],
);

export const announcements = pgTable('announcements', {
  id: id(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  link: text('link').notNull().default(''),
  status: boolean('status').notNull().default(true),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  status: boolean('status').notNull().default(true),
  createdAt: createdAt(),
});

export const posts = pgTable(
  'posts',
  {
    id: id(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    slug: text('slug').notNull().unique(),
    /** post or video */
    type: text('type').$type<PostType>().notNull().default('post'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    shortDesc: text('short_desc').notNull().default(''),
    shortDescEn: text('short_desc_en').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    image: text('image'),
    galleries: jsonb('galleries').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<string[]>().notNull().default([]),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('posts_status_created_idx').on(t.status, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

/**
 * Every e-mail and WhatsApp message, written in the same transaction as the change that causes it
 * and delivered by the outbox worker with retries. A message is a kind of the catalogue
 * (api/src/outbox/templates.ts) in a language with its values (`params`, the WhatsApp template's
 * parameters); `subject` and `body` are its text, as e-mailed and as staff read it.
 * status: pending → sent | failed (gave up, or refused for good) | kept (no provider: development only)
 * | skipped (a `marketing` message to someone who unsubscribed since it was queued).
 * delivery: what the provider reported afterwards (WhatsApp's status webhooks): sent → delivered → read, or failed.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel').$type<'email' | 'whatsapp'>().notNull(),
    to: text('to').notNull(),
    /** The member the message is for or about (a guardian's message: the child); null for a stranger. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default(''),
    lang: text('lang').$type<'ar' | 'en'>().notNull().default('en'),
    category: text('category').$type<'authentication' | 'utility' | 'marketing'>().notNull().default('utility'),
    params: jsonb('params').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'kept' | 'skipped'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's id for the message (WhatsApp's `wamid.…`), to match its status webhooks. */
    providerId: text('provider_id'),
    delivery: text('delivery').$type<'sent' | 'delivered' | 'read' | 'failed'>(),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    /** The staff broadcast this message is one of (api/src/messaging). */
    broadcastId: uuid('broadcast_id').references((): AnyPgColumn => broadcasts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // One message per broadcast and address, however many accounts share the phone or e-mail, and
    // however many workers prepare the broadcast at once.
    uniqueIndex('outbox_broadcast_to_unique')
      .on(t.broadcastId, t.to)
      .where(sql`${t.broadcastId} IS NOT NULL`),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_user_idx').on(t.userId, t.createdAt),
    index('outbox_provider_id_idx').on(t.providerId),
    // Delivered or given-up messages that still hold their text: what the retention job blanks.
    index('outbox_text_kept_idx')
      .on(t.createdAt)
      .where(
        sql`${t.status} IN ('sent', 'failed') AND (${t.body} <> '' OR ${t.html} IS NOT NULL OR ${t.params} <> '[]'::jsonb)`,
      ),
    // Staff look up a person's messages by their number or address.
    index('outbox_to_idx').on(t.to, t.createdAt),
  ],
);

/**
 * WhatsApp statuses that arrived before the send's answer was saved (Meta may post `sent` before the
 * worker has written the wamid): kept here and applied when the message's wamid is saved
 * (api/src/outbox/deliveries.ts). A status of a message the platform never sent is dropped by the
 * retention job after RETENTION_MESSAGE_DAYS.
 */
export const earlyDeliveries = pgTable(
  'early_deliveries',
  {
    wamid: text('wamid').notNull(),
    status: text('status').$type<'sent' | 'delivered' | 'read' | 'failed'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.wamid, t.status] }), index('early_deliveries_received_idx').on(t.receivedAt)],
);

/** One-time codes, one live code per account and purpose; stored as an HMAC, never in clear. */
export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * verify: the first phone; phone: a new phone replacing a verified one; reset: the password;
     * claim: someone proving the phone or e-mail of an unverified sign-up to take its national ID over.
     */
    purpose: text('purpose').$type<'verify' | 'phone' | 'reset' | 'claim'>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** Where the code went (E.164 phone or e-mail), e.g. the phone that becomes the account's on success. */
    target: text('target').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Codes sent since `sendsSince` (a one-hour window), for RATE_LIMIT_CODES. */
    sends: integer('sends').notNull().default(1),
    sendsSince: timestamp('sends_since', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verifications_user_purpose').on(t.userId, t.purpose)],
);

export const skills = pgTable(
  'skills',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('skills_user_idx').on(t.userId, t.createdAt)],
);

export interface StoredFile {
  path: string;
  name: string;
  size: number;
}

/** A member's application to serve as a judge or referee (the old `investJR`). */
export const judgeApplications = pgTable(
  'judge_applications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationName: text('organization_name').notNull(),
    city: text('city').notNull(),
    /** 'Refree' (referee, as the contract spells it) or 'Judge' */
    applyAs: text('apply_as').notNull(),
    /** yes or no */
    previousExperience: text('previous_experience').notNull(),
    certificates: jsonb('certificates').$type<StoredFile[]>().notNull().default([]),
    status: text('status').$type<JudgeStatus>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('judge_applications_user_idx').on(t.userId), index('judge_applications_created_idx').on(t.createdAt)],
);

/**
 * A certificate awarded to a member. Issued ones (issue 33) carry their kind, competition, season and
 * team, a short public `code` (the verification page's) and their state; their PDF is drawn on demand
 * for the holder or staff. `legacy` rows (seeded, from before issuing) keep a public `file`.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    issuedOn: date('issued_on').notNull(),
    file: text('file'),
    kind: text('kind').$type<CertificateKind>().notNull().default('legacy'),
    /** A special award's name (kind award), else empty; part of what makes a certificate one of a kind. */
    award: text('award').notNull().default(''),
    awardEn: text('award_en').notNull().default(''),
    seasonId: uuid('season_id').references(() => seasons.id, { onDelete: 'restrict' }),
    competitionId: uuid('competition_id').references(() => competitions.id, { onDelete: 'restrict' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** Ten characters of Crockford's base 32, printed and in the QR's link; null for legacy rows. */
    code: text('code').unique(),
    state: text('state').$type<CertificateState>().notNull().default('valid'),
    revokedReason: text('revoked_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByName: text('revoked_by_name'),
    /** The federation that issued it, as named then in both languages. */
    issuerName: text('issuer_name'),
    issuerNameEn: text('issuer_name_en'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedByName: text('issued_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('certificates_user_idx').on(t.userId, t.issuedOn),
    index('certificates_competition_idx').on(t.competitionId, t.seasonId, t.kind),
    // Issuing the same kind (and award) to the same person for the same competition of a season once.
    uniqueIndex('certificates_once_idx')
      .on(t.userId, t.kind, t.seasonId, t.competitionId, t.award)
      .where(sql`${t.kind} <> 'legacy'`),
  ],
);

/**
 * The look and wording of certificates: one per competition, or the default (competition null,
 * one at most). Pictures are media-library paths; the wording has {placeholders}.
 */
export const certificateTemplates = pgTable(
  'certificate_templates',
  {
    id: id(),
    competitionId: uuid('competition_id').references(() => competitions.id, { onDelete: 'cascade' }),
    background: text('background'),
    signatures: jsonb('signatures').$type<CertificateSignature[]>().notNull().default([]),
    wordingAr: text('wording_ar').notNull(),
    wordingEn: text('wording_en').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('certificate_templates_competition_idx').on(t.competitionId),
    uniqueIndex('certificate_templates_default_idx')
      .on(sql`(true)`)
      .where(sql`${t.competitionId} is null`),
  ],
);

/**
 * A bulk issue for a competition of a season: the job walks the competition's approved teams'
 * people (ordered by team_people.id, `cursor` the last done) in batches and issues what is missing.
 */
export const certificateRuns = pgTable('certificate_runs', {
  id: id(),
  seasonId: uuid('season_id')
    .notNull()
    .references(() => seasons.id, { onDelete: 'cascade' }),
  competitionId: uuid('competition_id')
    .notNull()
    .references(() => competitions.id, { onDelete: 'cascade' }),
  state: text('state').$type<'running' | 'done'>().notNull().default('running'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  issued: integer('issued').notNull().default(0),
  cursor: uuid('cursor'),
  issuedOn: date('issued_on').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A member's research: title, description and one document, kept outside the public uploads. */
export const research = pgTable(
  'research',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    file: jsonb('file').$type<StoredFile & { type: string }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('research_user_idx').on(t.userId, t.createdAt)],
);

/** A message from the public contact form; staff replies are kept in `contact_replies` and e-mailed. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const contactReplies = pgTable(
  'contact_replies',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);

/**
 * A member's request to correct their date of birth and/or grade (null: that field unchanged),
 * decided by staff. At most one open request per member (the partial unique index).
 */
export const profileCorrections = pgTable(
  'profile_corrections',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dob: date('dob'),
    grade: text('grade'),
    /** The member's short reason, shown to staff only (never put in a message). */
    reason: text('reason'),
    state: text('state').$type<CorrectionState>().notNull().default('open'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profile_corrections_one_open')
      .on(t.userId)
      .where(sql`${t.state} = 'open'`),
    index('profile_corrections_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * A payment order (the back-office's "transactions"). The customer and plan are copied in, so an
 * order stays readable after its user is deleted (shown as DELETED) or its plan archived.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** A team fee's team (order_type team_fee): paying sets the team's payment_status. */
    teamId: uuid('team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    plan: jsonb('plan').$type<PlanSnapshot>(),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    nationalId: text('national_id').notNull().default(''),
    /**
     * An organisation's order with everything a standard tax invoice needs (legal name, VAT number,
     * address), copied when opened; null: a simplified invoice (a person, or an entity without them).
     */
    buyer: jsonb('buyer').$type<OrderBuyer>(),
    /** subscription (a plan), renewal, team_fee (one team), or team_fees (a school's teams, one line each in order_lines) */
    orderType: text('order_type').notNull().default('subscription'),
    currency: text('currency').notNull().default('SAR'),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    /** card, apple_pay, mada, … as the provider reports it */
    method: text('method').notNull().default(''),
    /** pending | paid | declined | cancelled | expired | failed (the provider refused to start) | refunded */
    status: text('status').notNull().default('pending'),
    transactionRef: text('transaction_ref'),
    /** sandbox or telr: who holds the payment page for this order. */
    provider: text('provider').notNull().default('sandbox'),
    /** The provider's order reference (Telr's order.ref), asked again by the return page and reconciliation. */
    providerRef: text('provider_ref'),
    /** When the paid order extended the member's subscription; set once, in the same transaction. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The simplified tax invoice's number (INV-2026-000001), given in the activation transaction. */
    invoiceNumber: text('invoice_number'),
    /** The subscription period this order bought. */
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    /** The provider's payment object as received, for support. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    /** The provider's payment page, so a second tap on "Pay" opens the same one instead of a second order. */
    pageUrl: text('page_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt),
    index('orders_user_idx').on(t.userId),
    uniqueIndex('orders_transaction_ref_unique').on(t.transactionRef),
    uniqueIndex('orders_provider_ref_unique').on(t.provider, t.providerRef),
    uniqueIndex('orders_invoice_number_unique').on(t.invoiceNumber),
    // Reconciliation reads the pending orders only.
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // One open fee order per team: two taps or two tabs reach the same payment page.
    uniqueIndex('orders_team_fee_open')
      .on(t.teamId)
      .where(sql`${t.orderType} = 'team_fee' AND ${t.status} IN ('pending', 'held')`),
  ],
);

/**
 * One team's fee in a school's order for several teams (order_type team_fees): paying the order pays
 * each line's team; a refund of one line (refunds.team_id) gives that team's fee back, the others stay paid.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    teamNo: text('team_no').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_unique').on(t.orderId, t.position),
    uniqueIndex('order_lines_order_team_unique').on(t.orderId, t.teamId),
    index('order_lines_team_idx').on(t.teamId),
  ],
);

/**
 * Gap-free yearly document numbers: one row per kind (INV invoices, CN credit notes) and year (on
 * the platform's clock), whose `last` is raised inside the transaction that issues the document, so
 * a rolled-back issue gives its number back (a PostgreSQL sequence would leave a gap).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [uniqueIndex('document_counters_kind_year_unique').on(t.kind, t.year)],
);

/**
 * A refund of a paid order, in full or in part, with its credit note (CN-2026-000001). Written once
 * per refund, in the transaction that holds the order's row lock, after the provider accepted it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /**
     * pending: recorded and committed, the provider not yet answered (or its answer not yet
     * recorded); settled: the provider refunded it (credit note numbered); failed: the provider
     * refused it (nothing was refunded), with its reason. See decision record 022.
     */
    status: text('status').$type<'pending' | 'settled' | 'failed'>().notNull().default('settled'),
    /** The provider's reference of the refund transaction. */
    providerRef: text('provider_ref'),
    /** Numbered when settled: a refused refund leaves no gap in the credit notes. */
    creditNoteNumber: text('credit_note_number'),
    /** The provider's reason for refusing it (or for the last refusal of a refund the platform owes). */
    failureReason: text('failure_reason'),
    /** When a call to the provider began and has no answer recorded yet (null: no call in flight). */
    attemptAt: timestamp('attempt_at', { withTimezone: true }),
    /** When the provider's refund was recorded: the credit note's date. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Whether the admin asked to end the subscription even for a part refund (applied when settled). */
    endRequested: boolean('end_requested').notNull().default(false),
    /** The client's Idempotency-Key: a retried request answers the refund already made. */
    idempotencyKey: text('idempotency_key'),
    /** A refund of one line of a school's order for several teams: that line's team (null: the order itself). */
    teamId: uuid('team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    /** Whether this refund ended the subscription the order gave. */
    endedSubscription: boolean('ended_subscription').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_idx').on(t.createdAt),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    uniqueIndex('refunds_credit_note_unique').on(t.creditNoteNumber),
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
  ],
);

/**
 * The member site's pending payment record (spec §3 "order/season record", routes /api/seasons/):
 * saved before the browser leaves for the payment page, read and deleted on return.
 */
export const pendingPayments = pgTable(
  'pending_payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('telr'),
    ref: text('ref').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_payments_order_unique').on(t.orderId)],
);

/** The built-in sandbox provider's hosted payments (used when Telr is not configured). */
export const sandboxPayments = pgTable('sandbox_payments', {
  ref: text('ref').primaryKey(),
  cartId: text('cart_id').notNull().unique(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  /** Telr's codes: 1 pending, 3 paid, -2 cancelled, -3 declined. */
  code: smallint('code').notNull().default(1),
  returnUrls: jsonb('return_urls').$type<{ authorised: string; declined: string; cancelled: string }>().notNull(),
  lang: text('lang').notNull().default('en'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Partner sites allowed to embed the sign-in page. The key is kept only as a hash. */
export const partners = pgTable('partners', {
  id: id(),
  name: text('name').notNull(),
  clientId: text('client_id').notNull().unique(),
  keyHash: text('key_hash').notNull(),
  /** Exact origins (scheme://host[:port]) that may frame the page and receive its message. */
  origins: text('origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  status: boolean('status').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every back-office write: who, when, what, and the record's fields before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** create | update | delete | toggle | reply | status */
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_record_idx').on(t.resource, t.recordId)],
);

/** The media library: files uploaded by staff for posts (feature images, galleries, videos) and pages. */
export const galleryFiles = pgTable(
  'gallery_files',
  {
    id: id(),
    /** /uploads/imgvgallery/<uuid>.<ext> */
    path: text('path').notNull().unique(),
    /** /uploads/imgvgallery/thumbs/<uuid>.jpg for raster images */
    thumb: text('thumb'),
    name: text('name').notNull(),
    /** Alternative text for pictures, put into posts with the picture. */
    alt: text('alt').notNull().default(''),
    size: integer('size').notNull(),
    ext: text('ext').notNull(),
    /** image, video or file */
    type: text('type').$type<LibraryFileType>().notNull(),
    active: boolean('active').notNull().default(true),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gallery_files_type_created_idx').on(t.type, t.createdAt),
    index('gallery_files_name_trgm').using('gin', trgm('name')),
  ],
);

/** A competition season (e.g. WRO 2026). */
export const seasons = pgTable('seasons', {
  id: id(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  status: boolean('status').notNull().default(true),
  createdAt: createdAt(),
});

/** A competition category within the platform (e.g. RoboMission Junior). */
export const competitions = pgTable('competitions', {
  id: id(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  status: boolean('status').notNull().default(true),
  /** How its teams are ranked on an event day (a preset with staff's numbers); null: the best-of preset. */
  ranking: jsonb('ranking').$type<RankingRules>(),
  createdAt: createdAt(),
});

/**
 * Registration of teams for one competition of one season, opened by an admin: the window, the
 * team size, who is eligible (grades, or ages on a reference date) and the fee (0: none).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'restrict' }),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'restrict' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    minMembers: integer('min_members').notNull().default(1),
    maxMembers: integer('max_members').notNull().default(3),
    maxCoaches: integer('max_coaches').notNull().default(1),
    /** At most this many teams hold a place; the next ones wait in order (null: no cap). */
    maxTeams: integer('max_teams'),
    entityRequired: boolean('entity_required').notNull().default(false),
    /** Eligible grades (the student's education.grade); empty: any grade. */
    grades: text('grades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Eligible ages on `ageOn` (the season's reference date); null: no bound. */
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    ageOn: date('age_on'),
    fee: numeric('fee', { precision: 12, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('SAR'),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('registrations_season_competition_unique').on(t.seasonId, t.competitionId)],
);

/** Numbers of registered teams: T-1001, T-1002, … */
export const teamNoSeq = pgSequence('team_no_seq', { startWith: 1001 });

/**
 * A team of a season and competition: its members and coaches (team_people), the entity it
 * represents, and its result (score, rank) once the results are in.
 */
export const teams = pgTable(
  'teams',
  {
    id: id(),
    teamNo: text('team_no').notNull().unique(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'restrict' }),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'restrict' }),
    /** The entity the team represents, once it confirmed (a registered team's invitation is in team_people). */
    entityId: uuid('entity_id').references(() => users.id, { onDelete: 'set null' }),
    /** Active (the spec's `status`): a registered team becomes active when an admin approves it. */
    status: boolean('status').notNull().default(true),
    paymentStatus: boolean('payment_status').notNull().default(false),
    score: numeric('score', { precision: 10, scale: 2 }),
    ranked: integer('ranked'),
    /** A registered team's name, registration, state and the admin's reason for a rejection. */
    name: text('name'),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'restrict' }),
    state: text('state').$type<TeamState>().notNull().default('approved'),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** On the registration's waiting list since then (its cap was reached); null: the team has a place. */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('teams_entity_idx').on(t.entityId),
    index('teams_season_idx').on(t.seasonId),
    index('teams_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * A team's people: members, coaches and (for a registered team) the invited entity, each with the
 * state of their invitation. `season_id`, `competition_id` and `active` copy the team's, so one
 * unique index keeps a student in at most one active team per competition and season.
 */
export const teamPeople = pgTable(
  'team_people',
  {
    id: uuid('id').notNull().defaultRandom().unique(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** member, coach, or entity (a registered team's invited entity) */
    role: text('role').$type<TeamRole>().notNull(),
    state: text('state').$type<InvitationState>().notNull().default('accepted'),
    seasonId: uuid('season_id'),
    competitionId: uuid('competition_id'),
    /** False once the team is withdrawn or rejected: its members are free again. */
    active: boolean('active').notNull().default(true),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * A minor's invitation sent to the guardian's phone: the SHA-256 of the link's single-use token
     * (never the token) and when the link expires. Answering the invitation uses it up.
     */
    guardianTokenHash: text('guardian_token_hash').unique(),
    guardianTokenExpiresAt: timestamp('guardian_token_expires_at', { withTimezone: true }),
    /** Who invited the person (the limit on invitations per coach per day counts these) and when. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** A pending invitation stops counting at this moment (never past the registration's close). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A minor accepted alone: the place waits for the guardian's confirmation (state stays pending). */
    childAcceptedAt: timestamp('child_accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_people_unique').on(t.teamId, t.userId),
    index('team_people_user_idx').on(t.userId),
    index('team_people_invited_by_idx').on(t.invitedBy, t.invitedAt),
    // Only an accepted place holds a student: an unanswered invitation locks nobody out.
    uniqueIndex('team_people_one_team')
      .on(t.userId, t.seasonId, t.competitionId)
      .where(sql`${t.role} = 'member' AND ${t.active} AND ${t.state} = 'accepted'`),
  ],
);

/**
 * The invitation messages sent: at most one per person and team, whatever the coach does with the
 * team afterwards (removing and adding a student again sends nothing more).
 */
export const teamInvitationNotices = pgTable(
  'team_invitation_notices',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);

/**
 * The reminders sent (api/src/reminders): one row per kind, subject (the member, the team), occasion
 * (the plan's last day, the registration's closing moment) and stage (30, 7, 1 days, ended …),
 * inserted in the transaction that queues the messages; the key makes each stage go out once however
 * many processes run the job, and a new occasion (a renewed plan, a moved deadline) starts afresh.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    occasion: text('occasion').notNull(),
    stage: text('stage').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.occasion, t.stage] })],
);

/**
 * A staff broadcast (api/src/messaging): a message in both languages to a segment of members or of
 * minors' guardians, sent at `send_at` (now, or a scheduled time). The broadcast job writes its
 * messages to the outbox in batches of accounts (ordered by id, `cursor` the last one done), then
 * the outbox sends them at the providers' rate.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    subjectAr: text('subject_ar').notNull(),
    subjectEn: text('subject_en').notNull(),
    bodyAr: text('body_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    channels: text('channels').array().$type<BroadcastChannel[]>().notNull(),
    segment: jsonb('segment').$type<BroadcastSegment>().notNull(),
    state: text('state').$type<BroadcastState>().notNull().default('scheduled'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** The last account whose message was written (the job's place in the segment). */
    cursor: uuid('cursor'),
    /** Messages written to the outbox so far. */
    total: integer('total').notNull().default(0),
    /** Whom the segment reached when the broadcast was saved (kept with it, and in the audit log). */
    reach: jsonb('reach').$type<BroadcastReach>(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByName: text('cancelled_by_name'),
  },
  (t) => [index('broadcasts_due_idx').on(t.state, t.sendAt), index('broadcasts_created_idx').on(t.createdAt)],
);

/**
 * A member's privacy request (api/src/privacy, docs/decisions/017-privacy-requests.md): a copy of their
 * data (`export`: prepared by the job into the private store, downloaded once before `due_at`) or the
 * deletion of the account (`deletion`: carried out by the job at `due_at` unless cancelled first).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'export' | 'deletion'>().notNull(),
    state: text('state').$type<DataExportState | DeletionState>().notNull(),
    /** Staff who asked on the member's behalf (a guardian's request for a minor); null: the member. */
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** An export's archive in the file store (`private/exports/<id>.zip`) while it is ready. */
    fileKey: text('file_key'),
    bytes: integer('bytes'),
    /** An export: the end of its download; a deletion: when it is carried out. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('privacy_requests_user_idx').on(t.userId, t.createdAt),
    index('privacy_requests_due_idx').on(t.kind, t.state, t.dueAt),
    // One export being prepared and one deletion waiting per account at a time.
    uniqueIndex('privacy_requests_open_unique')
      .on(t.userId, t.kind)
      .where(sql`${t.state} in ('preparing', 'scheduled')`),
  ],
);

/**
 * An event day of a competition in a season (issue 32): where and when, the ranking rules it was
 * set up with (the competition's, copied so a later edit does not re-rank a finished day), and when
 * its results were written to the teams (`published_at`).
 */
export const eventDays = pgTable(
  'event_days',
  {
    id: id(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'restrict' }),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'restrict' }),
    eventDate: date('event_date').notNull(),
    /** The venue's name in Arabic; `venueNameEn` in English (none: the Arabic one shows in both). */
    venueName: text('venue_name').notNull(),
    venueNameEn: text('venue_name_en'),
    venueCity: text('venue_city').notNull(),
    mapUrl: text('map_url'),
    rules: jsonb('rules').$type<RankingRules>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('event_days_competition_idx').on(t.competitionId, t.eventDate)],
);

/** The teams taking part in an event day, and when (and by whom) each was checked in. */
export const eventTeams = pgTable(
  'event_teams',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventDays.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.teamId] }), index('event_teams_team_idx').on(t.teamId)],
);

/** A round of an event day: its number, the highest score of one entry, and whether it is locked. */
export const eventRounds = pgTable(
  'event_rounds',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventDays.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    max: numeric('max', { precision: 10, scale: 2 }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('event_rounds_number_unique').on(t.eventId, t.number)],
);

/**
 * Who scores at an event day: an accepted judge or referee (or staff) with a role; revoking keeps
 * the row (their scores keep their author) and ends what they may do.
 */
export const eventStaff = pgTable(
  'event_staff',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventDays.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<EventRole>().notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_staff_live_unique')
      .on(t.eventId, t.userId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('event_staff_user_idx').on(t.userId),
  ],
);

/**
 * A score entered by a judge for a team and round: its total, the rubric's points, the round's
 * time. A later entry by the same judge for the same team and round replaces it (with a reason):
 * the old row stays with `replaced_at` set, so the history is kept. `client_id` is the phone's own
 * id for the entry: sent twice (a phone that was offline), it is stored once.
 */
export const eventScores = pgTable(
  'event_scores',
  {
    id: id(),
    clientId: uuid('client_id').notNull().unique(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventDays.id, { onDelete: 'cascade' }),
    roundId: uuid('round_id')
      .notNull()
      .references(() => eventRounds.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Null once the judge's account is deleted: the score stays, so the results do not change. */
    judgeId: uuid('judge_id').references(() => users.id, { onDelete: 'set null' }),
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    points: jsonb('points').$type<Record<string, number>>(),
    time: numeric('time', { precision: 10, scale: 2 }),
    reason: text('reason'),
    createdAt: createdAt(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_scores_current_unique')
      .on(t.roundId, t.teamId, t.judgeId)
      .where(sql`${t.replacedAt} IS NULL`),
    index('event_scores_event_idx').on(t.eventId),
  ],
);

/**
 * An award of an event day: a place (1st/2nd/3rd, from the ranking), a named special award, or a
 * team advancing (to the national final or international), each named in both languages.
 */
export const eventAwards = pgTable(
  'event_awards',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventDays.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'place' | 'special' | 'advance'>().notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    place: smallint('place'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_awards_event_idx').on(t.eventId)],
);

/** ZATCA's messages about a document: its validation results, as Fatoora answered them. */
export interface ZatcaMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}
export interface ZatcaMessages {
  infoMessages: ZatcaMessage[];
  warningMessages: ZatcaMessage[];
  errorMessages: ZatcaMessage[];
}

/**
 * The Phase 2 e-invoice of one invoice (an order's INV-…) or credit note (a refund's CN-…): its
 * signed UBL XML, hash, invoice counter value (ICV, gap-free across processes) and the previous
 * document's hash (PIH), and where its reporting (simplified) or clearance (standard) to ZATCA's
 * Fatoora stands. Sent by a worker with a lease and back-off, as the outbox's messages.
 */
export const zatcaDocuments = pgTable(
  'zatca_documents',
  {
    id: id(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    number: text('number').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    profile: text('profile').$type<'simplified' | 'standard'>().notNull().default('simplified'),
    icv: integer('icv').notNull(),
    uuid: uuid('uuid').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
    xml: text('xml').notNull(),
    qr: text('qr').notNull(),
    /** pending | reported | reported_with_warnings | cleared | rejected */
    state: text('state')
      .$type<'pending' | 'reported' | 'reported_with_warnings' | 'cleared' | 'rejected'>()
      .notNull()
      .default('pending'),
    messages: jsonb('messages').$type<ZatcaMessages>(),
    /** A standard invoice as ZATCA cleared it (base64 XML), the only one the buyer gets. */
    clearedXml: text('cleared_xml'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('zatca_documents_number_unique').on(t.number),
    uniqueIndex('zatca_documents_icv_unique').on(t.icv),
    index('zatca_documents_state_idx').on(t.state, t.nextAttemptAt),
    index('zatca_documents_order_idx').on(t.orderId),
  ],
);

/**
 * The head of the chain: the last ICV given and that document's hash. One row, locked (FOR UPDATE)
 * by the transaction that stamps the next document, so processes stamp one at a time.
 */
export const zatcaChain = pgTable('zatca_chain', {
  id: integer('id').primaryKey(),
  lastIcv: integer('last_icv').notNull(),
  lastHash: text('last_hash').notNull(),
});
