import { createHash, createPublicKey, createSign, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import * as xpath from 'xpath';
import { issueCertificate, parseCertificate, readCsr } from '../../src/zatca/certificates';

/**
 * A local fake of ZATCA's Fatoora API (e-invoicing developer portal), speaking its shapes:
 *
 * - `POST /compliance` (header `OTP`, body `{csr}` base64 of the PEM): checks the CSR's signature and
 *   ZATCA's subject fields (C=SA, O, OU, CN; in the SAN: SN, UID = a 15-digit VAT number starting and
 *   ending with 3, title = 4 digits) and the template extension; answers a compliance CSID
 *   `{requestID, dispositionMessage: 'ISSUED', binarySecurityToken, secret}` signed by its own CA.
 * - `POST /compliance/invoices` (Basic with the compliance CSID): checks a sample document.
 * - `POST /production/csids` (`{compliance_request_id}`): the production CSID, once a simplified
 *   invoice and a simplified credit note passed the compliance checks; `PATCH` renews it (OTP + CSR).
 * - `POST /invoices/reporting/single` and `/invoices/clearance/single` (Basic with the production
 *   CSID, `{invoiceHash, uuid, invoice}`): decodes the XML and checks the hash against the XML
 *   (its own C14N after ZATCA's XPath removals), the signature against the certificate in the XML and
 *   the CSID's, the UUID, the QR's nine tags (6 the hash, 7 the signature, 8 the public key, 9 the
 *   CA's signature of the certificate), the subtype (simplified reported, standard cleared), and the
 *   chain: the PIH must be the hash of the last document it received (a warning, as ZATCA gives).
 *   Answers `validationResults {infoMessages, warningMessages, errorMessages, status}` with
 *   `reportingStatus REPORTED | NOT_REPORTED` (200, 202 with warnings, 400) or `clearanceStatus
 *   CLEARED | NOT_CLEARED` and `clearedInvoice`.
 *   A standard document must name its buyer's VAT number and address (BR-KSA-44, BR-KSA-10 errors,
 *   BR-KSA-63 a warning); a standard document on the reporting API, or a simplified one on the
 *   clearance API, is refused as ZATCA does. The cleared invoice carries ZATCA's stamp in its QR.
 * - `down(n)`: the next n calls answer 503; `reject(n)`: the next n documents get a business error;
 *   `reject(n, buyer)`: only the next n whose buyer has that name (the journeys, whose files run side
 *   by side, each reject their own).
 */
export interface FakeMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

const NS = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
};
const select = xpath.useNamespaces(NS);

export function fakeFatoora(options: { otp?: string } = {}) {
  const otp = options.otp ?? '123345';
  const ca = { key: generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey, name: 'Fake-ZATCA-CA' };
  const compliance = new Map<string, { secret: string; csr: string; passed: Set<string> }>();
  const production = new Map<string, { secret: string }>();
  let server: ReturnType<typeof createServer> | undefined;
  let downFor = 0;
  let rejectFor = 0;
  /** With rejectFor: only documents whose buyer has this name (PartyLegalEntity's RegistrationName). */
  let rejectBuyer: string | undefined;
  const state = {
    /** Hash of the last document received (the chain's head as ZATCA sees it). */
    lastHash: null as string | null,
    accepted: [] as { uuid: string; hash: string; icv: number; pih: string; profile: string }[],
    calls: [] as { path: string; status: number }[],
    /** The QR of each document cleared (ZATCA's stamp), by the document's hash. */
    cleared: [] as { hash: string; qr: string }[],
  };

  const issue = (csrPem: string) => {
    const now = Date.now();
    const cert = issueCertificate(csrPem, ca, { from: new Date(now - 60_000), to: new Date(now + 365 * 86_400_000) });
    return { binarySecurityToken: Buffer.from(cert).toString('base64'), secret: randomUUID() };
  };

  function checkCsr(csrPem: string): string | null {
    let csr: ReturnType<typeof readCsr>;
    try {
      csr = readCsr(csrPem);
    } catch {
      return 'The CSR could not be read';
    }
    if (!csr.valid) return 'The CSR signature is invalid';
    for (const f of ['C=SA', 'O=', 'OU=', 'CN=']) if (!csr.subjectText.includes(f)) return `The CSR subject lacks ${f}`;
    if (!/UID=3\d{13}3/.test(csr.san)) return 'The CSR lacks a valid VAT number (UID)';
    if (!/SN=1-[^|]+\|2-[^|]+\|3-/.test(csr.san)) return 'The CSR serial number (SN) is not 1-…|2-…|3-…';
    if (!/title=[01]{4}/.test(csr.san)) return 'The CSR invoice type (title) is not 4 digits';
    if (!csr.extensions.some((e) => e.extnID === '1.3.6.1.4.1.311.20.2'))
      return 'The CSR lacks the certificate template';
    return null;
  }

  const msg = (type: string, code: string, category: string, message: string): FakeMessage => ({
    type,
    code,
    category,
    message,
    status: type === 'ERROR' ? 'ERROR' : type === 'WARNING' ? 'WARNING' : 'PASS',
  });

  /** The checks of one document; `expected` the certificate the caller's CSID is. */
  function validate(
    body: Record<string, unknown>,
    expectedCert: string,
    profile: 'simplified' | 'standard' | 'any',
    chain: boolean,
  ) {
    const errors: FakeMessage[] = [];
    const warnings: FakeMessage[] = [];
    const info: FakeMessage[] = [];
    const xml = Buffer.from(String(body.invoice ?? ''), 'base64').toString('utf8');
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const root = doc.documentElement;
    if (!root || root.namespaceURI !== NS.inv || root.localName !== 'Invoice') {
      errors.push(msg('ERROR', 'XSD_SCHEMA_ERROR', 'XSD validation', 'The document is not a UBL 2.1 Invoice'));
      return { errors, warnings, info, hash: '', buyerName: '' };
    }
    const text = (expr: string, node: unknown = doc) => {
      const n = select(expr, node as Node, true) as Node | undefined;
      return n?.textContent ?? null;
    };
    // The hash, as ZATCA's SDK: remove the three parts by XPath, canonicalise, SHA-256.
    const copy = new DOMParser().parseFromString(xml, 'text/xml');
    for (const expr of [
      '/inv:Invoice/ext:UBLExtensions',
      '/inv:Invoice/cac:Signature',
      "/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='QR']",
    ])
      for (const n of select(expr, copy as unknown as Node) as Node[]) n.parentNode!.removeChild(n);
    const canonical = new C14nCanonicalization().process(copy.documentElement as never, {});
    const hash = createHash('sha256').update(canonical, 'utf8').digest('base64');
    if (hash !== body.invoiceHash)
      errors.push(
        msg(
          'ERROR',
          'invalid-invoice-hash',
          'INVOICE_HASHING_ERRORS',
          'The invoice hash API body does not match the calculated hash',
        ),
      );
    if (text('/inv:Invoice/cbc:UUID') !== body.uuid)
      errors.push(msg('ERROR', 'invalid-uuid', 'UUID_ERRORS', 'The UUID of the request does not match the document'));
    if (text('/inv:Invoice/cbc:ProfileID') !== 'reporting:1.0')
      errors.push(msg('ERROR', 'BR-KSA-EN16931-01', 'KSA', 'Business process (BT-23) must be reporting:1.0'));
    const subtype =
      (select('/inv:Invoice/cbc:InvoiceTypeCode/@name', doc as unknown as Node, true) as Attr | undefined)?.value ?? '';
    const isSimplified = subtype.startsWith('02');
    if (profile !== 'any' && isSimplified !== (profile === 'simplified'))
      errors.push(
        msg(
          'ERROR',
          profile === 'simplified' ? 'invalid-invoice-type' : 'Invalid-Invoice-Type',
          'KSA',
          profile === 'simplified'
            ? 'Only simplified invoices can be reported'
            : 'Only standard invoices can be cleared',
        ),
      );
    const certText = text('//ds:X509Certificate');
    const signature = text('//ds:SignatureValue');
    const digest = text("//ds:Reference[@Id='invoiceSignedData']/ds:DigestValue");
    if (!certText || !signature) {
      errors.push(msg('ERROR', 'signature', 'SIGNATURE_ERRORS', 'The document carries no cryptographic stamp'));
    } else {
      const cert = parseCertificate(certText);
      if (cert.base64 !== parseCertificate(expectedCert).base64)
        errors.push(
          msg(
            'ERROR',
            'certificate-mismatch',
            'SIGNATURE_ERRORS',
            'The stamp certificate is not the CSID of this request',
          ),
        );
      const ok = createVerify('sha256')
        .update(Buffer.from(hash, 'base64'))
        .verify(cert.publicKey, Buffer.from(signature, 'base64'));
      if (!ok)
        errors.push(
          msg('ERROR', 'signature', 'SIGNATURE_ERRORS', 'The invoice signature does not verify with the certificate'),
        );
      if (digest !== hash)
        errors.push(
          msg('ERROR', 'signed-info-digest', 'SIGNATURE_ERRORS', 'The signed invoice digest is not the invoice hash'),
        );
      const qr = text(
        "/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='QR']/cac:Attachment/cbc:EmbeddedDocumentBinaryObject",
      );
      const tags = new Map<number, Buffer>();
      const bytes = Buffer.from(qr ?? '', 'base64');
      for (let i = 0; i + 2 <= bytes.length; i += 2 + bytes[i + 1])
        tags.set(bytes[i], bytes.subarray(i + 2, i + 2 + bytes[i + 1]));
      const qrOk =
        [1, 2, 3, 4, 5, 6, 7, 8, 9].every((t) => tags.has(t)) &&
        tags.get(6)!.toString() === hash &&
        tags.get(7)!.toString() === signature &&
        tags.get(8)!.equals(cert.publicKeyDer) &&
        tags.get(9)!.equals(cert.signature) &&
        tags.get(2)!.toString() === text('//cac:AccountingSupplierParty//cbc:CompanyID');
      if (!qrOk)
        errors.push(
          msg('ERROR', 'QRCODE_INVALID', 'QRCODE_ERRORS', 'The QR code does not carry the nine tags of this document'),
        );
    }
    // A standard (B2B) document names its buyer: a VAT number (15 digits, first and last 3) and a
    // Saudi address, as ZATCA's business rules ask (BR-KSA-44, BR-KSA-10 errors; BR-KSA-63 a warning).
    if (!isSimplified) {
      const buyer = '/inv:Invoice/cac:AccountingCustomerParty/cac:Party';
      const vat = text(`${buyer}/cac:PartyTaxScheme/cbc:CompanyID`) ?? '';
      if (!/^3\d{13}3$/.test(vat))
        errors.push(
          msg(
            'ERROR',
            'BR-KSA-44',
            'KSA',
            'The buyer VAT registration number (BT-48) must be 15 digits, starting and ending with 3',
          ),
        );
      const address = (f: string) => (text(`${buyer}/cac:PostalAddress/${f}`) ?? '').trim();
      if (
        !address('cbc:StreetName') ||
        !address('cbc:CityName') ||
        !text(`${buyer}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)
      )
        errors.push(
          msg(
            'ERROR',
            'BR-KSA-10',
            'KSA',
            'The buyer address of a tax invoice must have a street, a city and a country',
          ),
        );
      if (
        !/^\d{4}$/.test(address('cbc:BuildingNumber')) ||
        !/^\d{5}$/.test(address('cbc:PostalZone')) ||
        !address('cbc:CitySubdivisionName')
      )
        warnings.push(
          msg(
            'WARNING',
            'BR-KSA-63',
            'KSA',
            'A Saudi buyer address must have a 4-digit building number, a 5-digit postal code and a district',
          ),
        );
      if (!text(`${buyer}/cac:PartyLegalEntity/cbc:RegistrationName`))
        errors.push(msg('ERROR', 'BR-KSA-42', 'KSA', 'The buyer name (BT-44) must be present in a tax invoice'));
    }
    const pih =
      text(
        "/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='PIH']/cac:Attachment/cbc:EmbeddedDocumentBinaryObject",
      ) ?? '';
    const icv = Number(text("/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='ICV']/cbc:UUID"));
    if (chain && state.lastHash !== null && pih !== state.lastHash)
      warnings.push(
        msg('WARNING', 'KSA-13', 'KSA', 'The previous invoice hash (PIH) is not the hash of the previous invoice'),
      );
    if (!errors.length)
      info.push(
        msg(
          'INFO',
          'XSD_ZATCA_VALID',
          'XSD validation',
          'Complied with UBL 2.1 standards in line with ZATCA specifications',
        ),
      );
    const buyerName = text(
      '/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    );
    return {
      errors,
      warnings,
      info,
      hash,
      pih,
      icv,
      subtype: isSimplified ? 'simplified' : 'standard',
      buyerName: buyerName ?? '',
    };
  }

  /**
   * The invoice as ZATCA clears it: the taxpayer's document with ZATCA's own stamp in its QR (tags
   * 1–6 kept, 7 ZATCA's signature of the hash, 8 ZATCA's public key, 9 kept), base64. What the buyer
   * gets is this one, not the document sent.
   */
  function clearedInvoice(invoice: string, hash: string): string {
    const xml = Buffer.from(invoice, 'base64').toString('utf8');
    const ref =
      /(<cac:AdditionalDocumentReference><cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>)([^<]*)(<)/;
    const m = ref.exec(xml);
    if (!m) return invoice;
    const tags = new Map<number, Buffer>();
    const bytes = Buffer.from(m[2], 'base64');
    for (let i = 0; i + 2 <= bytes.length; i += 2 + bytes[i + 1])
      tags.set(bytes[i], bytes.subarray(i + 2, i + 2 + bytes[i + 1]));
    const signature = createSign('sha256').update(Buffer.from(hash, 'base64')).sign(ca.key).toString('base64');
    tags.set(7, Buffer.from(signature));
    tags.set(8, createPublicKey(ca.key).export({ format: 'der', type: 'spki' }) as Buffer);
    const qr = Buffer.concat(
      [...tags.entries()].sort(([a], [b]) => a - b).map(([t, v]) => Buffer.concat([Buffer.from([t, v.length]), v])),
    ).toString('base64');
    state.cleared.push({ hash, qr });
    return Buffer.from(xml.replace(ref, `$1${qr}$3`), 'utf8').toString('base64');
  }

  function basic(req: IncomingMessage): { token: string; secret: string } | null {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return null;
    const [token, secret] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
    return token && secret ? { token, secret } : null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      body = {};
    }
    const path = (req.url ?? '').split('?')[0];
    const send = (status: number, answer: unknown) => {
      state.calls.push({ path, status });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    if (downFor > 0) {
      downFor--;
      return send(503, { message: 'Service Unavailable' });
    }
    if (req.headers['accept-version'] !== 'V2')
      return send(400, { code: 'Invalid-Request', message: 'Accept-Version V2 is required' });
    const auth = basic(req);

    if (req.method === 'POST' && path === '/compliance') {
      if (req.headers.otp !== otp) return send(400, { errorCode: 'Invalid-OTP', errorMessage: 'The OTP is invalid' });
      const csrPem = Buffer.from(String(body.csr ?? ''), 'base64').toString('utf8');
      const problem = checkCsr(csrPem);
      if (problem) return send(400, { errors: [{ code: 'Invalid-CSR', message: problem }] });
      const csid = issue(csrPem);
      const requestID = Date.now() + compliance.size;
      compliance.set(String(requestID), { secret: csid.secret, csr: csrPem, passed: new Set() });
      compliance.set(csid.binarySecurityToken, { secret: csid.secret, csr: csrPem, passed: new Set() });
      return send(200, { requestID, dispositionMessage: 'ISSUED', ...csid, errors: null });
    }

    if (req.method === 'POST' && path === '/compliance/invoices') {
      const c = auth && compliance.get(auth.token);
      if (!c || c.secret !== auth!.secret) return send(401, {});
      const v = validate(body, auth!.token, 'any', false);
      const kind = `${v.subtype}:${/>381</.test(Buffer.from(String(body.invoice ?? ''), 'base64').toString()) ? 'credit' : 'invoice'}`;
      if (!v.errors.length) {
        c.passed.add(kind);
        for (const other of compliance.values()) if (other.csr === c.csr) other.passed.add(kind);
      }
      return send(v.errors.length ? 400 : 200, {
        validationResults: {
          infoMessages: v.info,
          warningMessages: v.warnings,
          errorMessages: v.errors,
          status: v.errors.length ? 'ERROR' : v.warnings.length ? 'WARNING' : 'PASS',
        },
        reportingStatus: v.subtype === 'simplified' ? (v.errors.length ? 'NOT_REPORTED' : 'REPORTED') : null,
        clearanceStatus: v.subtype === 'standard' ? (v.errors.length ? 'NOT_CLEARED' : 'CLEARED') : null,
      });
    }

    if (path === '/production/csids' && req.method === 'POST') {
      const c = auth && compliance.get(auth.token);
      if (!c || c.secret !== auth!.secret) return send(401, {});
      const request = compliance.get(String(body.compliance_request_id ?? ''));
      if (!request || request.csr !== c.csr)
        return send(400, { code: 'Invalid-Request-ID', message: 'The compliance request ID is unknown' });
      if (!c.passed.has('simplified:invoice') || !c.passed.has('simplified:credit'))
        return send(400, { code: 'Missing-ComplianceSteps', message: 'The compliance checks are not complete' });
      const csid = issue(c.csr);
      production.set(csid.binarySecurityToken, { secret: csid.secret });
      return send(200, {
        requestID: Date.now(),
        tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
        dispositionMessage: 'ISSUED',
        ...csid,
      });
    }

    if (path === '/production/csids' && req.method === 'PATCH') {
      const p = auth && production.get(auth.token);
      if (!p || p.secret !== auth!.secret) return send(401, {});
      if (req.headers.otp !== otp) return send(400, { errorCode: 'Invalid-OTP', errorMessage: 'The OTP is invalid' });
      const csrPem = Buffer.from(String(body.csr ?? ''), 'base64').toString('utf8');
      const problem = checkCsr(csrPem);
      if (problem) return send(400, { errors: [{ code: 'Invalid-CSR', message: problem }] });
      const csid = issue(csrPem);
      production.set(csid.binarySecurityToken, { secret: csid.secret });
      return send(200, { requestID: Date.now(), dispositionMessage: 'ISSUED', ...csid });
    }

    if (req.method === 'POST' && (path === '/invoices/reporting/single' || path === '/invoices/clearance/single')) {
      const p = auth && production.get(auth.token);
      if (!p || p.secret !== auth!.secret) return send(401, {});
      const clearance = path.includes('clearance');
      if (req.headers['clearance-status'] !== (clearance ? '1' : '0'))
        return send(400, { code: 'Invalid-Clearance-Status', message: 'Clearance-Status does not match the API' });
      const v = validate(body, auth!.token, clearance ? 'standard' : 'simplified', true);
      if (rejectFor > 0 && !v.errors.length && (!rejectBuyer || v.buyerName === rejectBuyer)) {
        rejectFor--;
        v.errors.push(msg('ERROR', 'BR-KSA-25', 'KSA', 'The buyer name must be present for this document'));
        v.info.length = 0;
      }
      // The chain's head moves with every document received whose stamp verified.
      if (v.hash && !v.errors.some((e) => e.category === 'SIGNATURE_ERRORS' || e.category === 'INVOICE_HASHING_ERRORS'))
        state.lastHash = v.hash;
      const ok = !v.errors.length;
      if (ok)
        state.accepted.push({ uuid: String(body.uuid), hash: v.hash, icv: v.icv!, pih: v.pih!, profile: v.subtype! });
      const validationResults = {
        infoMessages: v.info,
        warningMessages: v.warnings,
        errorMessages: v.errors,
        status: ok ? (v.warnings.length ? 'WARNING' : 'PASS') : 'ERROR',
      };
      const status = ok ? (v.warnings.length ? 202 : 200) : 400;
      return clearance
        ? send(status, {
            validationResults,
            clearanceStatus: ok ? 'CLEARED' : 'NOT_CLEARED',
            clearedInvoice: ok ? clearedInvoice(String(body.invoice), v.hash) : null,
          })
        : send(status, { validationResults, reportingStatus: ok ? 'REPORTED' : 'NOT_REPORTED' });
    }
    return send(404, { message: 'Not Found' });
  }

  return {
    state,
    otp,
    down(n: number) {
      downFor = n;
    },
    reject(n: number, buyer?: string) {
      rejectFor = n;
      rejectBuyer = buyer;
    },
    async start(): Promise<string> {
      server = createServer((req, res) => {
        handle(req, res).catch(() => {
          res.writeHead(500);
          res.end();
        });
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    },
    close() {
      return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
