import { Inject, Injectable, Logger } from '@nestjs/common';
import { asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { unattachedUploads, users } from '../db/schema';
import { removePicture } from './images';
import { UploadStore } from './upload-store';

/**
 * Pictures the back-office uploads before its form is saved (POST /api/admin/uploads/picture): each
 * is noted when stored; the retention pass removes, after `hours`, those no account's picture names
 * (the form was left without saving) and forgets the rest. Every other upload is attached in the
 * request that stores it (a member's picture, research file, CV; a library file is a record itself).
 */
@Injectable()
export class UnattachedUploads {
  private readonly logger = new Logger('Retention');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly uploads: UploadStore,
  ) {}

  /** Notes a stored picture that a form has yet to save. */
  async note(path: string): Promise<void> {
    await this.db.insert(unattachedUploads).values({ path }).onConflictDoNothing();
  }

  /**
   * One batch of pictures noted more than `hours` ago: removed from the store when no account names
   * them (the file first, then its note, so a failure leaves it for the next pass; no store call
   * inside a transaction). Answers how many notes were settled; `removed` counts the files removed.
   */
  async sweep(hours: number, batch: number): Promise<{ settled: number; removed: number }> {
    const due = await this.db
      .select()
      .from(unattachedUploads)
      .where(lt(unattachedUploads.createdAt, new Date(Date.now() - hours * 3_600_000)))
      .orderBy(asc(unattachedUploads.createdAt))
      .limit(batch);
    let removed = 0;
    for (const { path } of due) {
      const [named] = await this.db.select({ id: users.id }).from(users).where(eq(users.picture, path)).limit(1);
      if (!named) {
        try {
          await removePicture(this.uploads, path);
          removed++;
        } catch (err) {
          this.logger.warn(`could not remove ${path}: ${err instanceof Error ? err.message : String(err)}`);
          continue;
        }
      }
      await this.db.delete(unattachedUploads).where(eq(unattachedUploads.path, path));
    }
    return { settled: due.length, removed };
  }
}
