import type { PostView } from '@platform/contract';
import type { categories, posts } from '../db/schema';

export type PostRow = { posts: typeof posts.$inferSelect; categories: typeof categories.$inferSelect | null };

/** A post as the member site shows it, both languages; the body only when asked (one article). */
export function postView({ posts: p, categories: c }: PostRow, withBody: boolean): PostView {
  return {
    _id: p.id,
    name: p.name,
    name_en: p.nameEn,
    slug: p.slug,
    type: p.type,
    category: c ? { _id: c.id, name: c.name, name_en: c.nameEn } : null,
    short_desc: p.shortDesc,
    short_desc_en: p.shortDescEn,
    image: p.image,
    created_at: p.createdAt.toISOString(),
    ...(withBody
      ? { description: p.description, description_en: p.descriptionEn, galleries: p.galleries, videos: p.videos }
      : {}),
  };
}
