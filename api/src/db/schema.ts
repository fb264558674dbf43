import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
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

export interface Education {
  school_name: string;
  education_admin: string;
  level: string;
  grade: string;
}
export interface Supervisor {
  name: string;
  email: string;
  phone_number: string;
  supervisor_id: string;
}
export interface PlanSnapshot {
  name: string;
  name_en: string;
  duration: number;
  duration_type: string;
}

/** Types: 0 student, 1 coach, 2 entity, 4 admin, 5 sub-admin. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    nationalId: text('national_id'),
    phoneNumber: text('phone_number'),
    picture: text('picture'),
    type: smallint('type').notNull().default(0),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Admin status: a disabled account cannot sign in and its sessions end. */
    isActive: boolean('is_active').notNull().default(true),
    subcription: boolean('subcription').notNull().default(false),
    startDate: date('start_date'),
    endDate: date('end_date'),
    plan: jsonb('plan').$type<PlanSnapshot>(),
    stebUserId: text('steb_user_id'),
    refreeJudge: boolean('refree_judge').notNull().default(false),
    applyAs: text('apply_as').notNull().default('None'),
    dob: date('dob'),
    gender: text('gender'),
    nationality: text('nationality'),
    regionId: uuid('region_id').references(() => regions.id, { onDelete: 'set null' }),
    city: text('city'),
    entityType: text('entity_type'),
    taxId: text('tax_id'),
    crNumber: text('cr_number'),
    guardianName: text('guardian_name').notNull().default('None'),
    guardianPhone: text('guardian_phone').notNull().default('None'),
    education: jsonb('education').$type<Education>(),
    supervisor: jsonb('supervisor').$type<Supervisor>(),
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // Entities share the placeholder national ID of ten zeros.
    uniqueIndex('users_national_id_unique')
      .on(t.nationalId)
      .where(sql`${t.nationalId} <> '0000000000'`),
    index('users_type_idx').on(t.type, t.createdAt),
    index('users_name_trgm').using('gin', trgm('name')),
    index('users_email_trgm').using('gin', trgm('email')),
    index('users_national_id_trgm').using('gin', trgm('national_id')),
    index('users_phone_trgm').using('gin', trgm('phone_number')),
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
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Counters for rate limits, shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const settings = pgTable('settings', {
  id: id(),
  siteName: text('site_name').notNull().unique(),
  siteCopyRight: text('site_copy_right').notNull().default(''),
  privacy: text('privacy').notNull().default(''),
  privacyEn: text('privacy_en').notNull().default(''),
  tearmCondition: text('tearm_condition').notNull().default(''),
  tearmConditionEn: text('tearm_condition_en').notNull().default(''),
  updatedAt: updatedAt(),
});

export const plans = pgTable('plans', {
  id: id(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  description: text('description').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  orignalPirce: numeric('orignal_pirce', { precision: 12, scale: 2 }).notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  currency: text('currency').notNull().default('SAR'),
  duration: integer('duration').notNull(),
  durationType: text('duration_type').notNull(),
  /** coach or entity */
  type: text('type').notNull(),
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
    eventDate: timestamp('event_date', { withTimezone: true }),
    status: boolean('status').notNull().default(true),
    homeStatus: boolean('home_status').notNull().default(false),
    countdownStarted: boolean('countdown_started').notNull().default(false),
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
    type: text('type').notNull().default('post'),
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
 * and delivered by the outbox worker with retries.
 * status: pending → sent | failed (gave up) | kept (no provider configured: development only).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel').$type<'email' | 'whatsapp'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'kept'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_created_idx').on(t.createdAt)],
);

/** One-time codes, one live code per account and purpose; stored as an HMAC, never in clear. */
export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** Where the code went (E.164 phone or e-mail), e.g. the phone that becomes the account's on success. */
    target: text('target').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
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
    /** Refree or Judge */
    applyAs: text('apply_as').notNull(),
    /** yes or no */
    pexperince: text('pexperince').notNull(),
    certifcates: jsonb('certifcates').$type<StoredFile[]>().notNull().default([]),
    status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('judge_applications_user_idx').on(t.userId), index('judge_applications_created_idx').on(t.createdAt)],
);
