import { Controller, HttpCode, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { AppError } from '../../common/app-error';
import { isUuid } from '../../common/ids';
import { Lang, translate } from '../../common/i18n';
import { Upload, type ReceivedFile } from '../../media/uploads';
import { ResultsImportService } from './results-import.service';
import { Answers, int, list, ok, shape, text } from '../../common/answers';

@ApiTags('admin: teams')
@Controller('admin/teams')
export class ResultsImportController {
  constructor(private readonly results: ResultsImportService) {}

  @Answers(ok({ rows: list(shape('ResultsPreviewRow')), valid: int, invalid: int, message: text }, ['message']))
  @Post('import')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Imports results of approved teams (file: CSV with team_no, score, ranked; season and competition: only their teams); dry_run=true only previews',
  })
  @Upload('file', { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 })
  async import(
    @UploadedFile() file: ReceivedFile | undefined,
    @Query('dry_run') dryRun: string | undefined,
    @Query('season') season: string | undefined,
    @Query('competition') competition: string | undefined,
    @CurrentAuth() auth: Auth,
    @Lang() lang: Lang,
  ) {
    for (const [field, id] of [
      ['season', season],
      ['competition', competition],
    ] as const)
      if (id !== undefined && !isUuid(id)) throw new AppError(400, 'request.invalid_field', { field }, field);
    const rows = await this.results.preview(file, lang, { season, competition });
    const invalid = rows.filter((r) => r.error).length;
    if (dryRun === 'true') return { success: true, rows, valid: rows.length - invalid, invalid };
    if (invalid || !rows.length) throw new AppError(400, 'results.has_errors');
    await this.results.apply(auth, rows);
    return {
      success: true,
      message: translate(lang, 'results.applied', { count: rows.length }),
      rows,
      valid: rows.length,
      invalid: 0,
    };
  }
}
