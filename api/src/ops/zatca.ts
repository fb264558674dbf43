import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AppConfig } from '../core/config';
import type { CsrFields } from '../zatca/certificates';
import { FatooraClient } from '../zatca/fatoora.client';
import { onboard, renew } from '../zatca/onboarding';
import { OpsError } from './create-admin';

/** The certificate template ZATCA expects for the environment the API address names. */
export function templateFor(apiUrl: string): string {
  if (/developer-portal/.test(apiUrl)) return 'TSTZATCA-Code-Signing';
  if (/simulation/.test(apiUrl)) return 'PREZATCA-Code-Signing';
  return 'ZATCA-Code-Signing';
}

export interface OnboardOptions {
  otp?: string;
  /** The env file written (mode 0600) with ZATCA_PRIVATE_KEY, ZATCA_CSID and ZATCA_CSID_SECRET. */
  out: string;
  commonName?: string;
  unit?: string;
  invoiceTypes?: string;
  businessCategory?: string;
  renew?: boolean;
}

function csrFields(config: AppConfig, o: OnboardOptions): CsrFields {
  const { seller } = config.payments;
  const s = config.zatca.seller;
  if (!seller.vatNumber) throw new OpsError('SELLER_VAT_NUMBER is required to onboard an e-invoicing unit');
  if (!s.crn || !s.street || !s.city) throw new OpsError('SELLER_CRN, SELLER_STREET and SELLER_CITY are required');
  return {
    commonName: o.commonName ?? `${seller.nameEn.replace(/\s+/g, '')}-${seller.vatNumber}`,
    organization: seller.nameEn,
    organizationUnit: o.unit ?? s.city,
    vatNumber: seller.vatNumber,
    serial: `1-${seller.nameEn.replace(/[^A-Za-z0-9]/g, '')}|2-1.0|3-${randomUUID()}`,
    invoiceTypes: o.invoiceTypes ?? '1100',
    registeredAddress: `${s.building} ${s.street}, ${s.district}, ${s.city}`.trim(),
    businessCategory: o.businessCategory ?? 'Education',
    template: templateFor(config.zatca.apiUrl),
  };
}

/**
 * `zatca-onboard`: a new key, CSR, compliance CSID, compliance checks and production CSID; with
 * `--renew`, a new production CSID for the current one. The key and CSID go to the env file only
 * (never to standard output, never to the database); what is said is the certificate's expiry.
 */
export async function zatcaOnboard(config: AppConfig, o: OnboardOptions, say: (line: string) => void) {
  const otp = o.otp ?? config.zatca.otp;
  if (!otp || !/^\d{6}$/.test(otp))
    throw new OpsError('a 6-digit one-time password from the Fatoora portal is required (--otp or ZATCA_OTP)');
  const client = new FatooraClient(config.zatca.apiUrl);
  const fields = csrFields(config, o);
  let done;
  if (o.renew) {
    const current = config.zatca.credentials;
    if (!current) throw new OpsError('--renew needs the current ZATCA_PRIVATE_KEY, ZATCA_CSID and ZATCA_CSID_SECRET');
    done = await renew(client, { requestID: '', ...current }, { otp, csr: fields });
  } else {
    const { seller } = config.payments;
    const s = config.zatca.seller;
    const result = await onboard(client, {
      otp,
      csr: fields,
      vatPercent: config.payments.vatPercent,
      seller: {
        name: seller.name,
        vatNumber: seller.vatNumber,
        crn: s.crn,
        address: {
          street: s.street,
          building: s.building,
          district: s.district,
          city: s.city,
          postalCode: s.postalCode,
        },
      },
    });
    for (const c of result.checks)
      say(`compliance check ${c.document}: HTTP ${c.status}${c.errors.length ? ` ${c.errors.join('; ')}` : ''}`);
    done = result;
  }
  writeFileSync(
    o.out,
    [
      `ZATCA_PRIVATE_KEY=${Buffer.from(done.privateKeyPem).toString('base64')}`,
      `ZATCA_CSID=${done.production.binarySecurityToken}`,
      `ZATCA_CSID_SECRET=${done.production.secret}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  say(`production CSID issued (${fields.commonName}), valid until ${done.expiresAt.toISOString()}`);
  say(`key and CSID written to ${o.out} (mode 600): add them to the API's environment and restart`);
}
