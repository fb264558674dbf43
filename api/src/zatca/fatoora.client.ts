import type { ZatcaMessages } from '../db/schema';

/**
 * ZATCA's Fatoora API (developer portal, simulation or production: the base URL says which), with
 * its request and answer shapes. Authentication is Basic with a CSID's binarySecurityToken and
 * secret; onboarding calls carry the portal's one-time password. Neither is ever logged.
 */

export interface Csid {
  requestID: number | string;
  dispositionMessage?: string;
  binarySecurityToken: string;
  secret: string;
}

export interface FatooraResult {
  /** The HTTP status: 200 accepted, 202 accepted with warnings, 400 refused, others a failure to retry. */
  status: number;
  validationResults?: ZatcaMessages & { status?: string };
  reportingStatus?: 'REPORTED' | 'NOT_REPORTED';
  clearanceStatus?: 'CLEARED' | 'NOT_CLEARED';
  /** The cleared invoice (base64 XML), for clearance. */
  clearedInvoice?: string | null;
}

export interface DocumentRequest {
  invoiceHash: string;
  uuid: string;
  /** The signed XML, base64. */
  invoice: string;
}

/** Fatoora did not answer (network, timeout, 5xx, 429): the call is retried later. */
export class FatooraUnavailable extends Error {}
/** Fatoora refused the credentials or the request as a whole (401, 403, other 4xx). */
export class FatooraRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class FatooraClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 20_000,
  ) {}

  private async call(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Language': 'en',
          'Accept-Version': 'V2',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new FatooraUnavailable(`Fatoora ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = {};
    }
    if (res.status >= 500 || res.status === 429) throw new FatooraUnavailable(`Fatoora ${path}: HTTP ${res.status}`);
    return { status: res.status, body: parsed };
  }

  private static basic(csid: { binarySecurityToken: string; secret: string }) {
    return { Authorization: `Basic ${Buffer.from(`${csid.binarySecurityToken}:${csid.secret}`).toString('base64')}` };
  }

  private static csid(path: string, r: { status: number; body: Record<string, unknown> }): Csid {
    if (r.status !== 200 || typeof r.body.binarySecurityToken !== 'string')
      throw new FatooraRefused(r.status, `Fatoora ${path}: HTTP ${r.status} ${messageOf(r.body)}`);
    return r.body as unknown as Csid;
  }

  /** A compliance CSID for a CSR (base64 of its PEM), with the portal's one-time password. */
  async complianceCsid(csrPem: string, otp: string): Promise<Csid> {
    const r = await this.call('POST', '/compliance', { csr: Buffer.from(csrPem).toString('base64') }, { OTP: otp });
    return FatooraClient.csid('/compliance', r);
  }

  /** ZATCA's compliance check of one sample document, with the compliance CSID. */
  async complianceCheck(csid: Csid, doc: DocumentRequest): Promise<FatooraResult> {
    const r = await this.call('POST', '/compliance/invoices', doc, FatooraClient.basic(csid));
    return result(r);
  }

  /** The production CSID, once the compliance checks passed. */
  async productionCsid(compliance: Csid): Promise<Csid> {
    const r = await this.call(
      'POST',
      '/production/csids',
      { compliance_request_id: String(compliance.requestID) },
      FatooraClient.basic(compliance),
    );
    return FatooraClient.csid('/production/csids', r);
  }

  /** Renews a production CSID: a new CSR, the current CSID's credentials and a new one-time password. */
  async renewProductionCsid(current: Csid, csrPem: string, otp: string): Promise<Csid> {
    const r = await this.call(
      'PATCH',
      '/production/csids',
      { csr: Buffer.from(csrPem).toString('base64') },
      { ...FatooraClient.basic(current), OTP: otp },
    );
    return FatooraClient.csid('/production/csids', r);
  }

  async report(csid: Omit<Csid, 'requestID'>, doc: DocumentRequest): Promise<FatooraResult> {
    const r = await this.call('POST', '/invoices/reporting/single', doc, {
      ...FatooraClient.basic(csid),
      'Clearance-Status': '0',
    });
    return result(r);
  }

  async clear(csid: Omit<Csid, 'requestID'>, doc: DocumentRequest): Promise<FatooraResult> {
    const r = await this.call('POST', '/invoices/clearance/single', doc, {
      ...FatooraClient.basic(csid),
      'Clearance-Status': '1',
    });
    return result(r);
  }
}

function messageOf(body: Record<string, unknown>): string {
  const v = body.validationResults as ZatcaMessages | undefined;
  const errors = v?.errorMessages?.map((m) => `${m.code}: ${m.message}`) ?? [];
  return errors.join('; ') || String(body.message ?? body.errorMessage ?? '');
}

function result(r: { status: number; body: Record<string, unknown> }): FatooraResult {
  if (r.status === 401 || r.status === 403)
    throw new FatooraRefused(r.status, `Fatoora: HTTP ${r.status} (credentials)`);
  if (r.status !== 200 && r.status !== 202 && r.status !== 400)
    throw new FatooraRefused(r.status, `Fatoora: HTTP ${r.status} ${messageOf(r.body)}`);
  return { status: r.status, ...(r.body as Omit<FatooraResult, 'status'>) };
}
