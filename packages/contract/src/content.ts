import type { NamedStatusRecord, NamePair } from './teams.js';

/** What a post is: an article or a video. */
export const POST_TYPES = ['post', 'video'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** The unit of a plan's duration. */
export const DURATION_TYPES = ['day', 'month', 'year'] as const;
export type DurationType = (typeof DURATION_TYPES)[number];

/** Who a plan is for. */
export const PLAN_TYPES = ['coach', 'entity'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** A post as `GET /api/posts` lists it; one article (`GET /api/posts/:slug`) adds its bodies, gallery and videos. */
export interface PostView {
  _id: string;
  name: string;
  name_en: string;
  slug: string;
  type: PostType;
  category: (NamePair & { _id: string }) | null;
  short_desc: string;
  short_desc_en: string;
  image: string | null;
  created_at: string;
  description?: string;
  description_en?: string;
  galleries?: string[];
  videos?: string[];
}

/** An event (competition): the home page's next event, the competitions page. */
export interface EventView {
  _id: string;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  link: string;
  type: string;
  event_date: string | null;
  home_status: boolean;
  countdownStarted: boolean;
  /** Where it takes place, in each language (null when not said). */
  place: string | null;
  place_en: string | null;
  /** Its picture, a path of the media library (null for none). */
  image: string | null;
}

/** An announcement on the home page. */
export interface AnnouncementView {
  _id: string;
  name: string;
  name_en: string;
  link: string;
  created_at: string;
}

/** An activation plan offered to coaches or entities (`GET /api/plans?type=`). */
export interface PlanView {
  _id: string;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  /** The price before a discount (the contract's spelling). */
  orignal_pirce: string;
  price: string;
  currency: string;
  duration: number;
  duration_type: DurationType;
  type: PlanType;
  subtype: string;
}

/**
 * The back-office's content resources (`/api/admin/{announcements,categories,plans,events,blogs}`):
 * the list, one record, and the answer of a write or a delete. Dates are ISO strings.
 */
export type AnnouncementRecord = Pick<AnnouncementView, keyof AnnouncementView> & {
  id: string;
  /** false: hidden from the home page. */
  status: boolean;
};

/** A blog category (`/api/admin/categories`). */
export type CategoryRecord = NamedStatusRecord;

/** A plan as members read it, with its state (`/api/admin/plans`); a plan with orders is archived, not deleted. */
export type PlanRecord = Pick<PlanView, keyof PlanView> & {
  id: string;
  status: boolean;
  archived: boolean;
  archived_at: string | null;
  created_at: string;
};

/** An event as members read it, with its state (`/api/admin/events`). */
export type EventRecord = Pick<EventView, keyof EventView> & {
  id: string;
  /** Its external results site; null: this platform holds its teams and results. */
  results_url: string | null;
  status: boolean;
  created_at: string;
};

/** A post or video (`/api/admin/blogs`): bodies, gallery and videos, its category's id and names. */
export type BlogRecord = {
  id: string;
  _id: string;
  name: string;
  name_en: string;
  slug: string;
  type: PostType;
  /** The category's id; null for none. */
  category: string | null;
  category_name: NamePair | null;
  short_desc: string;
  short_desc_en: string;
  description: string;
  description_en: string;
  image: string | null;
  galleries: string[];
  videos: string[];
  status: boolean;
  created_at: string;
};
