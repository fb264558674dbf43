import type { MetaDescriptor } from '@remix-run/node';
import { translate, type Lang } from '~/i18n';

/**
 * How search engines and chat previews see a page (issue 36). Every page has a URL per language: the
 * `lang` parameter (`?lang=ar`) renders it in that language whatever the cookie says, so a crawler
 * without cookies reaches both. The root's tags name the page's own language's URL as canonical, the
 * other as its `hreflang` alternate, and the bare URL (the visitor's language) as `x-default`.
 * A route's meta adds to them with `withSite`, replacing the tags it names (title, description, image).
 */

/** Where the page is, as the root loader tells it. */
export interface SitePlace {
  origin: string;
  path: string;
  /** The query without `lang`, with its `?`, or empty. */
  query: string;
}

export const LANGS: readonly Lang[] = ['en', 'ar'];

/**
 * Pages only a signed-in member, a payer or a link's holder sees: no use in a search engine. robots.txt
 * names them and each carries `noindex` without canonical or share tags. A team's public page
 * (`/teams/:id`, issue 32) is public; registering one (`/teams/register`) is not.
 */
export const PRIVATE_PATHS = [
  '/accounts',
  '/account/',
  '/payment/',
  '/thanksyou/',
  '/subcription/',
  '/teams/register',
  '/team-invitations/',
  '/invitations/',
  '/judging',
  '/embeded/',
  '/unsubscribe',
  '/uploads/',
  '/logout',
  '/set-lang',
  '/refused/',
] as const;

export const isPrivatePath = (path: string) => PRIVATE_PATHS.some((p) => path.startsWith(p));

/** The picture a link shared in a chat shows (member/public, 1200 × 630). */
export const SHARE_IMAGE = { path: '/share.png', width: 1200, height: 630 };

/** The page's address in one language (`?lang=`), or in the visitor's (x-default) without one. */
export function pageUrl(place: SitePlace, lang?: Lang): string {
  const base = `${place.origin}${place.path}${place.query}`;
  if (!lang) return base;
  return `${base}${place.query ? '&' : '?'}lang=${lang}`;
}

/** The request's place: its origin, path and query without `lang`. */
export function placeOf(request: Request): SitePlace {
  const url = new URL(request.url);
  url.searchParams.delete('lang');
  const query = url.searchParams.toString();
  return { origin: url.origin, path: url.pathname, query: query ? `?${query}` : '' };
}

/** The tags every page carries: the site's title and description until the route names its own. */
export function siteMeta(place: SitePlace | undefined, lang: Lang): MetaDescriptor[] {
  const title = translate(lang, 'brand');
  const description = translate(lang, 'site.description');
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: title },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: lang === 'ar' ? 'ar_SA' : 'en_US' },
    { property: 'og:locale:alternate', content: lang === 'ar' ? 'en_US' : 'ar_SA' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (!place) return tags;
  if (isPrivatePath(place.path)) return [...tags, { name: 'robots', content: 'noindex' }];
  tags.push(
    { property: 'og:url', content: pageUrl(place, lang) },
    { property: 'og:image', content: `${place.origin}${SHARE_IMAGE.path}` },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: translate(lang, 'site.image_alt') },
    { tagName: 'link', rel: 'canonical', href: pageUrl(place, lang) },
    ...LANGS.map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: l, href: pageUrl(place, l) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: pageUrl(place) },
  );
  return tags;
}

/** The key a tag replaces by: its title, name, property, or canonical link. */
function keyOf(tag: MetaDescriptor): string | null {
  const t = tag as Record<string, unknown>;
  if ('title' in t) return 'title';
  if (typeof t.name === 'string') return `name:${t.name}`;
  if (typeof t.property === 'string') return `property:${t.property}`;
  if (t.tagName === 'link' && t.rel === 'canonical') return 'canonical';
  return null;
}

interface MetaMatch {
  id: string;
  meta: MetaDescriptor[];
}

/**
 * The root's tags with the route's own in their place. A route's title and description also become
 * what a shared link shows (og:title, og:description) unless it names those too.
 */
export function withSite(matches: readonly MetaMatch[], own: MetaDescriptor[]): MetaDescriptor[] {
  const root = matches.find((m) => m.id === 'root')?.meta ?? [];
  const ownTags = [...own];
  const has = (key: string) => ownTags.some((t) => keyOf(t) === key);
  const title = ownTags.find((t) => 'title' in t) as { title?: string } | undefined;
  if (title?.title && !has('property:og:title')) ownTags.push({ property: 'og:title', content: title.title });
  const description = ownTags.find((t) => keyOf(t) === 'name:description') as { content?: string } | undefined;
  if (description?.content && !has('property:og:description'))
    ownTags.push({ property: 'og:description', content: description.content });
  const replaced = new Set(ownTags.map(keyOf).filter((k): k is string => k !== null));
  // The site picture's size and text do not describe a route's own picture.
  const ownImage = has('property:og:image');
  const kept = root.filter((t) => {
    const key = keyOf(t) ?? '';
    return !replaced.has(key) && !(ownImage && key.startsWith('property:og:image:'));
  });
  return [...kept, ...ownTags];
}
