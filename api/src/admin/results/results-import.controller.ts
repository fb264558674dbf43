import { Controller, HttpCode, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { AppError } from '../../common/app-error';
import { Lang, translate } from '../../common/i18n';
import { Upload, type ReceivedFile } from '../../media/uploads';
import { ResultsImportService } from './results-import.service';

@ApiTags('admin: teams')
@Controller('admin/teams')
export class ResultsImportController {
  constructor(private readonly results: ResultsImportService) {}

  @Post('import')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Imports results (file: CSV with team_no, score, ranked); dry_run=true only previews' })
  @Upload('file', { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 })
  async import(
    @UploadedFile() file: ReceivedFile | undefined,
    @Query('dry_run') dryRun: string | undefined,
    @CurrentAuth() auth: Auth,
    @Lang() lang: Lang,
  ) {
    const rows = await this.results.preview(file, lang);
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
