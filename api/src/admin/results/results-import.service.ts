import { RESULTS_COLUMNS, toAsciiDigits, type ResultsPreviewRow } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Auth } from '../../auth/session.service';
import { AppError } from '../../common/app-error';
import { translate, type Lang, type MessageKey } from '../../common/i18n';
import type { Db } from '../../core/database';
import { DB } from '../../core/core.module';
import { competitions, teams } from '../../db/schema';
import { recordResults } from '../../teams/lifecycle/team-state';
import { AuditService } from '../../audit/audit.service';
import { isText } from '../../media/sniff';
import type { ReceivedFile } from '../../media/uploads';

const MAX_ROWS = 5000;

/**
 * A score as people type it in a spreadsheet: Arabic-Indic digits, and a decimal comma or the
 * Arabic decimal separator (12,5 / ١٢٫٥) as well as a point; written back with a point.
 */
function readScore(raw: string | undefined): string {
  const text = toAsciiDigits((raw ?? '').trim());
  return /^\d{1,8}[,\u066B]\d{1,2}$/.test(text) ? text.replace(/[,\u066B]/, '.') : text;
}

/**
 * Results from a CSV file (team_no, score, ranked): `?dry_run=true` previews each row with its
 * error; without it the rows are applied in one transaction, and only when none has an error. A row
 * with neither score nor rank (the back-office's template lists every team) is skipped.
 */
@Injectable()
export class ResultsImportService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly audits: AuditService,
  ) {}

  /** Each row of the file with its error (translated), or a 400 when the file is not such a CSV. */
  async preview(
    file: ReceivedFile | undefined,
    lang: Lang,
    scope: { season?: string; competition?: string } = {},
  ): Promise<ResultsPreviewRow[]> {
    // At most 2 MB (the route's limit), so it is read whole.
    const bytes = file?.size ? await readFile(file.path) : undefined;
    if (!bytes || !isText(bytes)) throw new AppError(400, 'results.file');
    const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim().toLowerCase(),
    });
    const fields = parsed.meta.fields ?? [];
    if (!RESULTS_COLUMNS.every((f) => fields.includes(f)) || parsed.data.length > MAX_ROWS)
      throw new AppError(400, 'results.file');
    // A template row left blank (no score, no rank) is a team without a result yet: skipped.
    const filled = parsed.data
      .map((r, i) => ({
        line: i + 2,
        team_no: (r.team_no ?? '').trim(),
        score: readScore(r.score),
        ranked: toAsciiDigits((r.ranked ?? '').trim()),
      }))
      .filter((row) => row.score !== '' || row.ranked !== '');
    // Team numbers are matched whatever their case (t-1003 is T-1003); only approved teams take results.
    const numbers = [...new Set(filled.map((r) => r.team_no.toUpperCase()))];
    const found = numbers.length
      ? await this.db
          .select({
            id: teams.id,
            no: teams.teamNo,
            name: teams.name,
            state: teams.state,
            seasonId: teams.seasonId,
            competitionId: teams.competitionId,
            competition: competitions.name,
            competitionEn: competitions.nameEn,
          })
          .from(teams)
          .innerJoin(competitions, eq(competitions.id, teams.competitionId))
          .where(inArray(sql`upper(${teams.teamNo})`, numbers))
      : [];
    const known = new Map(found.map((t) => [t.no.toUpperCase(), t]));
    const seen = new Set<string>();
    return filled.map((row) => {
      const team = known.get(row.team_no.toUpperCase());
      let error: MessageKey | null = null;
      if (!team) error = 'results.unknown_team';
      else if (scope.season && team.seasonId !== scope.season) error = 'results.other_competition';
      else if (scope.competition && team.competitionId !== scope.competition) error = 'results.other_competition';
      else if (team.state !== 'approved') error = 'results.not_approved';
      else if (seen.has(team.no)) error = 'results.duplicate';
      else if (!/^\d{1,8}(\.\d{1,2})?$/.test(row.score)) error = 'results.bad_score';
      else if (!/^[1-9]\d{0,5}$/.test(row.ranked)) error = 'results.bad_rank';
      if (team) seen.add(team.no);
      return {
        ...row,
        team_no: team?.no ?? row.team_no,
        team_id: team?.id ?? null,
        team_name: team ? (team.name ?? team.no) : null,
        competition: team ? (lang === 'ar' ? team.competition : team.competitionEn || team.competition) : null,
        error: error && translate(lang, error),
      };
    });
  }

  /** Writes the rows' scores and ranks through the team lifecycle in one transaction, with one audit entry. */
  async apply(auth: Auth, rows: ResultsPreviewRow[]) {
    await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await recordResults(
        tx,
        rows.map((r) => ({ teamId: r.team_id!, score: r.score, ranked: Number(r.ranked) })),
      );
      await this.audits.record(tx, {
        actor: auth.user,
        action: 'import',
        resource: 'teams',
        recordId: `${rows.length} rows`,
        after: { results: rows.map(({ team_no, score, ranked }) => ({ team_no, score, ranked })) },
      });
    });
  }
}
