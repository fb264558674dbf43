import type { PostView } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostCard } from '~/components/PostCard';
import { translate, useT } from '~/i18n';
import { ButtonLink } from '~/ui/Button';
import { Chip } from '~/ui/Chip';
import { Pagination } from '~/ui/Pagination';
import { api } from '~/utils/api.server';
import { localized } from '~/utils/posts';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

const PAGE_SIZE = 9;

/** Articles: newest first, nine a page, filtered by category (?category=id&page=n, pages from 1). */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const url = new URL(request.url);
  const category = url.searchParams.get('category') ?? '';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const q = new URLSearchParams({ page: String(page - 1), limit: String(PAGE_SIZE) });
  if (/^[0-9a-f-]{36}$/i.test(category)) q.set('category', category);
  const [list, cats] = await Promise.all([
    api<{ posts: PostView[]; totalPages: number }>(request, `/posts?${q}`, { lang }),
    api<{ categories: { _id: string; name: string; name_en: string }[] }>(request, '/categories', { lang }),
  ]);
  if (!list.ok) throw new Response('Unavailable', { status: 503 });
  return {
    posts: list.data.posts,
    totalPages: list.data.totalPages,
    page,
    category: q.get('category') ?? '',
    categories: cats.ok ? cats.data.categories : [],
  };
}

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'blogs.title')} · ${translate(lang, 'brand')}` }]);
};

export default function Blogs() {
  const { posts, totalPages, page, category, categories } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const link = (params: { category?: string; page?: number }) => {
    const q = new URLSearchParams();
    const c = params.category ?? category;
    if (c) q.set('category', c);
    if (params.page && params.page > 1) q.set('page', String(params.page));
    const s = q.toString();
    return `/blogs/${s ? `?${s}` : ''}`;
  };
  return (
    <div className="container container-lg page">
      <h1 className="t-h4 gutter">{t('blogs.title')}</h1>
      {categories.length > 0 && (
        <nav className="row wrap gap-1 mb-3" aria-label={t('blogs.categories')}>
          <Chip to="/blogs/" label={t('blogs.all')} color={category ? 'default' : 'primary'} current={!category} />
          {categories.map((c) => (
            <Chip
              key={c._id}
              to={link({ category: c._id, page: 1 })}
              label={localized(lang, c.name, c.name_en)}
              color={category === c._id ? 'primary' : 'default'}
              current={category === c._id}
            />
          ))}
        </nav>
      )}
      {posts.length === 0 ? (
        <div className="page-tall t-center">
          <p className="muted">{t('blogs.empty')}</p>
          {(category || page > 1) && (
            <ButtonLink to="/blogs/" className="mt-2">
              {t('blogs.all')}
            </ButtonLink>
          )}
        </div>
      ) : (
        <div className="grid sm-2 md-3 gap-3">
          {posts.map((p) => (
            <PostCard key={p._id} post={p} />
          ))}
        </div>
      )}
      {totalPages > 1 && (
        <div className="mt-4">
          <Pagination page={page} count={totalPages} href={(n) => link({ page: n })} />
        </div>
      )}
    </div>
  );
}
