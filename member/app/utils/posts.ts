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

// One formatter per language: building an Intl.DateTimeFormat costs more than a page's other dates.
const dayFormats = new Map<Lang, Intl.DateTimeFormat>();

/**
 * A day as '5 March 2026' or its Arabic (Gregorian calendar, Latin digits), on the platform's clock
 * (Saudi Arabia, UTC+3 all year): the server's render and the browser's agree, an article posted at
 * 01:00 in Riyadh shows that day, and a date-only value ('2026-03-05', UTC midnight) stays on its day.
 */
export function formatDay(iso: string, lang: Lang): string {
  let format = dayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Asia/Riyadh',
    });
    dayFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}
