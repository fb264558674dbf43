import { randomInt } from 'node:crypto';
import {
  CERTIFICATE_KIND_NAMES,
  platformDay,
  type CertificateKind,
  type CertificateRunRecord,
} from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import { CONFIG, DB } from '../core/core.module';
import type { Db } from '../core/database';
import {
  certificateRuns,
  certificates,
  competitions,
  seasons,
  teamPeople,
  teams,
  users,
  type User,
} from '../db/schema';
import { notifyCertificateReady } from './certificate-notice';

/** People of a competition's teams handled by one step of a bulk issue (each a transaction). */
export const RUN_BATCH = 200;

/** Crockford's base 32 (no I, L, O, U): what the printed code is written in. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new public code: 10 characters, 50 bits from the system's random source. */
export function newCertificateCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

type Certificate = typeof certificates.$inferSelect;
type Named = { name: string; nameEn: string };

/** What one certificate to issue says; the unique index (person, kind, season, competition, award) makes it once. */
export interface CertificateToIssue {
  userId: string;
  kind: Exclude<CertificateKind, 'legacy'>;
  season: Named & { id: string };
  competition: Named & { id: string };
  teamId?: string | null;
  award?: { name: string; nameEn: string } | null;
  issuedOn: string;
  issuedBy: Pick<User, 'id' | 'name'>;
}

export const rankKind = (ranked: number | null): 'rank1' | 'rank2' | 'rank3' | null =>
  ranked === 1 ? 'rank1' : ranked === 2 ? 'rank2' : ranked === 3 ? 'rank3' : null;

/**
 * Issues certificates (issue 33): one by one, or in bulk for a competition of a season (a run, written
 * by the certificate job in batches); and revokes them. Every issue tells the holder through the outbox
 * in the same transaction (notifyCertificateReady); staff actions are audited.
 */
@Injectable()
export class CertificateIssueService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly audits: AuditService,
  ) {}

  /** Inserts the certificate unless the person has it already; answers the new row or null. */
  async insert(tx: Db, c: CertificateToIssue): Promise<Certificate | null> {
    const kindName = CERTIFICATE_KIND_NAMES[c.kind];
    const title = c.kind === 'award' && c.award ? c.award : { name: kindName.ar, nameEn: kindName.en };
    const [row] = await tx
      .insert(certificates)
      .values({
        userId: c.userId,
        kind: c.kind,
        name: `${'name' in title ? title.name : ''} — ${c.competition.name}`,
        nameEn: `${'nameEn' in title ? title.nameEn : ''} — ${c.competition.nameEn}`,
        award: c.award?.name ?? '',
        awardEn: c.award?.nameEn ?? '',
        seasonId: c.season.id,
        competitionId: c.competition.id,
        teamId: c.teamId ?? null,
        issuedOn: c.issuedOn,
        code: newCertificateCode(),
        issuerName: this.config.certificates.issuer.name,
        issuerNameEn: this.config.certificates.issuer.nameEn,
        issuedBy: c.issuedBy.id,
        issuedByName: c.issuedBy.name,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await notifyCertificateReady(tx, this.config.memberUrl, row);
    return row;
  }

  private async seasonAndCompetition(tx: Db, seasonId: string, competitionId: string) {
    const [season] = await tx.select().from(seasons).where(eq(seasons.id, seasonId));
    const [competition] = await tx.select().from(competitions).where(eq(competitions.id, competitionId));
    if (!season || !competition) throw new AppError(400, 'certificate.choose_competition');
    return { season, competition };
  }

  /** One certificate for one person (a judge, a volunteer, a guest, a special award, or any kind). */
  async issueOne(
    actor: User,
    input: {
      user_id: string;
      kind: Exclude<CertificateKind, 'legacy'>;
      season_id: string;
      competition_id: string;
      team_id?: string | null;
      award?: string;
      award_en?: string;
    },
  ): Promise<Certificate> {
    return this.db.transaction(async (tx) => {
      const { season, competition } = await this.seasonAndCompetition(tx, input.season_id, input.competition_id);
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
      if (!holder) throw new AppError(400, 'certificate.choose_member', {}, 'user_id');
      const award =
        input.kind === 'award' ? { name: input.award?.trim() ?? '', nameEn: input.award_en?.trim() ?? '' } : null;
      if (award && (!award.name || !award.nameEn)) throw new AppError(400, 'certificate.award_required', {}, 'award');
      let teamId: string | null = null;
      if (input.team_id) {
        const [team] = await tx
          .select({ id: teams.id })
          .from(teams)
          .where(
            and(eq(teams.id, input.team_id), eq(teams.seasonId, season.id), eq(teams.competitionId, competition.id)),
          );
        teamId = team?.id ?? null;
      }
      const row = await this.insert(tx, {
        userId: holder.id,
        kind: input.kind,
        season,
        competition,
        teamId,
        award,
        issuedOn: platformDay(),
        issuedBy: actor,
      });
      if (!row) throw new AppError(409, 'certificate.already_issued');
      await this.audits.record(tx, {
        actor,
        action: 'issue',
        resource: 'certificates',
        recordId: row.id,
        after: {
          user_id: row.userId,
          kind: row.kind,
          season_id: season.id,
          competition_id: competition.id,
          code: row.code,
        },
      });
      return row;
    });
  }

  /** The people a run considers: accepted members and coaches of the competition's approved teams. */
  private people(seasonId: string, competitionId: string) {
    return and(
      eq(teams.seasonId, seasonId),
      eq(teams.competitionId, competitionId),
      eq(teams.state, 'approved'),
      eq(teamPeople.state, 'accepted'),
      eq(teamPeople.active, true),
      inArray(teamPeople.role, ['member', 'coach']),
    )!;
  }

  /**
   * Starts a bulk issue for a competition of a season: counts what it will consider (a participation
   * per person, a rank certificate per person of a team ranked 1 to 3), saves the run (audited); the
   * job writes it in batches. A run already going for the same competition and season is answered again.
   */
  async startRun(actor: User, input: { season_id: string; competition_id: string }): Promise<CertificateRunRecord> {
    return this.db.transaction(async (tx) => {
      const { season, competition } = await this.seasonAndCompetition(tx, input.season_id, input.competition_id);
      const [going] = await tx
        .select()
        .from(certificateRuns)
        .where(
          and(
            eq(certificateRuns.seasonId, season.id),
            eq(certificateRuns.competitionId, competition.id),
            eq(certificateRuns.state, 'running'),
          ),
        );
      if (going) return runRecord(going);
      const [count] = await tx
        .select({
          people: sql<number>`count(*)::int`,
          ranked: sql<number>`count(*) filter (where ${teams.ranked} between 1 and 3)::int`,
        })
        .from(teamPeople)
        .innerJoin(teams, eq(teams.id, teamPeople.teamId))
        .where(this.people(season.id, competition.id));
      const total = Number(count?.people ?? 0) + Number(count?.ranked ?? 0);
      if (!total) throw new AppError(400, 'certificate.nothing_to_issue');
      const [run] = await tx
        .insert(certificateRuns)
        .values({
          seasonId: season.id,
          competitionId: competition.id,
          total,
          issuedOn: platformDay(),
          createdBy: actor.id,
          createdByName: actor.name,
        })
        .returning();
      await this.audits.record(tx, {
        actor,
        action: 'issue',
        resource: 'certificates',
        recordId: run.id,
        after: { season_id: season.id, competition_id: competition.id, total },
      });
      return runRecord(run);
    });
  }

  async run(id: string): Promise<CertificateRunRecord> {
    const [run] = await this.db.select().from(certificateRuns).where(eq(certificateRuns.id, id));
    if (!run) throw new AppError(404, 'certificate.not_found');
    return runRecord(run);
  }

  /**
   * One step of the certificate job: takes the first running run no other worker holds (SKIP
   * LOCKED), issues what its next batch of people lacks and moves its cursor, in one transaction.
   * Answers the certificates newly issued, or null when no run is going.
   */
  async runStep(batch = RUN_BATCH): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [run] = await tx
        .select()
        .from(certificateRuns)
        .where(eq(certificateRuns.state, 'running'))
        .orderBy(asc(certificateRuns.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!run) return null;
      const { season, competition } = await this.seasonAndCompetition(tx, run.seasonId, run.competitionId);
      const rows = await tx
        .select({ id: teamPeople.id, userId: teamPeople.userId, teamId: teams.id, ranked: teams.ranked })
        .from(teamPeople)
        .innerJoin(teams, eq(teams.id, teamPeople.teamId))
        .where(and(this.people(season.id, competition.id), run.cursor ? gt(teamPeople.id, run.cursor) : undefined))
        .orderBy(asc(teamPeople.id))
        .limit(batch);
      const issuedBy = { id: run.createdBy ?? null, name: run.createdByName } as Pick<User, 'id' | 'name'>;
      let issued = 0;
      let considered = 0;
      for (const p of rows) {
        const kinds = ['participation' as const, ...(rankKind(p.ranked) ? [rankKind(p.ranked)!] : [])];
        for (const kind of kinds) {
          considered += 1;
          const row = await this.insert(tx, {
            userId: p.userId,
            kind,
            season,
            competition,
            teamId: p.teamId,
            issuedOn: run.issuedOn,
            issuedBy,
          });
          if (row) issued += 1;
        }
      }
      const finished = rows.length < batch;
      await tx
        .update(certificateRuns)
        .set({
          cursor: rows.length ? rows[rows.length - 1].id : run.cursor,
          done: sql`${certificateRuns.done} + ${considered}`,
          issued: sql`${certificateRuns.issued} + ${issued}`,
          // People may have joined or left since it was counted: a finished run is complete.
          ...(finished
            ? {
                state: 'done' as const,
                finishedAt: new Date(),
                total: sql`${certificateRuns.done} + ${considered}`,
              }
            : {}),
        })
        .where(eq(certificateRuns.id, run.id));
      return issued;
    });
  }

  /** Runs steps until no run is going; answers the certificates issued. Tests call it directly. */
  async runDue(batch = RUN_BATCH): Promise<number> {
    let issued = 0;
    for (;;) {
      const step = await this.runStep(batch);
      if (step === null) return issued;
      issued += step;
    }
  }

  /** Revokes a certificate with a reason (audited); it stays listed, and the verification page says revoked. */
  async revoke(actor: User, id: string, reason: string): Promise<Certificate> {
    const why = reason.trim();
    if (!why) throw new AppError(400, 'certificate.reason_required', {}, 'reason');
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
      if (!before) throw new AppError(404, 'certificate.not_found');
      if (before.state === 'revoked') throw new AppError(409, 'certificate.already_revoked');
      const [after] = await tx
        .update(certificates)
        .set({ state: 'revoked', revokedReason: why, revokedAt: new Date(), revokedByName: actor.name })
        .where(eq(certificates.id, id))
        .returning();
      await this.audits.record(tx, {
        actor,
        action: 'revoke',
        resource: 'certificates',
        recordId: id,
        before: { state: before.state },
        after: { state: 'revoked', reason: why },
      });
      return after;
    });
  }
}

export const runRecord = (r: typeof certificateRuns.$inferSelect): CertificateRunRecord => ({
  id: r.id,
  season_id: r.seasonId,
  competition_id: r.competitionId,
  state: r.state,
  total: r.total,
  done: Math.min(r.done, r.total),
  issued: r.issued,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});
