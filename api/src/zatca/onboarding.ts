import { randomUUID, type KeyObject } from 'node:crypto';
import { createCsr, generateStampKey, parseCertificate, type CsrFields } from './certificates';
import { FatooraClient, type Csid } from './fatoora.client';
import { stamp } from './stamp';
import { INITIAL_PIH, type Party, type UblDocument } from './ubl';

/**
 * Onboarding of an e-invoicing unit (ZATCA's "Fatoora portal" steps): a new secp256k1 key and a CSR
 * with ZATCA's subject fields, a compliance CSID for the portal's one-time password, ZATCA's
 * compliance checks on sample documents stamped with it (a simplified invoice and credit note,
 * chained), then the production CSID. The key never leaves the caller: it is returned to be kept
 * in the unit's configuration (ZATCA_PRIVATE_KEY), never in the database.
 */
export interface Onboarded {
  privateKey: KeyObject;
  privateKeyPem: string;
  csr: string;
  production: Csid;
  expiresAt: Date;
  /** ZATCA's answers to the compliance checks, for the operator. */
  checks: { document: string; status: number; errors: string[] }[];
}

export class OnboardingError extends Error {}

export async function onboard(
  client: FatooraClient,
  input: { otp: string; csr: CsrFields; seller: Party; vatPercent: number },
): Promise<Onboarded> {
  const privateKey = generateStampKey();
  const csr = createCsr(privateKey, input.csr);
  const compliance = await client.complianceCsid(csr, input.otp);
  const checks: Onboarded['checks'] = [];
  let pih = INITIAL_PIH;
  const samples: Pick<UblDocument, 'kind' | 'number'>[] = [
    { kind: 'invoice', number: 'SME00001' },
    { kind: 'credit_note', number: 'SME00002' },
  ];
  for (const [i, sample] of samples.entries()) {
    const doc: UblDocument = {
      ...sample,
      uuid: randomUUID(),
      icv: i + 1,
      pih,
      issuedAt: new Date(),
      profile: 'simplified',
      invoiceNumber: 'SME00001',
      reason: sample.kind === 'credit_note' ? 'Compliance check / فحص الامتثال' : null,
      currency: 'SAR',
      total: '115.00',
      vatPercent: input.vatPercent,
      itemName: 'Compliance sample',
      seller: input.seller,
      buyer: { name: 'Compliance buyer' },
    };
    const stamped = stamp(doc, { privateKey, certificate: compliance.binarySecurityToken });
    const answer = await client.complianceCheck(compliance, {
      invoiceHash: stamped.hash,
      uuid: doc.uuid,
      invoice: Buffer.from(stamped.xml).toString('base64'),
    });
    const errors = (answer.validationResults?.errorMessages ?? []).map((m) => `${m.code}: ${m.message}`);
    checks.push({ document: `${sample.kind} ${sample.number}`, status: answer.status, errors });
    if (errors.length || answer.status === 400)
      throw new OnboardingError(`ZATCA's compliance check of the sample ${sample.kind} failed: ${errors.join('; ')}`);
    pih = stamped.hash;
  }
  const production = await client.productionCsid(compliance);
  return {
    privateKey,
    privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    csr,
    production,
    expiresAt: parseCertificate(production.binarySecurityToken).notAfter,
    checks,
  };
}

/** Renews the production CSID: a new key and CSR, the portal's new one-time password. */
export async function renew(
  client: FatooraClient,
  current: Csid,
  input: { otp: string; csr: CsrFields },
): Promise<Pick<Onboarded, 'privateKey' | 'privateKeyPem' | 'csr' | 'production' | 'expiresAt'>> {
  const privateKey = generateStampKey();
  const csr = createCsr(privateKey, input.csr);
  const production = await client.renewProductionCsid(current, csr, input.otp);
  return {
    privateKey,
    privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    csr,
    production,
    expiresAt: parseCertificate(production.binarySecurityToken).notAfter,
  };
}
