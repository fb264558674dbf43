import { Card, CardActionArea, CardContent, CardMedia, Chip, Stack, Typography } from '@mui/material';
import { Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { PLACEHOLDER_IMAGE, formatDay, localized, type Post } from '~/utils/posts';

/** One article in a list or carousel: picture (or the placeholder), title, short text, date. */
export function PostCard({ post }: { post: Post }) {
  const { t, lang } = useT();
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={`/blogs/view/${post.slug}`} sx={{ height: '100%', alignItems: 'stretch' }}>
        <CardMedia
          component="img"
          image={post.image ?? PLACEHOLDER_IMAGE}
          alt=""
          loading="lazy"
          sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
        />
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
            {post.category && <Chip size="small" label={localized(lang, post.category.name, post.category.name_en)} />}
            {post.type === 'video' && <Chip size="small" color="secondary" label={t('blogs.video')} />}
          </Stack>
          <Typography variant="h6" component="h2" gutterBottom>
            {localized(lang, post.name, post.name_en)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {localized(lang, post.short_desc, post.short_desc_en)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDay(post.created_at, lang)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
