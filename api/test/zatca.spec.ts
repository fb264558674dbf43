import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../src/core/config';
import { openDatabase } from '../src/core/database';
import { zatcaOnboard } from '../src/ops/zatca';
import { orders, plans, zatcaDocuments } from '../src/db/schema';
import { certificateSerial, parseCertificate } from '../src/zatca/certificates';
import { FatooraClient } from '../src/zatca/fatoora.client';
import { onboard, renew, type Onboarded } from '../src/zatca/onboarding';
import { readStamped, readTlv, verifyHash } from '../src/zatca/stamp';
import { INITIAL_PIH } from '../src/zatca/ubl';
import { ZatcaService } from '../src/zatca/zatca.service';
import { fakeTelr } from './fake-telr';
import { fakeFatoora } from './fakes/fatoora';
import { adminToken, binary, createUser, signIn, type TestApp } from './harness';
import { coachWithPaidPlan, createAnnualPlan, onboardedSeller, startShop } from './builders';
import { qrOfPdf } from './pdf-text';
import { SELLER, SELLER_ENV, csrFields } from './seller';

const run = promisify(execFile);
const VAT_NUMBER = SELLER.vatNumber;
const CSR_FIELDS = csrFields('0100');

/**
 * ZATCA's and EN 16931's business rules checked by libxslt (`fixtures/zatca-rules.xsl`): one line
 * per broken rule, none when the document keeps them all.
 */
async function brokenRules(xml: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zatca-rules-'));
  try {
    writeFileSync(join(dir, 'doc.xml'), xml);
    const { stdout } = await run('xsltproc', [join(__dirname, 'fixtures/zatca-rules.xsl'), join(dir, 'doc.xml')]);
    return stdout.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it('a certificate serial is positive and in minimal DER whatever the random bytes', () => {
  // One issued certificate in 256 once began its serial with a padding 0x00 OpenSSL refused.
  for (const first of [0x00, 0x01, 0x7f, 0x80, 0xff])
    for (const second of [0x00, 0x7f, 0x80]) {
      const serial = certificateSerial(Buffer.from([first, second, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
      expect(serial).toHaveLength(12);
      expect(serial[0]).toBeGreaterThanOrEqual(0x01);
      expect(serial[0]).toBeLessThanOrEqual(0x7f);
      expect(serial[1]).toBe(second);
    }
  expect(certificateSerial()).toHaveLength(12);
});

describe('ZATCA Phase 2 e-invoicing against a local fake Fatoora', () => {
  const telr = fakeTelr();
  const fatoora = fakeFatoora();
  let fatooraUrl: string;
  let onboarded: Onboarded;
  let t: TestApp;
  let zatca: ZatcaService;
  let plan: typeof plans.$inferSelect;
  let admin: string;

  beforeAll(async () => {
    const seller = await onboardedSeller(fatoora, '0100');
    fatooraUrl = seller.url;
    onboarded = seller.onboarded;
    t = await startShop(telr, seller.env);
    zatca = t.app.get(ZatcaService);
    plan = await createAnnualPlan(t);
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
    await telr.close();
    await fatoora.close();
  });

  const paidOrder = (name?: string) => coachWithPaidPlan(t, telr, plan.id, name ? { name } : {});
  const docs = () => t.database.db.select().from(zatcaDocuments).orderBy(asc(zatcaDocuments.icv));
  const docOf = async (number: string) =>
    (await t.database.db.select().from(zatcaDocuments).where(eq(zatcaDocuments.number, number)))[0];
  const invoiceNumberOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].invoiceNumber!;
  /** Makes every waiting document due now (the back-off's clock is the database's). */
  const dueNow = () => t.database.query(`UPDATE zatca_documents SET next_attempt_at = now() WHERE state = 'pending'`);

  it('onboards to a production CSID: a CSR with ZATCA subject fields, a compliance CSID, the compliance checks, the production CSID', async () => {
    expect(onboarded.checks).toEqual([
      { document: 'invoice SME00001', status: 200, errors: [] },
      { document: 'credit_note SME00002', status: 200, errors: [] },
    ]);
    const cert = parseCertificate(onboarded.production.binarySecurityToken);
    expect(cert.subject).toBe('CN=TST-886431145-310122393500003, O=WRO Platform, OU=Riyadh Branch, C=SA');
    expect(cert.issuer).toContain('CN=Fake-ZATCA-CA');
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
    expect(fatoora.state.calls.map((c) => `${c.path} ${c.status}`)).toEqual([
      '/compliance 200',
      '/compliance/invoices 200',
      '/compliance/invoices 200',
      '/production/csids 200',
    ]);
    // A wrong one-time password is refused as ZATCA does, and nothing is issued.
    await expect(
      onboard(new FatooraClient(fatooraUrl), { otp: '000000', csr: CSR_FIELDS, seller: SELLER, vatPercent: 15 }),
    ).rejects.toThrow(/HTTP 400/);
    // Renewal: a new key and CSR, the current CSID and a new one-time password.
    const renewed = await renew(new FatooraClient(fatooraUrl), onboarded.production, {
      otp: fatoora.otp,
      csr: CSR_FIELDS,
    });
    expect(parseCertificate(renewed.production.binarySecurityToken).base64).not.toBe(cert.base64);
  });

  it('the ops command (zatca-onboard) writes the key and CSID to an env file the API reads, never to its output; --renew renews', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zatca-ops-'));
    try {
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: dir,
        JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123',
        ...SELLER_ENV,
        ZATCA_API_URL: fatooraUrl,
      };
      const said: string[] = [];
      const out = join(dir, 'zatca.env');
      await zatcaOnboard(loadConfig(env), { out, otp: fatoora.otp }, (l) => said.push(l));
      expect(statSync(out).mode & 0o777).toBe(0o600);
      const written = Object.fromEntries(
        readFileSync(out, 'utf8')
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      expect(Object.keys(written)).toEqual(['ZATCA_PRIVATE_KEY', 'ZATCA_CSID', 'ZATCA_CSID_SECRET']);
      expect(said.join('\n')).not.toContain(written.ZATCA_PRIVATE_KEY);
      expect(said.join('\n')).not.toContain(written.ZATCA_CSID_SECRET);
      expect(said[0]).toBe('compliance check invoice SME00001: HTTP 200');
      expect(said.at(-2)).toMatch(/^production CSID issued \(WROPlatform-310122393500003\), valid until 20\d\d-/);
      const config = loadConfig({ ...env, ...written });
      expect(config.zatca.credentials?.privateKey.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
      // Renewal with the current credentials and a new one-time password.
      await zatcaOnboard(config, { out, otp: fatoora.otp, renew: true }, () => undefined);
      expect(readFileSync(out, 'utf8')).not.toContain(written.ZATCA_CSID);
      // A wrong one-time password: ZATCA's refusal, and nothing written.
      rmSync(out);
      await expect(zatcaOnboard(loadConfig(env), { out, otp: '999999' }, () => undefined)).rejects.toThrow(/HTTP 400/);
      expect(() => statSync(out)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a document issued before the unit was onboarded stays Phase 1: not stamped, not reported', async () => {
    const onboardedAt = parseCertificate(onboarded.production.binarySecurityToken).notBefore;
    await t.database.db.insert(orders).values({
      customerName: 'Before',
      total: '345.00',
      status: 'paid',
      invoiceNumber: 'INV-2020-000001',
      activatedAt: new Date(onboardedAt.getTime() - 86_400_000),
    });
    expect(await zatca.pass()).toEqual({ stamped: 0, sent: 0 });
    expect(await docOf('INV-2020-000001')).toBeUndefined();
  });

  it("ten invoices in a row form an unbroken chain (ICV 1…10, each PIH the previous hash, the first ZATCA's initial hash), all reported", async () => {
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await paidOrder());
    expect(await zatca.pass()).toEqual({ stamped: 10, sent: 10 });
    const chain = await docs();
    expect(chain.map((d) => d.icv)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(chain[0].previousHash).toBe(INITIAL_PIH);
    for (let i = 1; i < chain.length; i++) expect(chain[i].previousHash).toBe(chain[i - 1].hash);
    for (const d of chain) {
      const read = readStamped(d.xml);
      expect(read).toMatchObject({ hash: d.hash, digest: d.hash, pih: d.previousHash, icv: d.icv, uuid: d.uuid });
      expect(d.xml).toContain('<cbc:ProfileID>reporting:1.0</cbc:ProfileID>');
      expect(d.xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
      expect(d.state).toBe('reported');
      expect(d.messages!.errorMessages).toEqual([]);
    }
    expect(chain.map((d) => d.number)).toEqual(await Promise.all(made.map((m) => invoiceNumberOf(m.orderId))));
    // Fatoora saw the same chain, without a warning.
    expect(fatoora.state.accepted.map((a) => a.hash)).toEqual(chain.map((d) => d.hash));
    // A second pass sends nothing again: each document is reported once.
    expect(await zatca.pass()).toEqual({ stamped: 0, sent: 0 });
  });

  it("the signature verifies with the certificate's public key (node:crypto and openssl)", async () => {
    const [d] = await docs();
    const read = readStamped(d.xml);
    const cert = parseCertificate(read.certificate!);
    expect(verifyHash(read.hash, Buffer.from(read.signature!, 'base64'), cert.publicKey)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'zatca-'));
    try {
      writeFileSync(join(dir, 'cert.der'), Buffer.from(read.certificate!, 'base64'));
      writeFileSync(join(dir, 'hash.bin'), Buffer.from(read.hash, 'base64'));
      writeFileSync(join(dir, 'sig.der'), Buffer.from(read.signature!, 'base64'));
      await run('openssl', [
        'x509',
        '-inform',
        'DER',
        '-in',
        join(dir, 'cert.der'),
        '-pubkey',
        '-noout',
        '-out',
        join(dir, 'pub.pem'),
      ]);
      const { stdout } = await run('openssl', [
        'dgst',
        '-sha256',
        '-verify',
        join(dir, 'pub.pem'),
        '-signature',
        join(dir, 'sig.der'),
        join(dir, 'hash.bin'),
      ]);
      expect(stdout.trim()).toBe('Verified OK');
      // The hash itself, by tools the project did not write: libxslt removes the stamp's parts,
      // libxml2 canonicalises (C14N 1.1) and openssl digests.
      writeFileSync(join(dir, 'doc.xml'), d.xml);
      await run('xmllint', ['--noout', join(dir, 'doc.xml')]);
      const { stdout: body } = await run('xsltproc', [
        '-o',
        join(dir, 'body.xml'),
        join(__dirname, 'fixtures/zatca-hash.xsl'),
        join(dir, 'doc.xml'),
      ]);
      expect(body).toBe('');
      const { stdout: canonical } = await run('xmllint', ['--c14n11', join(dir, 'body.xml')], {
        encoding: 'buffer',
      } as never);
      writeFileSync(join(dir, 'canonical.xml'), canonical as unknown as Buffer);
      const { stdout: digest } = await run('openssl', [
        'dgst',
        '-sha256',
        '-binary',
        '-out',
        join(dir, 'digest.bin'),
        join(dir, 'canonical.xml'),
      ]);
      expect(digest).toBe('');
      expect(readFileSync(join(dir, 'digest.bin')).toString('base64')).toBe(d.hash);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the QR decoded from the PDF has tags 1–9 and tag 6 is the XML hash; the XML downloads at ?format=xml', async () => {
    const { token, orderId } = await paidOrder('سارة المدربة');
    const pdf = await t.http
      .get(`/api/subcripe/invoice/${orderId}`)
      .set('Authorization', token)
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    const number = await invoiceNumberOf(orderId);
    const doc = await docOf(number);
    const tags = readTlv(await qrOfPdf(pdf.body as Buffer));
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags.get(1)!.toString()).toBe(SELLER.name);
    expect(tags.get(2)!.toString()).toBe(VAT_NUMBER);
    expect(tags.get(4)!.toString()).toBe('345.00');
    expect(tags.get(5)!.toString()).toBe('45.00');
    expect(tags.get(6)!.toString()).toBe(doc.hash);
    const cert = parseCertificate(readStamped(doc.xml).certificate!);
    expect(tags.get(8)!.equals(cert.publicKeyDer)).toBe(true);
    expect(tags.get(9)!.equals(cert.signature)).toBe(true);
    // The PDF is a PDF/A-3 carrying the e-invoice itself (poppler's pdfinfo and pdfdetach read it).
    const dir = mkdtempSync(join(tmpdir(), 'pdfa-'));
    try {
      writeFileSync(join(dir, 'doc.pdf'), pdf.body as Buffer);
      const { stdout: meta } = await run('pdfinfo', ['-meta', join(dir, 'doc.pdf')]);
      expect(meta).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      const { stdout: attached } = await run('pdfdetach', ['-list', join(dir, 'doc.pdf')]);
      expect(attached.trim().split('\n')).toEqual(['1 embedded files', `1: ${number}.xml`]);
      await run('pdfdetach', ['-save', '1', '-o', join(dir, 'attached.xml'), join(dir, 'doc.pdf')]);
      expect(readFileSync(join(dir, 'attached.xml'), 'utf8')).toBe(doc.xml);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const xml = await t.http.get(`/api/subcripe/invoice/${orderId}?format=xml`).set('Authorization', token);
    expect(xml.status).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="${number}.xml"`);
    expect(xml.text).toBe(doc.xml);
    // Someone else's order: not found; a format it does not know: a clear 400 in Arabic.
    const other = await signIn(t, await createUser(t, { type: 1 }));
    expect((await t.http.get(`/api/subcripe/invoice/${orderId}?format=xml`).set('Authorization', other)).status).toBe(
      404,
    );
    const bad = await t.http
      .get(`/api/subcripe/invoice/${orderId}?format=docx`)
      .set('Authorization', token)
      .set('Accept-Language', 'ar');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, field: 'format', message: 'يجب أن تكون الصيغة pdf أو xml.' });
    await zatca.pass();
  });

  it('a credit note is a 381 document in the same chain, naming its invoice and the reason, reported', async () => {
    const { token, orderId } = await paidOrder();
    const res = await t.http
      .post(`/api/admin/transections/${orderId}/refund`)
      .set('Authorization', admin)
      .send({ amount: '115', reason: 'Duplicate purchase' });
    expect(res.status).toBe(200);
    await zatca.pass();
    const chain = await docs();
    const note = chain[chain.length - 1];
    expect(note.kind).toBe('credit_note');
    expect(note.previousHash).toBe(chain[chain.length - 2].hash);
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(note.xml).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${await invoiceNumberOf(orderId)}</cbc:ID>`,
    );
    expect(note.xml).toContain('<cbc:InstructionNote>Duplicate purchase</cbc:InstructionNote>');
    expect(note.state).toBe('reported');
    const refundId = note.refundId!;
    const xml = await t.http.get(`/api/subcripe/credit-note/${refundId}?format=xml`).set('Authorization', token);
    expect(xml.status).toBe(200);
    expect(xml.text).toBe(note.xml);
  });

  it('billing and the order dialog offer the XML only once the document has one; staff download it', async () => {
    const { token, orderId } = await paidOrder();
    const number = await invoiceNumberOf(orderId);
    const billing = async () =>
      (await t.http.post('/api/orders/').set('Authorization', token).send({ page: 0 })).body.myOrders.find(
        (o: { _id: string }) => o._id === orderId,
      );
    // Paid, numbered, but not stamped yet (the worker has not passed): the PDF only.
    expect(await billing()).toMatchObject({ invoice_number: number, e_invoice: false, refunds: [] });
    await zatca.pass();
    expect(await billing()).toMatchObject({ invoice_number: number, e_invoice: true });
    // A refund's credit note: no XML until it is stamped, then one.
    const refunded = await t.http
      .post(`/api/admin/transections/${orderId}/refund`)
      .set('Authorization', admin)
      .send({ amount: '100', reason: 'Goodwill' });
    expect(refunded.status).toBe(200);
    const note = refunded.body.refund.credit_note_number as string;
    expect((await billing()).refunds).toEqual([
      expect.objectContaining({ credit_note_number: note, e_invoice: false }),
    ]);
    await zatca.pass();
    expect((await billing()).refunds).toEqual([expect.objectContaining({ credit_note_number: note, e_invoice: true })]);
    // Staff: the order's e-invoices say which XML can be downloaded, and it downloads as stamped.
    const detail = await t.http.get(`/api/admin/transections/${orderId}`).set('Authorization', admin);
    expect(detail.body.einvoices.map((d: { number: string; xml: boolean }) => [d.number, d.xml])).toEqual([
      [number, true],
      [note, true],
    ]);
    const id = detail.body.einvoices[0].id as string;
    const xml = await t.http.get(`/api/admin/einvoices/${id}/xml`).set('Authorization', admin);
    expect(xml.status).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="${number}.xml"`);
    expect(xml.text).toBe((await docOf(number)).xml);
    // Not for a member (even the buyer), and an unknown id is not found.
    expect((await t.http.get(`/api/admin/einvoices/${id}/xml`).set('Authorization', token)).status).toBe(403);
    const unknown = await t.http
      .get('/api/admin/einvoices/00000000-0000-4000-8000-000000000000/xml')
      .set('Authorization', admin);
    expect(unknown.status).toBe(404);
    expect((await t.http.get('/api/admin/einvoices/x/xml').set('Authorization', admin)).status).toBe(404);
    // A standard invoice ZATCA has not cleared yet has nothing to hand out: no link on either side.
    await t.database.query(`UPDATE zatca_documents SET profile = 'standard', state = 'pending' WHERE number = $1`, [
      number,
    ]);
    try {
      expect(await billing()).toMatchObject({ e_invoice: false });
      const waiting = await t.http.get(`/api/admin/transections/${orderId}`).set('Authorization', admin);
      expect(waiting.body.einvoices[0]).toMatchObject({ number, xml: false });
      const refused = await t.http
        .get(`/api/admin/einvoices/${id}/xml`)
        .set('Authorization', admin)
        .set('Accept-Language', 'en');
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'This invoice is waiting for ZATCA to clear it; try again shortly.',
      ]);
    } finally {
      await t.database.query(
        `UPDATE zatca_documents SET profile = 'simplified', state = 'reported' WHERE number = $1`,
        [number],
      );
    }
  });

  it("a rejected document keeps ZATCA's messages; the next one still chains to it", async () => {
    fatoora.reject(1);
    const first = await paidOrder();
    const second = await paidOrder();
    await zatca.pass();
    const rejected = await docOf(await invoiceNumberOf(first.orderId));
    expect(rejected.state).toBe('rejected');
    expect(rejected.messages!.errorMessages).toEqual([
      expect.objectContaining({ code: 'BR-KSA-25', message: 'The buyer name must be present for this document' }),
    ]);
    const next = await docOf(await invoiceNumberOf(second.orderId));
    expect(next.previousHash).toBe(rejected.hash);
    expect(next.state).toBe('reported');
    // Staff see it on the transaction and in the e-invoices list, filtered by state.
    const order = await t.http.get(`/api/admin/transections/${first.orderId}`).set('Authorization', admin);
    expect(order.status).toBe(200);
    expect(order.body.einvoices).toEqual([
      expect.objectContaining({
        number: rejected.number,
        kind: 'invoice',
        state: 'rejected',
        icv: rejected.icv,
        errors: [expect.objectContaining({ code: 'BR-KSA-25' })],
      }),
    ]);
    const list = await t.http
      .get('/api/admin/einvoices')
      .query({ filter: JSON.stringify({ state: 'rejected' }), sort: JSON.stringify(['icv', 'ASC']), range: '[0,49]' })
      .set('Authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body.map((d: { number: string }) => d.number)).toEqual([rejected.number]);
    const member = await signIn(t, await createUser(t, { type: 1 }));
    expect((await t.http.get('/api/admin/einvoices').set('Authorization', member)).status).toBe(403);
  });

  it('reporting is retried with back-off after Fatoora was down, and reported once', async () => {
    fatoora.down(1);
    const { orderId } = await paidOrder();
    const number = await invoiceNumberOf(orderId);
    expect(await zatca.pass()).toEqual({ stamped: 1, sent: 0 });
    const waiting = await docOf(number);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting.lastError).toMatch(/HTTP 503/);
    // The first retry waits 5 s after the failure (which came after the document was stamped).
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(waiting.createdAt.getTime() + 5_000);
    // Not due yet (set far off, so no clock decides): nothing is sent.
    await t.database.query(`UPDATE zatca_documents SET next_attempt_at = now() + interval '1 hour' WHERE number = $1`, [
      number,
    ]);
    expect(await zatca.reportDue()).toBe(0);
    await dueNow();
    expect(await zatca.reportDue()).toBe(1);
    expect(await docOf(number)).toMatchObject({ state: 'reported', attempts: 2, lastError: null });
  });

  it('the dashboard warns of a document not reported 20 hours after it was issued', async () => {
    fatoora.down(1);
    const { orderId } = await paidOrder();
    await zatca.pass();
    const number = await invoiceNumberOf(orderId);
    expect((await t.http.get('/api/admin/dashboard').set('Authorization', admin)).body.lateEinvoices).toBe(0);
    await t.database.query(`UPDATE zatca_documents SET issued_at = now() - interval '21 hours' WHERE number = $1`, [
      number,
    ]);
    expect((await t.http.get('/api/admin/dashboard').set('Authorization', admin)).body.lateEinvoices).toBe(1);
    const late = await t.http
      .get('/api/admin/einvoices')
      .query({ filter: JSON.stringify({ late: 'true' }) })
      .set('Authorization', admin);
    expect(late.body).toEqual([expect.objectContaining({ number, state: 'pending', late: true, attempts: 1 })]);
    await dueNow();
    await zatca.pass();
    expect((await t.http.get('/api/admin/dashboard').set('Authorization', admin)).body.lateEinvoices).toBe(0);
  });

  it('two API processes stamping at once never break the chain', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await paidOrder());
    // A second process: its own connection pool to the same database (PGlite: the one in memory).
    const other = t.location.startsWith('postgres') ? await openDatabase(t.location) : t.database;
    try {
      const second = new ZatcaService(t.config, other, other.db);
      const [a, b] = await Promise.all([zatca.stampPending(), second.stampPending()]);
      expect(a + b).toBe(6);
    } finally {
      if (other !== t.database) await other.close();
    }
    const chain = await docs();
    expect(chain.map((d) => d.icv)).toEqual(chain.map((_, i) => i + 1));
    for (let i = 1; i < chain.length; i++) expect(chain[i].previousHash).toBe(chain[i - 1].hash);
    await zatca.pass();
    expect((await docs()).filter((d) => d.state === 'pending')).toEqual([]);
  });

  it("every invoice and credit note made here keeps ZATCA's business rules, checked by libxslt; a broken one is caught", async () => {
    const all = await docs();
    expect(all.filter((d) => d.kind === 'credit_note').length).toBeGreaterThanOrEqual(2);
    expect(all.length).toBeGreaterThanOrEqual(20);
    for (const d of all)
      expect({ number: d.number, broken: await brokenRules(d.xml) }).toEqual({ number: d.number, broken: [] });
    // The checker can fail: a credit note without its reason and invoice, a seller's building number
    // of three digits, a total that does not add up, no counter.
    const note = all.find((d) => d.kind === 'credit_note')!;
    const broken = note.xml
      .replace(/<cbc:InstructionNote>[^<]*<\/cbc:InstructionNote>/, '')
      .replace(/<cac:BillingReference>.*?<\/cac:BillingReference>/, '')
      .replace(/<cbc:BuildingNumber>\d+<\/cbc:BuildingNumber>/, '<cbc:BuildingNumber>123</cbc:BuildingNumber>')
      .replace(/(<cbc:TaxInclusiveAmount currencyID="SAR">)[\d.]+/, '$1999.99')
      .replace(/<cbc:ID>ICV<\/cbc:ID><cbc:UUID>\d+<\/cbc:UUID>/, '<cbc:ID>ICV</cbc:ID><cbc:UUID>x</cbc:UUID>');
    expect((await brokenRules(broken)).map((l) => l.split(':')[0])).toEqual([
      'BR-KSA-33',
      'BR-KSA-37',
      'BR-KSA-56',
      'BR-KSA-17',
      'BR-CO-15',
      'BR-CO-16',
    ]);
  });
});
