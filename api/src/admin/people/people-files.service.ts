import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import type { AppConfig } from '../../core/config';
import type { Db } from '../../core/database';
import { CONFIG, DB } from '../../core/core.module';
import { judgeApplications, type User } from '../../db/schema';
import { AuditService } from '../../audit/audit.service';
import { FileStore } from '../../media/file-store';
import { storePicture } from '../../media/images';
import { UnattachedUploads } from '../../media/unattached';
import { UploadStore } from '../../media/upload-store';
import type { ReceivedFile } from '../../media/uploads';
import { uploadedName } from '../../media/upload-store';

/** Files of the people screens: a picture for the user and admin forms, a judge applicant's CV. */
@Injectable()
export class PeopleFilesService {
  /** Judge applicants' CVs, outside the public uploads. */
  private readonly cvs: UploadStore;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadStore,
    files: FileStore,
    private readonly unattached: UnattachedUploads,
    private readonly audits: AuditService,
  ) {
    this.cvs = new UploadStore(files, 'private');
  }

  /**
   * Stores an uploaded picture (JPG, PNG or GIF by its bytes) and answers its public path; the upload
   * is in the audit log (issue 31: staff's media uploads), named by the file it came from.
   */
  async picture(actor: User, file: ReceivedFile | undefined) {
    if (!file?.size) throw new AppError(400, 'upload.missing');
    const path = await storePicture(this.uploads, file.path, ['jpeg', 'png', 'gif'], this.config.uploads.maxPixels);
    if (!path) throw new AppError(400, 'admin.picture_type');
    // Kept only once a form saves it: the retention job removes it otherwise.
    await this.unattached.note(path);
    await this.audits.record(this.db, {
      actor,
      action: 'upload',
      resource: 'users',
      recordId: path,
      after: { name: uploadedName(file), path, size: file.size },
    });
    return path;
  }

  /** One of a judge applicant's CVs: the stored file and the name it was uploaded with. */
  async cv(id: string, index: string) {
    if (!isUuid(id) || !/^\d{1,2}$/.test(index)) throw new AppError(404, 'request.not_found');
    const [app] = await this.db.select().from(judgeApplications).where(eq(judgeApplications.id, id));
    const file = app?.certificates[Number(index)];
    if (!file) throw new AppError(404, 'request.not_found');
    const stored = await this.cvs.open(file.path);
    if (!stored) throw new AppError(404, 'request.not_found');
    return { stored, name: file.name };
  }
}
