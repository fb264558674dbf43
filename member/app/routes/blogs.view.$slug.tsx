import type { PostView } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RichText } from '~/components/RichText';
import { useT } from '~/i18n';
import { Chip } from '~/ui/Chip';
import { api } from '~/utils/api.server';
import { formatDay, localized } from '~/utils/posts';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

/** One article in the member's language: title, picture, sanitized body, then its gallery or videos. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const slug = params.slug ?? '';
  if (!/^[\p{L}\p{N}-]{1,200}$/u.test(slug)) throw new Response('Not Found', { status: 404 });
  const res = await api<{ post: PostView }>(request, `/posts/${encodeURIComponent(slug)}`, { lang });
  if (res.status === 404) throw new Response('Not Found', { status: 404 });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  const post = res.data.post;
  const origin = new URL(request.url).origin;
  return {
    post,
    share: {
      title: localized(lang, post.name, post.name_en),
      description: localized(lang, post.short_desc, post.short_desc_en),
      image: post.image ? `${origin}${post.image}` : null,
      url: `${origin}/blogs/view/${post.slug}`,
      lang,
    },
  };
}

/** Title, description and picture for search engines and for links shared in chats. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return withSite(matches, []);
  // The address, locale and languages come from the root (withSite): this page's own per language.
  const { title, description, image } = data.share;
  return withSite(matches, [
    { title },
    // An article without a summary keeps the site's description.
    ...(description.trim() ? [{ name: 'description', content: description }] : []),
    { property: 'og:type', content: 'article' },
    // Without its own picture, the site's (the root's og:image).
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:alt', content: title },
        ]
      : []),
  ]);
};

export default function Article() {
  const { post } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const body = localized(lang, post.description, post.description_en);
  const title = localized(lang, post.name, post.name_en);
  return (
    <div className="container container-md page">
      <nav className="breadcrumbs mb-2" aria-label={t('blogs.breadcrumbs')}>
        <ol>
          <li>
            <Link to="/blogs/">{t('blogs.title')}</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <article>
        <h1 className="t-h3 gutter">{title}</h1>
        <div className="row wrap gap-1 mb-2">
          {post.category && <Chip size="small" label={localized(lang, post.category.name, post.category.name_en)} />}
          <p className="t-body2 muted">{formatDay(post.created_at, lang)}</p>
        </div>
        {post.image && <img src={post.image} alt="" className="media-wide rounded-lg mb-3" />}
        <RichText html={body} />
        {post.type === 'post' && (post.galleries?.length ?? 0) > 0 && (
          <section className="mt-4">
            <h2 className="t-h6 gutter">{t('blogs.gallery')}</h2>
            <ul className="grid xs-2 sm-3 gap-1 plain-list">
              {post.galleries!.map((src, i, all) => (
                <li key={src}>
                  <a href={src} aria-label={t('blogs.gallery_picture', { n: i + 1, total: all.length })}>
                    <img src={src} alt="" loading="lazy" className="media-square rounded" />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {post.type === 'video' &&
          post.videos?.map((src) => (
            <video key={src} src={src} controls preload="metadata" className="media-video mt-3 rounded-lg" />
          ))}
      </article>
    </div>
  );
}
