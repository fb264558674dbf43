import { Box, Breadcrumbs, Chip, Container, Grid, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RichText } from '~/components/RichText';
import { useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { formatDay, localized, type Post } from '~/utils/posts';
import { getLang } from '~/utils/session.server';

/** One article in the member's language: title, picture, sanitized body, then its gallery or videos. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const slug = params.slug ?? '';
  if (!/^[\p{L}\p{N}-]{1,200}$/u.test(slug)) throw new Response('Not Found', { status: 404 });
  const res = await api<{ post: Post }>(request, `/posts/${encodeURIComponent(slug)}`, { lang });
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
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const { title, description, image, url, lang } = data.share;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: lang === 'ar' ? 'ar_SA' : 'en_US' },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

export default function Article() {
  const { post } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const body = localized(lang, post.description, post.description_en);
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Breadcrumbs sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/blogs/">
          {t('blogs.title')}
        </MuiLink>
        <Typography color="text.primary">{localized(lang, post.name, post.name_en)}</Typography>
      </Breadcrumbs>
      <article>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: 28, md: 40 } }}>
          {localized(lang, post.name, post.name_en)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          {post.category && <Chip size="small" label={localized(lang, post.category.name, post.category.name_en)} />}
          <Typography variant="body2" color="text.secondary">
            {formatDay(post.created_at, lang)}
          </Typography>
        </Stack>
        {post.image && (
          <Box
            component="img"
            src={post.image}
            alt=""
            sx={{ width: '100%', borderRadius: 2, mb: 3, aspectRatio: '16 / 9', objectFit: 'cover' }}
          />
        )}
        <RichText html={body} />
        {post.type === 'post' && (post.galleries?.length ?? 0) > 0 && (
          <Box sx={{ mt: 4 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('blogs.gallery')}
            </Typography>
            <Grid container spacing={1}>
              {post.galleries!.map((src) => (
                <Grid key={src} size={{ xs: 6, sm: 4 }}>
                  <a href={src}>
                    <Box
                      component="img"
                      src={src}
                      alt=""
                      loading="lazy"
                      sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1 }}
                    />
                  </a>
                </Grid>
              ))}
            </Grid>
          </Box>
        )}
        {post.type === 'video' &&
          post.videos?.map((src) => (
            <Box
              key={src}
              component="video"
              src={src}
              controls
              preload="metadata"
              sx={{ width: '100%', mt: 3, borderRadius: 2 }}
            />
          ))}
      </article>
    </Container>
  );
}
