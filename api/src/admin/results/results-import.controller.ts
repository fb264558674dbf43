import { toAsciiDigits } from '@platform/contract';
import { Controller, Headers, HttpCode, Inject, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { eq, inArray } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { AppError } from '../../common/app-error';
import { langOf, translate, type Lang, type MessageKey } from '../../common/messages';
import type { Db } from '../../db/database';
import { DB } from '../../db/db.module';
import { auditLog, teams } from '../../db/schema';
import { isText } from '../../media/sniff';
import { Upload } from '../../media/uploads';

interface PreviewRow {
  line: number;
  team_no: string;
  score: string;
  ranked: string;
  error: string | null;
}

const MAX_ROWS = 5000;

/**
 * Results from a CSV file (team_no, score, ranked): `?dry_run=true` previews each row with its
 * error; without it the rows are applied in one transaction, and only when none has an error.
 */
/**
 * A score as people type it in a spreadsheet: Arabic-Indic digits, and a decimal comma or the
 * Arabic decimal separator (12,5 / ١٢٫٥) as well as a point; written back with a point.
 */
function readScore(raw: string | undefined): string {
  const text = toAsciiDigits((raw ?? '').trim());
  return /^\d{1,8}[,\u066B]\d{1,2}$/.test(text) ? text.replace(/[,\u066B]/, '.') : text;
}

@ApiTags('admin: teams')
@Controller('admin/teams')
export class ResultsImportController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Post('import')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Imports results (file: CSV with team_no, score, ranked); dry_run=true only previews' })
  @Upload('file', { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 })
  async import(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Query('dry_run') dryRun: string | undefined,
    @CurrentAuth() auth: Auth,
    @Headers('accept-language') al?: string,
  ) {
    const lang = langOf(al);
    const rows = await this.preview(file, lang);
    const invalid = rows.filter((r) => r.error).length;
    if (dryRun === 'true') return { success: true, rows, valid: rows.length - invalid, invalid };
    if (invalid || !rows.length) throw new AppError(400, 'results.has_errors');
    await this.db.transaction(async (tx) => {
      for (const r of rows) {
        await tx
          .update(teams)
          .set({ score: Number(r.score).toFixed(2), ranked: Number(r.ranked) })
          .where(eq(teams.teamNo, r.team_no));
      }
      await tx.insert(auditLog).values({
        actorId: auth.user.id,
        actorName: auth.user.name,
        action: 'import',
        resource: 'teams',
        recordId: `${rows.length} rows`,
        after: { results: rows.map(({ team_no, score, ranked }) => ({ team_no, score, ranked })) },
      });
    });
    return {
      success: true,
      message: translate(lang, 'results.applied', { count: rows.length }),
      rows,
      valid: rows.length,
      invalid: 0,
    };
  }

  private async preview(file: Express.Multer.File | undefined, lang: Lang): Promise<PreviewRow[]> {
    // At most 2 MB (the route's limit), so it is read whole.
    const bytes = file?.size ? await readFile(file.path) : undefined;
    if (!bytes || !isText(bytes)) throw new AppError(400, 'results.file');
    const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim().toLowerCase(),
    });
    const fields = parsed.meta.fields ?? [];
    if (!['team_no', 'score', 'ranked'].every((f) => fields.includes(f)) || parsed.data.length > MAX_ROWS)
      throw new AppError(400, 'results.file');
    const numbers = parsed.data.map((r) => (r.team_no ?? '').trim());
    const known = new Set(
      numbers.length
        ? (
            await this.db
              .select({ no: teams.teamNo })
              .from(teams)
              .where(inArray(teams.teamNo, [...new Set(numbers)]))
          ).map((t) => t.no)
        : [],
    );
    const seen = new Set<string>();
    return parsed.data.map((r, i) => {
      const row = {
        line: i + 2,
        team_no: numbers[i],
        score: readScore(r.score),
        ranked: toAsciiDigits((r.ranked ?? '').trim()),
      };
      let error: MessageKey | null = null;
      if (!known.has(row.team_no)) error = 'results.unknown_team';
      else if (seen.has(row.team_no)) error = 'results.duplicate';
      else if (!/^\d{1,8}(\.\d{1,2})?$/.test(row.score)) error = 'results.bad_score';
      else if (!/^[1-9]\d{0,5}$/.test(row.ranked)) error = 'results.bad_rank';
      seen.add(row.team_no);
      return { ...row, error: error && translate(lang, error) };
    });
  }
}
