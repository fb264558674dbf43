import type { LoaderFunctionArgs } from '@remix-run/node';

/** Pages only a signed-in member, a payer or a link's holder sees are no use in a search engine. */
const PRIVATE = [
  '/accounts',
  '/account/',
  '/payment/',
  '/thanksyou/',
  '/subcription/',
  '/teams/',
  '/team-invitations/',
  '/invitations/',
  '/judging',
  '/embeded/',
  '/unsubscribe',
  '/uploads/',
  '/logout',
  '/set-lang',
  '/refused/',
];

/** robots.txt: what crawlers may read, and where the sitemap is (issue 36). */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return new Response(body.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
