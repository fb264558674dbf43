import { formatDate } from '@platform/contract';
import type { Lang } from '~/i18n';

/** A post as the API lists it (`GET /api/posts`); one article adds its bodies, gallery and videos. */
export interface Post {
  _id: string;
  name: string;
  name_en: string;
  slug: string;
  type: 'post' | 'video';
  category: { _id: string; name: string; name_en: string } | null;
  short_desc: string;
  short_desc_en: string;
  image: string | null;
  created_at: string;
  description?: string;
  description_en?: string;
  galleries?: string[];
  videos?: string[];
}

/** The member's language's text, or the other language's when that one is empty. */
export function localized(lang: Lang, ar: string | undefined, en: string | undefined): string {
  return (lang === 'ar' ? ar || en : en || ar) ?? '';
}

/** An event (competition) as the API gives it: the home page's next event, the competitions page. */
export interface ApiEvent {
  _id: string;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  link: string;
  event_date: string | null;
}

export const PLACEHOLDER_IMAGE = '/placeholder-post.svg';

/**
 * A day as '5 March 2026' or its Arabic (Gregorian calendar, Latin digits), day first, on the
 * platform's clock (Riyadh): the contract's formatDate, so the back-office writes dates the same way.
 */
export function formatDay(iso: string, lang: Lang): string {
  return formatDate(iso, lang, 'long');
}
