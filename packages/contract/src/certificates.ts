/**
 * Certificates anyone can verify (issue 33): issued by staff from a competition's approved teams and
 * results (or one by one), printed as a PDF in the holder's language with a QR code and a short public
 * code, verified on a public page and as an Open Badges 3.0 credential.
 */

/**
 * participation: every member and coach of an approved team; rank1-3: the team's `ranked`;
 * award: a special award named by staff; judge, volunteer, guest: thanks issued one by one;
 * legacy: a certificate from before issuing existed (seeded), without a code.
 */
export const CERTIFICATE_KINDS = [
  'participation',
  'rank1',
  'rank2',
  'rank3',
  'award',
  'judge',
  'volunteer',
  'guest',
] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number] | 'legacy';

/** The kinds staff issue one by one (bulk issuing makes participation and rank certificates). */
export const SINGLE_CERTIFICATE_KINDS = CERTIFICATE_KINDS;

export const CERTIFICATE_STATES = ['valid', 'revoked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** The title of each kind in both languages (the certificate's name and the wording's {award}). */
export const CERTIFICATE_KIND_NAMES: Record<Exclude<CertificateKind, 'legacy'>, { ar: string; en: string }> = {
  participation: { ar: 'شهادة مشاركة', en: 'Certificate of Participation' },
  rank1: { ar: 'المركز الأول', en: 'First Place' },
  rank2: { ar: 'المركز الثاني', en: 'Second Place' },
  rank3: { ar: 'المركز الثالث', en: 'Third Place' },
  award: { ar: 'جائزة خاصة', en: 'Special Award' },
  judge: { ar: 'شهادة شكر لمحكّم', en: 'Certificate of Appreciation: Judge' },
  volunteer: { ar: 'شهادة شكر لمتطوع', en: 'Certificate of Appreciation: Volunteer' },
  guest: { ar: 'شهادة شكر لضيف', en: 'Certificate of Appreciation: Guest' },
};

/** The placeholders a template's wording may use, written {name}. */
export const CERTIFICATE_PLACEHOLDERS = ['name', 'team', 'competition', 'season', 'award', 'date'] as const;
export type CertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];

/** Replaces {placeholder} in a template's wording; unknown names are left as written. */
export function fillCertificateWording(text: string, values: Partial<Record<CertificatePlaceholder, string>>): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) =>
    (CERTIFICATE_PLACEHOLDERS as readonly string[]).includes(key) ? (values[key as CertificatePlaceholder] ?? '') : all,
  );
}

/** A short public code is 10 letters and digits of Crockford's base 32, printed XXXXX-XXXXX. */
export const CERTIFICATE_CODE = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** A code as typed or scanned (dashes, spaces, lower case) in its stored form, or null when it cannot be one. */
export function normalCertificateCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return CERTIFICATE_CODE.test(code) ? code : null;
}

/** A code as printed: XXXXX-XXXXX. */
export const printedCertificateCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The public answer of `GET /api/certificates/verify/{code}`: what anyone may know, nothing else about the holder. */
export interface CertificateVerification {
  valid: boolean;
  revoked: boolean;
  /** The reason given when it was revoked. */
  revoked_reason: string | null;
  code: string;
  holder: string;
  title: string;
  title_en: string;
  competition: { name: string; name_en: string } | null;
  season: { name: string; name_en: string } | null;
  /** YYYY-MM-DD on the platform's clock. */
  issued_on: string;
  issuer: { name: string; name_en: string };
}

/** A signature printed on a template: the image (from the media library) and who signs. */
export interface CertificateSignature {
  image: string | null;
  name: string;
  name_en: string;
  role: string;
  role_en: string;
}

/** A certificate template as the back-office reads it (`/api/admin/certificate-templates`). */
export type CertificateTemplateRecord = {
  id: string;
  /** null: the default template, used by competitions without their own. */
  competition_id: string | null;
  background: string | null;
  signatures: CertificateSignature[];
  wording_ar: string;
  wording_en: string;
  updated_at: string;
};

/** A certificate as the back-office lists it (`/api/admin/certificates`). */
export type CertificateRecord = {
  id: string;
  code: string | null;
  kind: CertificateKind;
  award: string;
  user_id: string;
  holder: string;
  name: string;
  name_en: string;
  season_id: string | null;
  competition_id: string | null;
  team_id: string | null;
  state: CertificateState;
  revoked_reason: string | null;
  revoked_at: string | null;
  issued_on: string;
  issued_by_name: string | null;
  created_at: string;
};

/** A bulk issue's progress (`/api/admin/certificates/runs/{id}`). */
export interface CertificateRunRecord {
  id: string;
  season_id: string;
  competition_id: string;
  state: 'running' | 'done';
  /** The certificates it will consider (people and ranks), counted when it was asked. */
  total: number;
  /** Considered so far. */
  done: number;
  /** Newly issued (the rest existed already). */
  issued: number;
  created_at: string;
  finished_at: string | null;
}
