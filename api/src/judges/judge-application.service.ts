import { Inject, Injectable } from '@nestjs/common';
import { canApplyAsJudge } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import { validateBody } from '../common/validation';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { judgeApplications, users, type StoredFile, type User } from '../db/schema';
import { FileStore } from '../media/file-store';
import { UploadStore, readHead, uploadedName } from '../media/upload-store';
import { UploadQuota, type ReceivedFile } from '../media/uploads';
import { JudgeApplicationDto } from './judge-application.dto';

const isPdf = async (path: string) => (await readHead(path, 5)).toString('latin1') === '%PDF-';

/** Judge and referee applications: CVs are PDFs by their bytes, kept outside the public uploads. */
@Injectable()
export class JudgeApplicationService {
  private readonly cvStore: UploadStore;

  constructor(
    @Inject(DB) private readonly db: Db,
    files: FileStore,
    private readonly quota: UploadQuota,
  ) {
    this.cvStore = new UploadStore(files, 'private');
  }

  async apply(user: User, body: Record<string, unknown>, files: ReceivedFile[]) {
    // Adults only, and people only: an entity or a minor is refused before anything is read or kept.
    if (!canApplyAsJudge(user)) throw new AppError(403, 'judge.not_eligible');
    const form = await validateBody(JudgeApplicationDto, { ...body }, { missing: 'judge.fields_empty' });
    const organization = form.organization_name!;
    const city = form.city!;
    if (!files.length) throw new AppError(400, 'upload.missing');
    if ((await Promise.all(files.map((f) => isPdf(f.path)))).includes(false)) throw new AppError(400, 'judge.pdf_only');
    const [pending] = await this.db
      .select({ id: judgeApplications.id })
      .from(judgeApplications)
      .where(and(eq(judgeApplications.userId, user.id), eq(judgeApplications.status, 'pending')))
      .limit(1);
    if (pending) throw new AppError(409, 'judge.pending');

    const saved: StoredFile[] = [];
    try {
      for (const f of files) {
        const path = await this.cvStore.move('cv', '.pdf', f.path);
        saved.push({ path, name: uploadedName(f), size: f.size });
      }
      await this.db.transaction(async (tx) => {
        await this.quota.reserve(
          tx,
          user,
          saved.reduce((total, s) => total + s.size, 0),
        );
        await tx.insert(judgeApplications).values({
          userId: user.id,
          organizationName: organization,
          city,
          applyAs: form.apply_as!,
          previousExperience: form.pexperince!,
          certificates: saved,
        });
        await tx.update(users).set({ applyAs: form.apply_as!, updatedAt: new Date() }).where(eq(users.id, user.id));
      });
    } catch (err) {
      // No file stays behind without its application.
      await Promise.all(saved.map((s) => this.cvStore.remove(s.path)));
      throw err;
    }
  }
}
