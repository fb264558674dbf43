import type { PostView } from '@platform/contract';
import { Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { Card, CardBody } from '~/ui/Card';
import { Chip } from '~/ui/Chip';
import { PLACEHOLDER_IMAGE, formatDay, localized } from '~/utils/posts';

/** One article in a list or carousel: picture (or the placeholder), title, short text, date. */
export function PostCard({ post }: { post: PostView }) {
  const { t, lang } = useT();
  return (
    <Card fill>
      <Link to={`/blogs/view/${post.slug}`} className="card-link">
        <img className="card-media" src={post.image ?? PLACEHOLDER_IMAGE} alt="" loading="lazy" />
        <CardBody>
          <div className="row wrap gap-1 mb-1">
            {post.category && <Chip size="small" label={localized(lang, post.category.name, post.category.name_en)} />}
            {post.type === 'video' && <Chip size="small" color="secondary" label={t('blogs.video')} />}
          </div>
          <h2 className="t-h6 gutter">{localized(lang, post.name, post.name_en)}</h2>
          <p className="t-body2 muted mb-1">{localized(lang, post.short_desc, post.short_desc_en)}</p>
          <p className="t-caption muted">{formatDay(post.created_at, lang)}</p>
        </CardBody>
      </Link>
    </Card>
  );
}
