import {
  fillCertificateWording,
  formatDate,
  roleOf,
  normalCertificateCode,
  printedCertificateCode,
  type CertificateSignature,
  type CertificateVerification,
  type CertificateView,
} from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import { CONFIG, DB } from '../core/core.module';
import type { Db } from '../core/database';
import { certificates, certificateTemplates, competitions, seasons, teams, users, type User } from '../db/schema';
import { UploadStore } from '../media/upload-store';
import { drawCertificate, type CertificatePage } from './certificate-pdf';
import { CredentialSigner, OB3_CONTEXT, type OpenBadgeCredential } from './credential';

/** The wording used when neither the competition nor the default has a template. */
export const DEFAULT_WORDING = {
  ar: 'تقديرًا للمشاركة في {competition} ضمن فريق {team} في {season}: {award}.',
  en: 'In recognition of taking part in {competition} with the team {team} in {season}: {award}.',
  /** For a certificate without a team (a judge, a volunteer, a guest). */
  arNoTeam: 'تقديرًا للإسهام في {competition} في {season}: {award}.',
  enNoTeam: 'In recognition of contributing to {competition} in {season}: {award}.',
};

/** Names of the picture files a template may use: the media library's. */
export const LIBRARY_PICTURE = /^\/uploads\/imgvgallery\/[A-Za-z0-9-]+\.(png|jpe?g)$/i;

/** The public verification page of a code on the member site. */
export const verifyUrl = (memberUrl: string, code: string) => `${memberUrl.replace(/\/+$/, '')}/verify/${code}`;

/**
 * Certificates as their holders and the world see them: the member's list, the PDF (holder or staff
 * only, in either language), the public verification answer and the Open Badges 3.0 credential.
 */
@Injectable()
export class CertificatesService {
  readonly signer: CredentialSigner;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadStore,
  ) {
    this.signer = new CredentialSigner(config.certificates.signingSeed);
  }

  /** The member's certificates, newest first. */
  async list(user: User) {
    const rows = await this.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id))
      .orderBy(desc(certificates.issuedOn), desc(certificates.createdAt));
    return {
      success: true,
      certificates: rows.map((c): CertificateView => ({
        _id: c.id,
        name: c.name,
        name_en: c.nameEn,
        date: c.issuedOn,
        file: c.file,
        code: c.code,
        state: c.state,
        download: c.kind !== 'legacy',
      })),
    };
  }

  /** A certificate with what it names, or null. */
  private async full(where: ReturnType<typeof eq>) {
    const [row] = await this.db
      .select({ c: certificates, holder: users, season: seasons, competition: competitions, team: teams })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .leftJoin(seasons, eq(seasons.id, certificates.seasonId))
      .leftJoin(competitions, eq(competitions.id, certificates.competitionId))
      .leftJoin(teams, eq(teams.id, certificates.teamId))
      .where(where);
    return row ?? null;
  }

  private async byCode(raw: string) {
    const code = normalCertificateCode(raw);
    const row = code ? await this.full(eq(certificates.code, code)) : null;
    if (!row) throw new AppError(404, 'certificate.unknown_code');
    return row;
  }

  /** What anyone may know of a certificate by its code: nothing else about the holder. Unknown: 404. */
  async verify(raw: string): Promise<CertificateVerification> {
    const { c, holder, season, competition } = await this.byCode(raw);
    return {
      valid: c.state === 'valid',
      revoked: c.state === 'revoked',
      revoked_reason: c.state === 'revoked' ? c.revokedReason : null,
      code: c.code!,
      holder: holder.name,
      title: c.name,
      title_en: c.nameEn,
      competition: competition ? { name: competition.name, name_en: competition.nameEn } : null,
      season: season ? { name: season.name, name_en: season.nameEn } : null,
      issued_on: c.issuedOn,
      issuer: {
        name: c.issuerName ?? this.config.certificates.issuer.name,
        name_en: c.issuerNameEn ?? this.config.certificates.issuer.nameEn,
      },
    };
  }

  /** The template of a competition, else the default one, else the built-in wording. */
  async templateFor(competitionId: string | null) {
    const own = competitionId
      ? (
          await this.db.select().from(certificateTemplates).where(eq(certificateTemplates.competitionId, competitionId))
        )[0]
      : undefined;
    const fallback =
      own ?? (await this.db.select().from(certificateTemplates).where(isNull(certificateTemplates.competitionId)))[0];
    if (fallback) return { ...fallback, builtIn: false };
    return {
      background: null,
      signatures: [] as CertificateSignature[],
      wordingAr: DEFAULT_WORDING.ar,
      wordingEn: DEFAULT_WORDING.en,
      builtIn: true,
    };
  }

  private async picture(path: string | null): Promise<Buffer | null> {
    if (!path || !LIBRARY_PICTURE.test(path)) return null;
    const file = await this.uploads.open(path);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  /** Draws a page from a template and the values of its placeholders. */
  async draw(
    lang: 'ar' | 'en',
    template: { background: string | null; signatures: CertificateSignature[]; wordingAr: string; wordingEn: string },
    values: {
      holder: string;
      title: string;
      team: string;
      competition: string;
      season: string;
      award: string;
      issuedOn: string;
      code: string;
      issuer: string;
    },
    sample?: string,
  ) {
    const date = formatDate(`${values.issuedOn}T12:00:00+03:00`, lang, 'long');
    const page: CertificatePage = {
      lang,
      issuer: values.issuer,
      title: values.title,
      holder: values.holder,
      wording: fillCertificateWording(lang === 'ar' ? template.wordingAr : template.wordingEn, {
        name: values.holder,
        team: values.team,
        competition: values.competition,
        season: values.season,
        award: values.award,
        date,
      }),
      dateLine: lang === 'ar' ? `صدرت في ${date}` : `Issued on ${date}`,
      codeLine: `${lang === 'ar' ? 'رمز التحقق' : 'Verification code'} ${printedCertificateCode(values.code)}`,
      verifyUrl: verifyUrl(this.config.memberUrl, values.code),
      background: await this.picture(template.background),
      signatures: await Promise.all(
        template.signatures.map(async (s) => ({
          image: await this.picture(s.image),
          name: lang === 'ar' ? s.name : s.name_en || s.name,
          role: lang === 'ar' ? s.role : s.role_en || s.role,
        })),
      ),
      sample,
    };
    return drawCertificate(page);
  }

  /**
   * A certificate's PDF, for its holder or an admin only (anyone else: not found), in `lang` or the
   * holder's language. A revoked certificate is still drawn for them, the verification page says revoked.
   */
  async pdf(viewer: User, id: string, lang?: string): Promise<{ pdf: Buffer; filename: string }> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.full(eq(certificates.id, id)) : null;
    if (!row || (row.c.userId !== viewer.id && roleOf(viewer.type) !== 'admin'))
      throw new AppError(404, 'certificate.not_found');
    const { c, holder, season, competition, team } = row;
    if (!c.code) throw new AppError(404, 'certificate.no_pdf');
    const l: 'ar' | 'en' = lang === 'ar' || lang === 'en' ? lang : holder.language === 'ar' ? 'ar' : 'en';
    const ar = l === 'ar';
    const found = await this.templateFor(c.competitionId);
    // The built-in wording names the team only when there is one.
    const template =
      !found.builtIn || team
        ? found
        : { ...found, wordingAr: DEFAULT_WORDING.arNoTeam, wordingEn: DEFAULT_WORDING.enNoTeam };
    const titleOnly = (full: string) => full.split(' — ')[0];
    const pdf = await this.draw(l, template, {
      holder: holder.name,
      title: titleOnly(ar ? c.name : c.nameEn),
      team: team?.name ?? team?.teamNo ?? '',
      competition: (ar ? competition?.name : competition?.nameEn) ?? '',
      season: (ar ? season?.name : season?.nameEn) ?? '',
      award: titleOnly(ar ? c.name : c.nameEn),
      issuedOn: c.issuedOn,
      code: c.code,
      issuer: (ar ? c.issuerName : c.issuerNameEn) ?? '',
    });
    return { pdf, filename: `certificate-${c.code}-${l}.pdf` };
  }

  /** The issuer's profile id: a stable URL of the API. */
  issuerId() {
    return `${this.config.publicUrl}/api/certificates/issuer`;
  }

  /** The issuer profile (Open Badges' Profile), with the key that signs its credentials. */
  async issuer() {
    return {
      '@context': OB3_CONTEXT,
      id: this.issuerId(),
      type: ['Profile'],
      name: this.config.certificates.issuer.nameEn,
      url: this.config.memberUrl,
      publicKey: await this.signer.publicJwk(),
      jwks: `${this.config.publicUrl}/api/certificates/jwks.json`,
    };
  }

  /** The published public key set (the stable URL a verifier fetches). */
  async jwks() {
    return { keys: [await this.signer.publicJwk()] };
  }

  /** The Open Badges 3.0 credential of a code, and the same signed as a VC-JWT. */
  async credential(raw: string): Promise<{ credential: OpenBadgeCredential; jwt: string; revoked: boolean }> {
    const { c, holder, season, competition } = await this.byCode(raw);
    const url = verifyUrl(this.config.memberUrl, c.code!);
    const credential: OpenBadgeCredential = {
      '@context': OB3_CONTEXT,
      id: url,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      name: c.nameEn,
      issuer: {
        id: this.issuerId(),
        type: ['Profile'],
        name: c.issuerNameEn ?? this.config.certificates.issuer.nameEn,
        url: this.config.memberUrl,
      },
      validFrom: new Date(`${c.issuedOn}T00:00:00+03:00`).toISOString(),
      credentialSubject: {
        id: `urn:uuid:${c.id}`,
        type: ['AchievementSubject'],
        identifier: [{ type: 'IdentityObject', identityHash: holder.name, identityType: 'name', hashed: false }],
        achievement: {
          id: `${this.config.publicUrl}/api/certificates/achievements/${c.kind}/${c.competitionId}/${c.seasonId}`,
          type: ['Achievement'],
          name: c.nameEn,
          description: `${c.nameEn} (${c.name}), ${season?.nameEn ?? ''}`.trim(),
          criteria: { narrative: `${competition?.nameEn ?? ''} ${season?.nameEn ?? ''}`.trim() },
          achievementType: c.kind === 'participation' ? 'Certificate' : 'Award',
          inLanguage: 'en',
        },
      },
    };
    return { credential, jwt: await this.signer.sign(credential), revoked: c.state === 'revoked' };
  }
}
