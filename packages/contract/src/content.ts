import type { NamePair } from './teams.js';

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
