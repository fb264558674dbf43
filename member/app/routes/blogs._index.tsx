import { Box, Button, Chip, Container, Grid, Pagination, PaginationItem, Stack, Typography } from '@mui/material';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { PostCard } from '~/components/PostCard';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { localized, type Post } from '~/utils/posts';
import { getLang } from '~/utils/session.server';

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
    api<{ posts: Post[]; totalPages: number }>(request, `/posts?${q}`, { lang }),
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
  return [{ title: `${translate(lang, 'blogs.title')} · ${translate(lang, 'brand')}` }];
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
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('blogs.title')}
      </Typography>
      {categories.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 3 }}
          component="nav"
          aria-label={t('blogs.categories')}
        >
          <Chip
            component={Link}
            to="/blogs/"
            clickable
            label={t('blogs.all')}
            color={category ? 'default' : 'primary'}
          />
          {categories.map((c) => (
            <Chip
              key={c._id}
              component={Link}
              to={link({ category: c._id, page: 1 })}
              clickable
              label={localized(lang, c.name, c.name_en)}
              color={category === c._id ? 'primary' : 'default'}
            />
          ))}
        </Stack>
      )}
      {posts.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('blogs.empty')}</Typography>
          {(category || page > 1) && (
            <Button component={Link} to="/blogs/" sx={{ mt: 2 }}>
              {t('blogs.all')}
            </Button>
          )}
        </Box>
      ) : (
        <Grid container spacing={3}>
          {posts.map((p) => (
            <Grid key={p._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <PostCard post={p} />
            </Grid>
          ))}
        </Grid>
      )}
      {totalPages > 1 && (
        <Pagination
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
          page={page}
          count={totalPages}
          renderItem={(item) => <PaginationItem component={Link} to={link({ page: item.page ?? 1 })} {...item} />}
        />
      )}
    </Container>
  );
}
