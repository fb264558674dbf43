import { formatDate } from '@platform/contract';
import type { Lang } from '~/i18n';

/** The member's language's text, or the other language's when that one is empty. */
export function localized(lang: Lang, ar: string | undefined, en: string | undefined): string {
  return (lang === 'ar' ? ar || en : en || ar) ?? '';
}

export const PLACEHOLDER_IMAGE = '/placeholder-post.svg';

/**
 * A day as '5 March 2026' or its Arabic (Gregorian calendar, Latin digits), day first, on the
 * platform's clock (Riyadh): the contract's formatDate, so the back-office writes dates the same way.
 */
export function formatDay(iso: string, lang: Lang): string {
  return formatDate(iso, lang, 'long');
}
