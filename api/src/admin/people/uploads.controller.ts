import { LIMITS } from '@platform/contract';
import { Controller, Get, HttpCode, Param, Post, Req, Res, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { sendStored } from '../../media/serve';
import { Upload, type ReceivedFile } from '../../media/uploads';
import { PeopleFilesService } from './people-files.service';
import { Answers, ok, text } from '../../common/answers';

/** Files of the people screens: a picture for the user and admin forms, a judge applicant's CV. */
@ApiTags('admin: files')
@Controller('admin')
export class PeopleFilesController {
  constructor(private readonly files: PeopleFilesService) {}

  @Answers(ok({ path: text }))
  @Post('uploads/picture')
  @Roles('admin', 'sub_admin')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Stores a picture (JPG, PNG or GIF by its bytes, 5 MB) for a user or admin form; answers its path',
  })
  @Upload('file', { fileSize: LIMITS.pictureBytes, files: 1, fields: 5 })
  async picture(@CurrentAuth() auth: Auth, @UploadedFile() file: ReceivedFile | undefined) {
    return { success: true, path: await this.files.picture(auth.user, file) };
  }

  @Get('judges/:id/cv/:index')
  @Roles('admin')
  @ApiOperation({ summary: "Downloads one of a judge applicant's CV PDFs" })
  async cv(
    @Param('id') id: string,
    @Param('index') index: string,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    const { stored, name } = await this.files.cv(id, index);
    res.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    res.header('X-Content-Type-Options', 'nosniff');
    return sendStored(req, res, { ...stored, type: 'application/pdf' });
  }
}
