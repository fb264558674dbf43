import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { CONFIG, DB } from '../db/db.module';
import { judgeApplications, users, type StoredFile, type User } from '../db/schema';
import { UploadStore, uploadedName } from '../media/upload-store';

export interface ApplicationForm {
  organization_name?: string;
  city?: string;
  apply_as?: string;
  pexperince?: string;
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** Judge and referee applications: CVs are PDFs by their bytes, kept outside the public uploads. */
@Injectable()
export class JudgeApplicationService {
  private readonly cvStore: UploadStore;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.cvStore = new UploadStore(`${config.dataDir}/private`);
  }

  async apply(user: User, form: ApplicationForm, files: Express.Multer.File[]) {
    const organization = form.organization_name?.trim();
    const city = form.city?.trim();
    if (
      !organization ||
      !city ||
      !['Refree', 'Judge'].includes(form.apply_as ?? '') ||
      !['yes', 'no'].includes(form.pexperince ?? '')
    ) {
      throw new AppError(400, 'judge.fields_empty');
    }
    if (!files.length) throw new AppError(400, 'upload.missing');
    if (files.some((f) => !isPdf(f.buffer))) throw new AppError(400, 'judge.pdf_only');
    const [pending] = await this.db
      .select({ id: judgeApplications.id })
      .from(judgeApplications)
      .where(and(eq(judgeApplications.userId, user.id), eq(judgeApplications.status, 'pending')))
      .limit(1);
    if (pending) throw new AppError(409, 'judge.pending');

    const saved: StoredFile[] = [];
    try {
      for (const f of files) {
        const path = await this.cvStore.save('cv', '.pdf', f.buffer);
        saved.push({ path, name: uploadedName(f), size: f.size });
      }
      await this.db.transaction(async (tx) => {
        await tx.insert(judgeApplications).values({
          userId: user.id,
          organizationName: organization.slice(0, 200),
          city: city.slice(0, 100),
          applyAs: form.apply_as!,
          pexperince: form.pexperince!,
          certifcates: saved,
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
