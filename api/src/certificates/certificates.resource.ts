import {
  CERTIFICATE_KIND_NAMES,
  CERTIFICATE_KINDS,
  CERTIFICATE_STATES,
  type CertificateRecord,
  type CertificateState,
  type CertificateTemplateRecord,
} from '@platform/contract';
import { eq } from 'drizzle-orm';
import { csvNames } from '../admin/csv';
import { defined, defineResource } from '../admin/resource';
import { certificates, certificateTemplates, users } from '../db/schema';
import { CertificateTemplateDto } from './certificate.dto';

type Row = { certificates: typeof certificates.$inferSelect; users: typeof users.$inferSelect | null };

export const certificateRecord = ({ certificates: c, users: u }: Row): CertificateRecord => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  award: c.award,
  user_id: c.userId,
  holder: u?.name ?? '',
  name: c.name,
  name_en: c.nameEn,
  season_id: c.seasonId,
  competition_id: c.competitionId,
  team_id: c.teamId,
  state: c.state,
  revoked_reason: c.revokedReason,
  revoked_at: c.revokedAt?.toISOString() ?? null,
  issued_on: c.issuedOn,
  issued_by_name: c.issuedByName,
  created_at: c.createdAt.toISOString(),
});

const STATE_NAMES = { valid: { en: 'Valid', ar: 'سارية' }, revoked: { en: 'Revoked', ar: 'ملغاة' } };
const KIND_NAMES = { ...CERTIFICATE_KIND_NAMES, legacy: { en: 'Earlier certificate', ar: 'شهادة سابقة' } };

/**
 * Issued certificates as staff list and export them (filters: season, competition, kind, state,
 * holder; admins only: the holders are mostly minors). Issuing and revoking are CertificateIssueService's (certificates-admin.controller.ts).
 */
export const certificatesResource = defineResource<Row>({
  name: 'certificates',
  shapes: { record: 'CertificateRecord' },
  table: certificates,
  id: certificates.id,
  joins: [[users, eq(users.id, certificates.userId)]],
  roles: { read: ['admin'] },
  search: [users.name, certificates.code, certificates.name, certificates.nameEn],
  sort: {
    issued_on: certificates.issuedOn,
    created_at: certificates.createdAt,
    holder: users.name,
    kind: certificates.kind,
    state: certificates.state,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    season: { column: certificates.seasonId, type: 'uuid' },
    competition: { column: certificates.competitionId, type: 'uuid' },
    user: { column: certificates.userId, type: 'uuid' },
    kind: {
      type: 'choice',
      choices: [...CERTIFICATE_KINDS, 'legacy'],
      where: (v) => eq(certificates.kind, v as 'participation'),
    },
    state: { type: 'choice', choices: CERTIFICATE_STATES, where: (v) => eq(certificates.state, v as CertificateState) },
    issued_on: { column: certificates.issuedOn, type: 'date' },
  },
  toRecord: certificateRecord,
  export: {
    filename: 'certificates',
    columns: [
      [{ en: 'Code', ar: 'الرمز' }, certificates.code],
      [{ en: 'Holder', ar: 'صاحب الشهادة' }, users.name],
      [{ en: 'Certificate', ar: 'الشهادة' }, (lang) => (lang === 'ar' ? certificates.name : certificates.nameEn)],
      [{ en: 'Kind', ar: 'النوع' }, csvNames(certificates.kind, KIND_NAMES)],
      [{ en: 'State', ar: 'الحالة' }, csvNames(certificates.state, STATE_NAMES)],
      [{ en: 'Revoked because', ar: 'سبب الإلغاء' }, certificates.revokedReason],
      [{ en: 'Issued on', ar: 'تاريخ الإصدار' }, certificates.issuedOn],
      [{ en: 'Issued by', ar: 'أصدرها' }, certificates.issuedByName],
    ],
  },
});

type Template = typeof certificateTemplates.$inferSelect;

export const templateRecord = (t: Template): CertificateTemplateRecord => ({
  id: t.id,
  competition_id: t.competitionId,
  background: t.background,
  signatures: t.signatures,
  wording_ar: t.wordingAr,
  wording_en: t.wordingEn,
  updated_at: t.updatedAt.toISOString(),
});

const readTemplate = async (t: CertificateTemplateDto) =>
  defined({
    competitionId: t.competition_id,
    background: t.background === '' ? null : t.background,
    signatures: t.signatures?.map((s) => ({
      image: s.image || null,
      name: s.name ?? '',
      name_en: s.name_en ?? '',
      role: s.role ?? '',
      role_en: s.role_en ?? '',
    })),
    wordingAr: t.wording_ar,
    wordingEn: t.wording_en,
    updatedAt: new Date(),
  });

/** Certificate templates: one per competition or the default (admins). */
export const certificateTemplatesResource = defineResource<Template, CertificateTemplateDto>({
  name: 'certificate-templates',
  shapes: { record: 'CertificateTemplateRecord' },
  table: certificateTemplates,
  id: certificateTemplates.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [certificateTemplates.wordingAr, certificateTemplates.wordingEn],
  sort: { updated_at: certificateTemplates.updatedAt },
  defaultSort: ['updated_at', 'DESC'],
  filters: { competition: { column: certificateTemplates.competitionId, type: 'uuid' } },
  unique: {
    certificate_templates_competition_idx: 'certificate.template_taken',
    certificate_templates_default_idx: 'certificate.template_taken',
  },
  input: { create: CertificateTemplateDto, update: CertificateTemplateDto },
  create: readTemplate,
  update: readTemplate,
  toRecord: templateRecord,
});
