import { LIMITS, POST_TYPES, type BlogRecord } from '@platform/contract';
import { and, eq, inArray, like, ne, or } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { isBlankHtml, sanitizeRichText } from '../../content/rich-text';
import { slugify } from '../../content/slug';
import type { Db } from '../../core/database';
import { categories, galleryFiles, posts } from '../../db/schema';
import { Bool, FormText, OneOf, OptionalId, OptionalText, Required, TextList } from '../../common/dto';
import { defined, defineResource } from '../resource';

type Row = { posts: typeof posts.$inferSelect; categories: typeof categories.$inferSelect | null };

/** A slug free among posts (other than `self`): the English name's, or with -2, -3, … appended. */
async function freeSlug(tx: Db, base: string, self?: string): Promise<string> {
  if (!base) throw new AppError(400, 'content.slug_taken');
  const taken = new Set(
    (
      await tx
        .select({ slug: posts.slug })
        .from(posts)
        .where(and(or(eq(posts.slug, base), like(posts.slug, `${base}-%`)), self ? ne(posts.id, self) : undefined))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i += 1) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** A blog post or video as the back-office form sends it. */
class PostDto {
  @Required() @FormText(LIMITS.titleMax) name?: string;
  @Required() @FormText(LIMITS.titleMax) name_en?: string;
  @OneOf(POST_TYPES) type?: (typeof POST_TYPES)[number];
  @FormText(1000) short_desc?: string;
  @FormText(1000) short_desc_en?: string;
  @FormText(LIMITS.richTextMax) description?: string;
  @FormText(LIMITS.richTextMax) description_en?: string;
  @Bool() status?: boolean;
  /** A category's id; '', null or `None` for none. */
  @OptionalId('content.bad_category') category?: string | null;
  /**
   * Paths chosen in the media library (each checked against it by libraryPaths): the feature
   * picture ('', null or `None` for none), and lists of pictures and videos.
   */
  @OptionalText(500) image?: string | null;
  @TextList(LIMITS.postMediaMax, 'content.too_many_files') galleries?: string[];
  @TextList(LIMITS.postMediaMax, 'content.too_many_files') videos?: string[];
}

/** Paths chosen in the media library must be its active files of the right kind; each is kept once. */
export async function libraryPaths(tx: Db, list: string[] | undefined, kind: 'image' | 'video') {
  if (list === undefined) return undefined;
  const unique = [...new Set(list)];
  if (unique.length) {
    const found = await tx
      .select({ path: galleryFiles.path })
      .from(galleryFiles)
      .where(and(inArray(galleryFiles.path, unique), eq(galleryFiles.type, kind), eq(galleryFiles.active, true)));
    if (found.length !== unique.length) throw new AppError(400, 'content.unknown_file');
  }
  return unique;
}

async function readPost(input: PostDto, tx: Db, creating: boolean, self?: Row) {
  const rich = (v: string | undefined) => (v === undefined ? undefined : isBlankHtml(v) ? '' : sanitizeRichText(v));
  const v = {
    name: input.name,
    nameEn: input.name_en,
    type: input.type,
    shortDesc: input.short_desc,
    shortDescEn: input.short_desc_en,
    description: rich(input.description),
    descriptionEn: rich(input.description_en),
    status: input.status,
  };

  const category = input.category;
  if (category) {
    const [found] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, category), eq(categories.status, true)));
    // Keeping the category a post already has is fine even if it was switched off since.
    if (!found && category !== self?.posts.categoryId) throw new AppError(400, 'content.bad_category');
  }

  const image = input.image && (await libraryPaths(tx, [input.image], 'image'))![0];
  const galleries = await libraryPaths(tx, input.galleries, 'image');
  const videos = await libraryPaths(tx, input.videos, 'video');

  const slug =
    v.nameEn !== undefined && (creating || v.nameEn !== self?.posts.nameEn)
      ? await freeSlug(tx, slugify(v.nameEn), self?.posts.id)
      : undefined;
  return defined({ ...v, slug, categoryId: category, image, galleries, videos });
}

/** Blog posts and videos. The slug comes from the English name (never from the form) and stays unique. */
export const blogsResource = defineResource<Row, PostDto>({
  name: 'blogs',
  shapes: { record: 'BlogRecord' },
  table: posts,
  id: posts.id,
  joins: [[categories, eq(categories.id, posts.categoryId)]],
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [posts.name, posts.nameEn, posts.slug],
  sort: {
    name: posts.name,
    name_en: posts.nameEn,
    type: posts.type,
    created_at: posts.createdAt,
    category_name: categories.nameEn,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    status: { column: posts.status, type: 'bool' },
    type: { column: posts.type, type: 'text' },
    category: { column: posts.categoryId, type: 'uuid' },
  },
  unique: { posts_slug_unique: 'content.slug_taken' },
  toggles: ['status'],
  input: { create: PostDto },
  create: (input, ctx) => readPost(input, ctx.tx, true),
  update: (input, row, ctx) => readPost(input, ctx.tx, false, row),
  toRecord: ({ posts: p, categories: c }): BlogRecord => ({
    id: p.id,
    _id: p.id,
    name: p.name,
    name_en: p.nameEn,
    slug: p.slug,
    type: p.type,
    category: p.categoryId,
    category_name: c ? { name: c.name, name_en: c.nameEn } : null,
    short_desc: p.shortDesc,
    short_desc_en: p.shortDescEn,
    description: p.description,
    description_en: p.descriptionEn,
    image: p.image,
    galleries: p.galleries,
    videos: p.videos,
    status: p.status,
    created_at: p.createdAt.toISOString(),
  }),
});
