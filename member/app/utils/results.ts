import type { EventDayView, LeaderboardView, RankingRules } from '@platform/contract';
import { plural, translate, type Lang } from '~/i18n';
import { formatDay, localized } from './posts';

/** A competition's ranking rules in a sentence, in the page's language. */
export function rulesText(rules: RankingRules, lang: Lang): string {
  if (rules.kind === 'rubric')
    return translate(lang, 'results.rules_rubric', {
      criteria: rules.criteria
        .map((c) => `${localized(lang, c.name, c.name_en)} (${c.max})`)
        .join(lang === 'ar' ? '، ' : ', '),
    });
  return translate(lang, rules.timed ? 'results.rules_best_of' : 'results.rules_best_of_untimed', {
    rounds: plural(lang, 'results.rounds', rules.rounds),
    max: rules.round_max,
  });
}

/** An event day's venue in the page's language (the Arabic name when it has no English one). */
export function venueOf(day: Pick<EventDayView, 'venue_name' | 'venue_name_en'>, lang: Lang): string {
  return localized(lang, day.venue_name, day.venue_name_en ?? undefined);
}

/** An event day's title: its competition, venue and day. */
export function boardTitle(board: LeaderboardView, lang: Lang): string {
  return `${localized(lang, board.competition, board.competition_en)} · ${venueOf(board, lang)} · ${formatDay(board.event_date, lang)}`;
}

/** The link and meta tags of a public results page, shared in chats and read by search engines. */
export function shareMeta(share: { title: string; description: string; url: string; lang: Lang }) {
  return [
    { title: share.title },
    { name: 'description', content: share.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: share.title },
    { property: 'og:description', content: share.description },
    // The address, locale, picture and languages come from the root (withSite in the route's meta).
  ];
}
