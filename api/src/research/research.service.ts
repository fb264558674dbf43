import type { ResearchView } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { research, type User } from '../db/schema';
import { MIME, sniff } from '../media/sniff';
import { FileStore } from '../media/file-store';
import { UploadStore, readHead, uploadedName } from '../media/upload-store';
import { UploadQuota, type ReceivedFile } from '../media/uploads';

/** The research file types of the spec (pdf, word, ppt, xls, xlsx, pptx, zip). */
export const RESEARCH_TYPES = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'zip'] as const;
export const RESEARCH_MAX_BYTES = 20 * 1024 * 1024;
const MAX_ENTRIES = 50;

type Row = typeof research.$inferSelect;

const view = (r: Row): ResearchView => ({
  _id: r.id,
  title: r.title,
  desc: r.description,
  file: { name: r.file.name, size: r.file.size, type: r.file.type },
  created_at: r.createdAt.toISOString(),
});

/** A member's research entries; each file is checked by its bytes and kept outside the public uploads. */
@Injectable()
export class ResearchService {
  private readonly store: UploadStore;

  constructor(
    @Inject(DB) private readonly db: Db,
    files: FileStore,
    private readonly quota: UploadQuota,
  ) {
    this.store = new UploadStore(files, 'private');
  }

  async list(user: User) {
    const rows = await this.db
      .select()
      .from(research)
      .where(eq(research.userId, user.id))
      .orderBy(desc(research.createdAt));
    return rows.map(view);
  }

  async add(user: User, form: { title?: string; desc?: string }, file: ReceivedFile | undefined) {
    const title = form.title?.trim();
    if (!title) throw new AppError(400, 'research.fields_empty');
    if (!file) throw new AppError(400, 'upload.missing');
    const ext = sniff(uploadedName(file), await readHead(file.path), RESEARCH_TYPES);
    if (!ext) throw new AppError(400, 'research.file_type');
    const [{ total }] = await this.db.select({ total: count() }).from(research).where(eq(research.userId, user.id));
    if (total >= MAX_ENTRIES) throw new AppError(400, 'research.too_many');

    const path = await this.store.move('research', `.${ext}`, file.path);
    try {
      const row = await this.db.transaction(async (tx) => {
        await this.quota.reserve(tx, user, file.size);
        const [row] = await tx
          .insert(research)
          .values({
            userId: user.id,
            title: title.slice(0, 200),
            description: (form.desc ?? '').trim().slice(0, 5000),
            file: { path, name: uploadedName(file), size: file.size, type: ext },
          })
          .returning();
        return row;
      });
      return view(row);
    } catch (err) {
      await this.store.remove(path);
      throw err;
    }
  }

  private async own(user: User, id: string | undefined): Promise<Row> {
    if (!id || !isUuid(id)) throw new AppError(404, 'request.not_found');
    const [row] = await this.db
      .select()
      .from(research)
      .where(and(eq(research.id, id), eq(research.userId, user.id)))
      .limit(1);
    if (!row) throw new AppError(404, 'request.not_found');
    return row;
  }

  async remove(user: User, id: string | undefined) {
    const row = await this.own(user, id);
    await this.db.delete(research).where(eq(research.id, row.id));
    await this.store.remove(row.file.path);
  }

  /** The file of one of the member's own entries, with what a download needs. */
  async file(user: User, id: string | undefined) {
    const row = await this.own(user, id);
    const stored = await this.store.open(row.file.path);
    if (!stored) throw new AppError(404, 'request.not_found');
    return { stored, name: row.file.name, mime: MIME[row.file.type] ?? 'application/octet-stream' };
  }
}
