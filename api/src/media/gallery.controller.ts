import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UploadedFiles } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { GALLERY_MAX_BYTES, GalleryService, type GalleryMode } from './gallery.service';
import { GalleryUpdateDto } from './gallery.dto';
import { Upload, type ReceivedFile } from './uploads';
import { Answers, done, list, shape } from '../common/answers';

@ApiTags('admin: media library')
@Controller('gallery')
export class GalleryController {
  constructor(private readonly gallery: GalleryService) {}

  @Answers(shape('LibraryPage'))
  @Get()
  @Roles('admin')
  @ApiOperation({
    summary: 'Library files, 20 a page (page is zero-based); type all, image or video; s searches names',
  })
  list(@Query() query: Record<string, string>) {
    return this.gallery.list(query);
  }

  @Answers(done({ files: list(shape('LibraryFile')) }))
  @Post('upload')
  @Roles('admin')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Adds files (field files, up to 10) of the mode given by ?type=all|image|video, checked by their bytes',
  })
  @Upload({ array: 'files' }, { fileSize: GALLERY_MAX_BYTES, files: 10, fields: 50 })
  async upload(
    @UploadedFiles() files: ReceivedFile[] = [],
    @Query('type') type: string | undefined,
    @CurrentAuth() auth: Auth,
    @Lang() lang: Lang,
  ) {
    const mode: GalleryMode = type === 'image' || type === 'video' ? type : 'all';
    const saved = await this.gallery.upload(files, mode, auth.user);
    return { success: true, message: translate(lang, 'gallery.uploaded'), files: saved };
  }

  @Answers(shape('LibraryFileDetail'))
  @Get(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'One library file, with the posts, events, plans and policies that use it (used_in)' })
  get(@Param('id') id: string) {
    return this.gallery.get(id);
  }

  @Answers(shape('LibraryFile'))
  @Put(':id')
  @Roles('admin')
  @ApiOperation({ summary: "Sets a file's alternative text (alt)" })
  update(@Param('id') id: string, @Body() body: GalleryUpdateDto, @CurrentAuth() auth: Auth) {
    return this.gallery.update(id, body.alt, auth.user);
  }

  @Answers(done())
  @Delete(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Deletes a file nothing uses; a file in use is refused (409) naming where it is used' })
  async remove(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    await this.gallery.remove(id, auth.user, lang);
    return { success: true, message: translate(lang, 'gallery.deleted') };
  }
}
