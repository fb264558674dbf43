import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { sendStored } from '../media/serve';
import { Upload, type ReceivedFile } from '../media/uploads';
import { ResearchDto } from './research.dto';
import { RESEARCH_MAX_BYTES, ResearchService } from './research.service';
import { Answers, done, list, ok, shape } from '../common/answers';

@ApiTags('accounts: research')
@Controller('research')
export class ResearchController {
  constructor(private readonly research: ResearchService) {}

  @Answers(ok({ research: list(shape('ResearchView')) }))
  @Get()
  @Roles(...MEMBERS)
  @ApiOperation({ summary: "The signed-in member's research entries, newest first" })
  async list(@CurrentAuth() auth: Auth) {
    return { success: true, research: await this.research.list(auth.user) };
  }

  @Answers(done({ research: shape('ResearchView') }))
  @Post()
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds a research entry: title, desc and file (PDF, Word, PowerPoint, Excel or ZIP; 20 MB)' })
  @Upload('file', { fileSize: RESEARCH_MAX_BYTES, files: 1, fields: 10 }, ResearchDto)
  async add(
    @CurrentAuth() auth: Auth,
    @Body() body: ResearchDto,
    @UploadedFile() file: ReceivedFile | undefined,
    @Lang() lang: Lang,
  ) {
    const entry = await this.research.add(auth.user, body, file);
    return { success: true, message: translate(lang, 'research.saved'), research: entry };
  }

  @Answers(done())
  @Delete(':id')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Deletes one of the member’s research entries and its file' })
  async remove(@CurrentAuth() auth: Auth, @Param('id') id: string, @Lang() lang: Lang) {
    await this.research.remove(auth.user, id);
    return { success: true, message: translate(lang, 'research.deleted') };
  }

  @Get(':id/file')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Downloads the file of one of the member’s research entries' })
  async download(
    @CurrentAuth() auth: Auth,
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    const file = await this.research.file(auth.user, id);
    res.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    res.header('X-Content-Type-Options', 'nosniff');
    return sendStored(req, res, { ...file.stored, type: file.mime });
  }
}
