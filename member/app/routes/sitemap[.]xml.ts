import type { PostView } from '@platform/contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api.server';
import { LANGS, pageUrl, type SitePlace } from '~/utils/seo';

/** The public pages a visitor reaches without signing in, each in both languages. */
const PUBLIC_PAGES = [
  '/auth/join-us/',
  '/student/signup/',
  '/coach/signup/',
  '/entity/signup/',
  '/blogs',
  '/competitions',
  '/contact',
  '/privacy',
  '/terms',
];

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One page's two addresses, each naming the other and the visitor's own (x-default). */
function entries(origin: string, path: string, lastmod?: string): string[] {
  const place: SitePlace = { origin, path, query: '' };
  const alternates = [
    ...LANGS.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(pageUrl(place, l))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(pageUrl(place))}"/>`,
  ].join('');
  return LANGS.map(
    (l) =>
      `<url><loc>${xml(pageUrl(place, l))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`,
  );
}

/** sitemap.xml: the public pages and the newest articles (issue 36). */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const posts = await api<{ posts: PostView[] }>(request, '/posts?page=0&limit=100', { lang: 'en' });
  const urls = [
    ...PUBLIC_PAGES.flatMap((path) => entries(origin, path)),
    ...(posts.ok ? posts.data.posts : []).flatMap((p) =>
      entries(origin, `/blogs/view/${encodeURIComponent(p.slug)}`, p.created_at.slice(0, 10)),
    ),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n';
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
