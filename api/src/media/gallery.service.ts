import { Inject, Injectable } from '@nestjs/common';
import type { LibraryFile, LibraryFileDetail, LibraryFileType, LibraryFileUse, LibraryPage } from '@platform/contract';
import { and, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { likePattern } from '../common/like-pattern';
import { AppError } from '../common/app-error';
import { translate, type Lang } from '../common/i18n';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { events, galleryFiles, plans, posts, settings, type User } from '../db/schema';
import { AuditService } from '../audit/audit.service';
import { makeThumbnail } from './images';
import { sniff } from './sniff';
import { sanitizeSvg } from './svg';
import { UploadStore, readHead, uploadedName } from './upload-store';
import type { ReceivedFile } from './uploads';

export type GalleryMode = 'all' | 'image' | 'video';

const IMAGE = ['jpg', 'jpeg', 'png', 'gif', 'svg'];
const VIDEO = ['mp4'];
const DOCUMENTS = ['pdf', 'docx', 'doc', 'pptx', 'potx', 'xlsx', 'xls', 'csv', 'pptm', 'zip', 'txt'];
/** What each library mode accepts (spec §5). */
export const GALLERY_TYPES: Record<GalleryMode, string[]> = {
  all: [...IMAGE, ...DOCUMENTS, ...VIDEO],
  image: IMAGE,
  video: VIDEO,
};
export const GALLERY_MAX_BYTES = 100 * 1024 * 1024;
const MAX_BYTES_BY_KIND = { image: 10 * 1024 * 1024, video: GALLERY_MAX_BYTES, file: 25 * 1024 * 1024 };
const PAGE_SIZE = 20;
export const GALLERY_ALT_MAX = 300;
const MB = 1024 * 1024;

/**
 * Where a library file can be used: the columns that may hold its path, as a field (a post's
 * picture, gallery and videos) or inside rich text. A file found in any of them is not deleted.
 */
const PLACES = [
  {
    section: 'blogs',
    table: posts,
    id: posts.id,
    name: posts.name,
    nameEn: posts.nameEn,
    columns: [posts.image, posts.galleries, posts.videos, posts.description, posts.descriptionEn],
  },
  {
    section: 'events',
    table: events,
    id: events.id,
    name: events.name,
    nameEn: events.nameEn,
    columns: [events.description, events.descriptionEn, events.link],
  },
  {
    section: 'plans',
    table: plans,
    id: plans.id,
    name: plans.name,
    nameEn: plans.nameEn,
    columns: [plans.description, plans.descriptionEn],
  },
  {
    section: 'settings',
    table: settings,
    id: settings.id,
    name: settings.siteName,
    nameEn: settings.siteName,
    columns: [settings.privacy, settings.privacyEn, settings.termsConditions, settings.termsConditionsEn],
  },
] as const;

const mentions = (column: AnyColumn, path: string) => sql`strpos(${column}::text, ${path}) > 0`;

const kindOf = (ext: string): LibraryFileType =>
  IMAGE.includes(ext) ? 'image' : VIDEO.includes(ext) ? 'video' : 'file';

type Row = typeof galleryFiles.$inferSelect;
const view = (f: Row): LibraryFile => ({
  _id: f.id,
  path: f.path,
  thumb: f.thumb,
  name: f.name,
  alt: f.alt,
  size: f.size,
  ext: f.ext,
  type: f.type,
  active: f.active,
  created_at: f.createdAt.toISOString(),
});

/**
 * The media library. Uploads arrive in a temporary folder (never in memory), are recognised by their
 * bytes against the mode's list, size-capped per kind, given thumbnails when they are raster images,
 * and only then moved under /uploads/imgvgallery/. A batch with one bad file keeps nothing.
 */
@Injectable()
export class GalleryService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadStore,
    private readonly audits: AuditService,
  ) {}

  async list(query: { type?: string; page?: string; limit?: string; s?: string }): Promise<LibraryPage> {
    const mode = (['image', 'video'].includes(query.type ?? '') ? query.type : 'all') as GalleryMode;
    const page = Math.max(0, Number.parseInt(query.page ?? '0', 10) || 0);
    const limit = Math.min(100, Math.max(1, Number.parseInt(query.limit ?? `${PAGE_SIZE}`, 10) || PAGE_SIZE));
    const conditions: SQL[] = [eq(galleryFiles.active, true)];
    if (mode !== 'all') conditions.push(eq(galleryFiles.type, mode));
    const s = typeof query.s === 'string' ? query.s.trim().slice(0, 100) : '';
    if (s) conditions.push(ilike(galleryFiles.name, likePattern(s)));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(galleryFiles)
        .where(where)
        .orderBy(desc(galleryFiles.createdAt), desc(galleryFiles.id))
        .limit(limit)
        .offset(page * limit),
      this.db.select({ total: count() }).from(galleryFiles).where(where),
    ]);
    return {
      success: true,
      galleries: rows.map(view),
      currentPage: page,
      totalPages: Math.ceil(total / limit),
      totalItems: total,
    };
  }

  /** Files by their public paths, only those in the library and active (what a post may reference). */
  async existing(paths: string[]) {
    if (!paths.length) return [];
    return this.db
      .select()
      .from(galleryFiles)
      .where(and(inArray(galleryFiles.path, paths), eq(galleryFiles.active, true)));
  }

  async upload(files: ReceivedFile[], mode: GalleryMode, actor: User): Promise<LibraryFile[]> {
    const moved: string[] = [];
    try {
      if (!files.length) throw new AppError(400, 'upload.missing');
      const checked = [];
      for (const file of files) {
        const name = uploadedName(file);
        const bytes = await readHead(file.path);
        const ext = sniff(name, bytes, GALLERY_TYPES[mode]);
        if (!ext) throw new AppError(400, 'gallery.type', { name });
        const kind = kindOf(ext);
        if (file.size > MAX_BYTES_BY_KIND[kind])
          throw new AppError(413, 'gallery.too_large', { name, limit: MAX_BYTES_BY_KIND[kind] / MB });
        // An SVG that is more than drawing is refused, not "cleaned"; a drawing is stored as the sanitizer wrote it.
        let svg: Buffer | null = null;
        if (ext === 'svg') {
          const drawing = sanitizeSvg(await readFile(file.path, 'utf8'));
          if (drawing === null) throw new AppError(400, 'gallery.svg', { name });
          svg = Buffer.from(drawing, 'utf8');
        }
        checked.push({ file, name, ext: ext === 'jpeg' ? 'jpg' : ext, kind, svg });
      }
      const rows: (typeof galleryFiles.$inferInsert)[] = [];
      for (const c of checked) {
        const id = randomUUID();
        let thumb: string | null = null;
        if (c.kind === 'image' && c.ext !== 'svg') {
          // Decoding the picture is the last check of its bytes; the thumbnail is re-encoded.
          const bytes = await makeThumbnail(c.file.path, this.config.uploads.maxPixels);
          if (!bytes) throw new AppError(400, 'gallery.type', { name: c.name });
          thumb = await this.uploads.save('imgvgallery/thumbs', '.jpg', bytes, `${id}.jpg`);
          moved.push(thumb);
        }
        const size = c.svg?.length ?? c.file.size;
        const path = `/uploads/imgvgallery/${id}.${c.ext}`;
        await this.uploads.files.put(this.uploads.key(path)!, c.svg ?? { file: c.file.path });
        moved.push(path);
        rows.push({
          path,
          thumb,
          name: c.name,
          size,
          ext: c.ext,
          type: c.kind,
          uploadedBy: actor.id,
        });
      }
      // Each file and its audit entry are kept together.
      const inserted = await this.db.transaction(async (tx) => {
        const saved = await tx.insert(galleryFiles).values(rows).returning();
        for (const file of saved) {
          await this.audits.record(tx, {
            actor,
            action: 'upload',
            resource: 'gallery',
            recordId: file.id,
            after: { name: file.name, path: file.path, size: file.size },
          });
        }
        return saved;
      });
      return inserted.map(view);
    } catch (err) {
      await Promise.all(moved.map((p) => this.uploads.remove(p).catch(() => undefined)));
      throw err;
    }
  }

  /** One file with the places that use it. */
  async get(id: string): Promise<LibraryFileDetail> {
    const [file] = await this.db.select().from(galleryFiles).where(eq(galleryFiles.id, id));
    if (!file || !file.active) throw new AppError(404, 'request.not_found');
    return { ...view(file), used_in: await this.usage(this.db, file.path) };
  }

  /**
   * The places (posts, events, plans, policies) whose fields or rich text hold the file's path. One
   * query after another: `db` may be a transaction, whose one connection takes one query at a time.
   */
  private async usage(db: Pick<Db, 'select'>, path: string): Promise<LibraryFileUse[]> {
    const found: LibraryFileUse[] = [];
    for (const place of PLACES) {
      const rows = await db
        .select({ id: place.id, name: place.name, nameEn: place.nameEn })
        .from(place.table)
        .where(or(...place.columns.map((c) => mentions(c, path))))
        .limit(20);
      found.push(...rows.map((r) => ({ section: place.section, id: r.id, name: r.name, name_en: r.nameEn })));
    }
    return found;
  }

  /** Sets a file's alternative text (used when a picture is put into a post), checked by GalleryUpdateDto. */
  async update(id: string, alt: string, actor: User): Promise<LibraryFile> {
    const row = await this.db.transaction(async (tx) => {
      const [file] = await tx.select().from(galleryFiles).where(eq(galleryFiles.id, id)).for('update');
      if (!file || !file.active) throw new AppError(404, 'request.not_found');
      if (file.alt === alt) return file;
      const [saved] = await tx.update(galleryFiles).set({ alt }).where(eq(galleryFiles.id, id)).returning();
      await this.audits.record(tx, {
        actor,
        action: 'update',
        resource: 'gallery',
        recordId: id,
        before: { alt: file.alt },
        after: { alt },
      });
      return saved;
    });
    return view(row);
  }

  /**
   * Deletes a file no post, event, plan or policy uses; a file in use is refused with the places
   * named. The row goes first (in a transaction that holds it), the bytes after it is committed.
   */
  async remove(id: string, actor: User, lang: Lang) {
    const file = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(galleryFiles).where(eq(galleryFiles.id, id)).for('update');
      if (!row || !row.active) throw new AppError(404, 'request.not_found');
      const uses = await this.usage(tx, row.path);
      if (uses.length) {
        const places = uses
          .map((u) => translate(lang, `gallery.place.${u.section}`, { name: lang === 'ar' ? u.name : u.name_en }))
          .join(lang === 'ar' ? '، ' : ', ');
        throw new AppError(409, 'gallery.in_use', { places });
      }
      await tx.delete(galleryFiles).where(eq(galleryFiles.id, id));
      await this.audits.record(tx, {
        actor,
        action: 'delete',
        resource: 'gallery',
        recordId: id,
        before: { name: row.name, path: row.path, size: row.size },
      });
      return row;
    });
    await Promise.all([this.uploads.remove(file.path), this.uploads.remove(file.thumb)]);
  }
}
