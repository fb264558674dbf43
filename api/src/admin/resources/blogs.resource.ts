import { isNoneFiller } from '@platform/contract';
import { and, eq, inArray, like, ne, or } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import { isBlankHtml, sanitizeRichText } from '../../content/rich-text';
import { slugify } from '../../content/slug';
import type { Db } from '../../db/database';
import { categories, galleryFiles, posts } from '../../db/schema';
import { FormReader, defined } from '../form';
import { defineResource, type Body } from '../resource';

type Row = { posts: typeof posts.$inferSelect; categories: typeof categories.$inferSelect | null };
const MAX_MEDIA = 10;

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

/** Paths chosen in the media library must be library files of the right kind, at most `max`. */
async function libraryPaths(tx: Db, body: Body, field: string, kind: 'image' | 'video', max: number) {
  const raw = body[field];
  if (raw === undefined) return undefined;
  let list: unknown = raw;
  if (typeof raw === 'string') {
    // The old form sent these lists as JSON text.
    try {
      list = raw ? JSON.parse(raw) : [];
    } catch {
      throw new AppError(400, 'request.invalid_field', { field });
    }
  }
  if (!Array.isArray(list) || !list.every((p) => typeof p === 'string'))
    throw new AppError(400, 'request.invalid_field', { field });
  if (list.length > max) throw new AppError(400, 'content.too_many_files');
  const unique = [...new Set(list as string[])];
  if (unique.length) {
    const found = await tx
      .select({ path: galleryFiles.path })
      .from(galleryFiles)
      .where(and(inArray(galleryFiles.path, unique), eq(galleryFiles.type, kind), eq(galleryFiles.active, true)));
    if (found.length !== unique.length) throw new AppError(400, 'content.unknown_file');
  }
  return unique;
}

async function readPost(body: Body, tx: Db, creating: boolean, self?: Row) {
  const f = new FormReader(body, creating ? 'admin.fill_form' : 'admin.fill_form_edit');
  const rich = (field: string) => {
    const v = f.long(field, 500_000);
    return v === undefined ? undefined : isBlankHtml(v) ? '' : sanitizeRichText(v);
  };
  const v = {
    name: f.text('name', 200),
    nameEn: f.text('name_en', 200),
    type: f.oneOf('type', ['post', 'video'] as const),
    shortDesc: f.long('short_desc', 1000),
    shortDescEn: f.long('short_desc_en', 1000),
    description: rich('description'),
    descriptionEn: rich('description_en'),
    status: f.bool('status'),
  };
  if (creating) f.need(v.name, v.nameEn);
  else if (v.name === '' || v.nameEn === '') f.need('');

  let categoryId: string | null | undefined;
  const category = body.category;
  if (category === null || category === '' || isNoneFiller(category)) categoryId = null;
  else if (category !== undefined) {
    if (!isUuid(category)) throw new AppError(400, 'content.bad_category');
    const [found] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, category), eq(categories.status, true)));
    // Keeping the category a post already has is fine even if it was switched off since.
    if (!found && category !== self?.posts.categoryId) throw new AppError(400, 'content.bad_category');
    categoryId = category;
  }

  const image =
    body.image === undefined
      ? undefined
      : ((await libraryPaths(tx, { image: body.image ? [body.image] : [] }, 'image', 'image', 1))?.[0] ?? null);
  const galleries = await libraryPaths(tx, body, 'galleries', 'image', MAX_MEDIA);
  const videos = await libraryPaths(tx, body, 'videos', 'video', MAX_MEDIA);

  const slug =
    v.nameEn !== undefined && (creating || v.nameEn !== self?.posts.nameEn)
      ? await freeSlug(tx, slugify(v.nameEn), self?.posts.id)
      : undefined;
  return defined({ ...v, slug, categoryId, image, galleries, videos });
}

/** Blog posts and videos. The slug comes from the English name (never from the form) and stays unique. */
export const blogsResource = defineResource<Row>({
  name: 'blogs',
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
  create: (body, ctx) => readPost(body, ctx.tx, true),
  update: (body, row, ctx) => readPost(body, ctx.tx, false, row),
  toRecord: ({ posts: p, categories: c }) => ({
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
    created_at: p.createdAt,
  }),
});
