import { LIMITS } from '@platform/contract';
import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { eq } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { Roles } from '../../auth/roles';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { CONFIG, DB } from '../../db/db.module';
import { judgeApplications } from '../../db/schema';
import { storePicture } from '../../media/images';
import { FileStore } from '../../media/file-store';
import { sendStored } from '../../media/serve';
import { UploadStore } from '../../media/upload-store';
import { Upload } from '../../media/uploads';

/** Files of the people screens: a picture for the user and admin forms, a judge applicant's CV. */
@ApiTags('admin: files')
@Controller('admin')
export class PeopleFilesController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadStore,
    files: FileStore,
  ) {
    this.cvs = new UploadStore(files, 'private');
  }

  /** Judge applicants' CVs, outside the public uploads. */
  private readonly cvs: UploadStore;

  @Post('uploads/picture')
  @Roles('admin', 'sub_admin')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Stores a picture (JPG, PNG or GIF by its bytes, 5 MB) for a user or admin form; answers its path',
  })
  @Upload('file', { fileSize: LIMITS.pictureBytes, files: 1, fields: 5 })
  async picture(@UploadedFile() file: Express.Multer.File | undefined) {
    if (!file?.size) throw new AppError(400, 'upload.missing');
    const path = await storePicture(this.uploads, file.path, ['jpeg', 'png', 'gif'], this.config.uploads.maxPixels);
    if (!path) throw new AppError(400, 'admin.picture_type');
    return { success: true, path };
  }

  @Get('judges/:id/cv/:index')
  @Roles('admin')
  @ApiOperation({ summary: "Downloads one of a judge applicant's CV PDFs" })
  async cv(@Param('id') id: string, @Param('index') index: string, @Req() req: Request, @Res() res: Response) {
    if (!isUuid(id) || !/^\d{1,2}$/.test(index)) throw new AppError(404, 'request.not_found');
    const [app] = await this.db.select().from(judgeApplications).where(eq(judgeApplications.id, id));
    const file = app?.certifcates[Number(index)];
    if (!file) throw new AppError(404, 'request.not_found');
    const stored = await this.cvs.open(file.path);
    if (!stored) throw new AppError(404, 'request.not_found');
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await sendStored(req, res, { ...stored, type: 'application/pdf' });
  }
}
