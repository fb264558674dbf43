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

export const PLACEHOLDER_IMAGE = '/placeholder-post.svg';

export function formatDay(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleDateString(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
