import { asc, eq } from 'drizzle-orm';
import { orderLines, orders, refunds, teams, users, zatcaDocuments } from '../src/db/schema';
import { qrOfXml } from '../src/zatca/ubl';
import { ZatcaService } from '../src/zatca/zatca.service';
import { fakeTelr } from './fake-telr';
import { fakeFatoora } from './fakes/fatoora';
import { adminToken, binary, createUser, signIn, type TestApp } from './harness';
import {
  confirmPaid,
  createPlan,
  createSchool,
  createSeason,
  onboardedSeller,
  orderPlan,
  paidTeamFees,
  SCHOOL_ADDRESS as ADDRESS,
  SCHOOL_VAT,
  startShop,
} from './builders';
import { pdfText, qrOfPdf } from './pdf-text';
import { teamFixtures } from './team-fixtures';

/**
 * The Arabic lines of a tagged PDF as screen readers read them: each paragraph's ActualText (in
 * reading order). pdftotext splits `ر.س` at its dot, so the amounts are read from the tags.
 */
function actualTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)/g)) {
    const bytes = Buffer.from(
      m[1].replace(/\\([nrtbf()\\])/g, (_, c: string) =>
        c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c === 'b' ? '\b' : c === 'f' ? '\f' : c,
      ),
      'latin1',
    );
    out.push(
      bytes[0] === 0xfe && bytes[1] === 0xff
        ? bytes.subarray(2).swap16().toString('utf16le')
        : bytes.toString('latin1'),
    );
  }
  return out;
}

/**
 * Schools and companies as buyers (issue 34): an entity with its legal name, VAT number and address
 * gets standard tax invoices, cleared by ZATCA before it can download them; a school pays several
 * teams' fees in one order, one line per team.
 */
describe('B2B: standard invoices cleared by a local fake Fatoora; a school pays several teams in one order', () => {
  const telr = fakeTelr();
  const fatoora = fakeFatoora();
  let t: TestApp;
  let zatca: ZatcaService;
  let admin: string;
  let season: string;
  const { openRegistration, coachUser, student, register, acceptAll } = teamFixtures(
    () => t,
    () => admin,
    () => season,
    'B2B',
  );

  beforeAll(async () => {
    t = await startShop(telr, (await onboardedSeller(fatoora, '1100')).env);
    zatca = t.app.get(ZatcaService);
    admin = await adminToken(t);
    season = await createSeason(t, admin, 'موسم المدارس', 'Schools season');
  });
  afterAll(async () => {
    await t?.close();
    await telr.close();
    await fatoora.close();
  });

  /** A school account with its billing details given on its account page (or none). */
  const school = (billing = true) => createSchool(t, { billing });

  /** A team of one accepted student that represents the school (which confirmed it), its fee due. */
  async function schoolTeam(entity: Parameters<typeof acceptAll>[0], fee = '300') {
    const { competition } = await openRegistration({ fee, min_members: 1, entity_required: true });
    const a = await student();
    const coach = await coachUser();
    const made = await register(await signIn(t, coach), competition, {
      members: [a.nationalId],
      entity_email: entity.email,
    });
    expect(made.status).toBe(201);
    await acceptAll(a);
    await acceptAll(entity);
    return { id: made.body.team._id as string, teamNo: made.body.team.team_no as string };
  }
  const paySchool = (token: string, teamIds: string[]) => paidTeamFees(t, telr, token, teamIds);
  const orderOf = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const teamOf = async (id: string) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0];
  const docOf = async (number: string) =>
    (await t.database.db.select().from(zatcaDocuments).where(eq(zatcaDocuments.number, number)))[0];
  const dueNow = () => t.database.query(`UPDATE zatca_documents SET next_attempt_at = now() WHERE state = 'pending'`);
  const download = (token: string, orderId: string, format?: string, lang = 'en') =>
    t.http
      .get(`/api/subcripe/invoice/${orderId}`)
      .query(format ? { format } : {})
      .set('Authorization', token)
      .set('Accept-Language', lang)
      .buffer(true)
      .parse(binary);

  it('a school’s VAT number and address are checked by the API, with messages in both languages', async () => {
    const { token } = await school(false);
    const save = (body: Record<string, unknown>, lang: string) =>
      t.http.post('/api/accounts').set('Authorization', token).set('Accept-Language', lang).send(body);
    const vat = await save({ tax_id: '310122393500002' }, 'en');
    expect(vat.status).toBe(400);
    expect(vat.body).toMatchObject({
      field: 'tax_id',
      message: 'The VAT number must have 15 digits, starting and ending with 3.',
    });
    expect((await save({ tax_id: '12345' }, 'ar')).body.message).toBe(
      'يجب أن يتكون الرقم الضريبي من 15 رقمًا، أوله 3 وآخره 3.',
    );
    const partial = await save({ address: { ...ADDRESS, district: ' ' } }, 'ar');
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({
      field: 'address.district',
      message: 'يرجى إكمال العنوان كله: الشارع ورقم المبنى والحي والمدينة والرمز البريدي.',
    });
    expect((await save({ address: { ...ADDRESS, building: '12' } }, 'en')).body.message).toBe(
      'The building number must have 4 digits.',
    );
    expect((await save({ address: { ...ADDRESS, postal_code: '١٢٣' } }, 'ar')).body.message).toBe(
      'يجب أن يتكون الرمز البريدي من 5 أرقام.',
    );
    // Nothing was saved by the refused requests.
    const me = await t.http.get('/api/accounts').set('Authorization', token);
    expect(me.body.user).toMatchObject({ legal_name: null, address: null });
    // Staff edit the same fields on the back-office's user, checked the same way.
    const id = me.body.user._id as string;
    const edit = (body: Record<string, unknown>, lang = 'en') =>
      t.http.put(`/api/admin/users/${id}`).set('Authorization', admin).set('Accept-Language', lang).send(body);
    const badVat = await edit({ tax_id: '300000000000004' }, 'ar');
    expect(badVat.status).toBe(400);
    expect(badVat.body.message).toBe('يجب أن يتكون الرقم الضريبي من 15 رقمًا، أوله 3 وآخره 3.');
    const saved = await edit({ tax_id: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣', legal_name: 'Future Schools Co.', address: ADDRESS });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      tax_id: SCHOOL_VAT,
      legal_name: 'Future Schools Co.',
      address: { ...ADDRESS, building: '2345', postal_code: '12241' },
    });
  });

  it('a school with a VAT number pays two teams in one order: one standard invoice with two lines, cleared, downloadable only as ZATCA cleared it', async () => {
    const { entity, token, legalName } = await school();
    const [a, b] = [await schoolTeam(entity), await schoolTeam(entity)];
    const due = await t.http.get('/api/school/team-fees').set('Authorization', token);
    expect(due.body.teams.map((x: { _id: string }) => x._id).sort()).toEqual([a.id, b.id].sort());
    expect(due.body.teams[0]).toMatchObject({ amount: '300.00', currency: 'SAR' });

    const orderId = await paySchool(token, [b.id, a.id]);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      orderType: 'team_fees',
      total: '600.00',
      status: 'paid',
      teamId: null,
      buyer: {
        name: legalName,
        vat_number: SCHOOL_VAT,
        address: { ...ADDRESS, building: '2345', postal_code: '12241' },
      },
    });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
    expect(lines.map((l) => [l.teamId, l.amount])).toEqual(
      [a, b].sort((x, y) => x.teamNo.localeCompare(y.teamNo)).map((x) => [x.id, '300.00']),
    );
    expect((await teamOf(a.id)).paymentStatus).toBe(true);
    expect((await teamOf(b.id)).paymentStatus).toBe(true);
    // Nothing more is due.
    expect((await t.http.get('/api/school/team-fees').set('Authorization', token)).body.teams).toEqual([]);

    // Before ZATCA cleared it: a clear "being cleared", in the member's language, for the XML and the PDF.
    await zatca.stampPending();
    const number = order.invoiceNumber!;
    const stamped = await docOf(number);
    expect(stamped).toMatchObject({ profile: 'standard', state: 'pending' });
    expect(stamped.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(stamped.xml).toContain(`<cbc:CompanyID>${SCHOOL_VAT}</cbc:CompanyID>`);
    expect(stamped.xml).toContain('<cbc:BuildingNumber>2345</cbc:BuildingNumber>');
    expect(stamped.xml.match(/<cac:InvoiceLine>/g)).toHaveLength(2);
    expect(stamped.xml).toContain('<cbc:PayableAmount currencyID="SAR">600.00</cbc:PayableAmount>');
    const early = await download(token, orderId, 'xml', 'ar');
    expect(early.status).toBe(409);
    expect(JSON.parse(String(early.body))).toMatchObject({
      success: false,
      message: 'هذه الفاتورة بانتظار اعتماد هيئة الزكاة والضريبة والجمارك لها؛ حاول بعد قليل.',
    });
    expect((await download(token, orderId)).status).toBe(409);

    // The worker has it cleared (the clearance API, Clearance-Status 1).
    await zatca.pass();
    const cleared = await docOf(number);
    expect(cleared.state).toBe('cleared');
    expect(fatoora.state.calls.filter((c) => c.path === '/invoices/clearance/single').at(-1)?.status).toBe(200);
    const clearedXml = Buffer.from(cleared.clearedXml!, 'base64').toString('utf8');
    // ZATCA's stamp is in the cleared document's QR: not the one sent.
    expect(qrOfXml(clearedXml)).not.toBe(cleared.qr);
    expect(fatoora.state.cleared.map((c) => c.qr)).toContain(qrOfXml(clearedXml));

    const xml = await download(token, orderId, 'xml');
    expect(xml.status).toBe(200);
    expect(String(xml.body)).toBe(clearedXml);
    const pdf = await download(token, orderId);
    expect(pdf.status).toBe(200);
    expect(await qrOfPdf(pdf.body as Buffer)).toBe(qrOfXml(clearedXml));
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('فاتورة ضريبية');
    expect(text).toContain(SCHOOL_VAT);
    expect(text).toContain('Prince Sultan St');
    expect(text).toContain(`Team ${a.teamNo}`);
    expect(text).toContain('SAR 300.00');
    expect(text).not.toContain('300.00 SAR');
    // The Arabic side's amounts in Arabic (the contract's formatMoney), not `300.00 SAR`.
    const arabic = actualTexts(pdf.body as Buffer);
    expect(arabic).toEqual(expect.arrayContaining(['300.00 ر.س', '600.00 ر.س', 'المشتري']));
    expect(arabic.some((l) => l.includes('SAR'))).toBe(false);
  });

  it('another school can neither pay this school’s teams nor read its order', async () => {
    const { entity, token } = await school();
    const mine = await schoolTeam(entity);
    const other = await school();
    const refused = await t.http
      .post('/api/school/team-fees/pay')
      .set('Authorization', other.token)
      .set('Accept-Language', 'ar')
      .send({ team_ids: [mine.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`رسوم الفريق ${mine.teamNo} غير مستحقة، أو أن الفريق ليس من فرق مدرستك.`);
    const none = await t.http
      .post('/api/school/team-fees/pay')
      .set('Authorization', other.token)
      .send({ team_ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one team whose fee is due.');
    // A coach cannot use the school's route.
    const coach = await signIn(t, await coachUser());
    expect(
      (
        await t.http
          .post('/api/school/team-fees/pay')
          .set('Authorization', coach)
          .send({ team_ids: [mine.id] })
      ).status,
    ).toBe(403);

    const orderId = await paySchool(token, [mine.id]);
    await zatca.pass();
    expect((await download(token, orderId, 'xml')).status).toBe(200);
    expect((await download(other.token, orderId, 'xml')).status).toBe(404);
    expect((await download(other.token, orderId)).status).toBe(404);
    const peek = await t.http.post('/api/telr/').set('Authorization', other.token).send({ order_id: orderId });
    expect(peek.status).toBe(404);
  });

  it('NOT_CLEARED: ZATCA’s messages are shown to staff, and the buyer still gets no uncleared document', async () => {
    const { entity, token } = await school();
    const team = await schoolTeam(entity);
    const orderId = await paySchool(token, [team.id]);
    fatoora.reject(1);
    await zatca.pass();
    const number = (await orderOf(orderId)).invoiceNumber!;
    const doc = await docOf(number);
    expect(doc.state).toBe('rejected');
    expect(doc.messages?.errorMessages).toEqual([expect.objectContaining({ code: 'BR-KSA-25', type: 'ERROR' })]);
    const list = await t.http
      .get('/api/admin/einvoices')
      .query({ filter: JSON.stringify({ state: 'rejected' }), range: '[0,49]' })
      .set('Authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          number,
          state: 'rejected',
          errors: [expect.objectContaining({ code: 'BR-KSA-25' })],
        }),
      ]),
    );
    const tx = await t.http.get(`/api/admin/transections/${orderId}`).set('Authorization', admin);
    expect(tx.body.einvoices).toEqual([expect.objectContaining({ number, state: 'rejected' })]);
    expect((await download(token, orderId, 'xml')).status).toBe(409);
  });

  it('Fatoora down, then up: the standard invoice is cleared by the retry', async () => {
    const { entity, token } = await school();
    const team = await schoolTeam(entity);
    const orderId = await paySchool(token, [team.id]);
    const number = (await orderOf(orderId)).invoiceNumber!;
    fatoora.down(1);
    await zatca.pass();
    const waiting = await docOf(number);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, profile: 'standard' });
    expect(waiting.lastError).toMatch(/HTTP 503/);
    expect((await download(token, orderId, 'xml')).status).toBe(409);
    await dueNow();
    await zatca.pass();
    expect(await docOf(number)).toMatchObject({ state: 'cleared', attempts: 2, lastError: null });
    expect((await download(token, orderId, 'xml')).status).toBe(200);
  });

  it('a refund of one team of the order refunds that line (a cleared credit note on the invoice); the other team stays paid', async () => {
    const { entity, token } = await school();
    const [a, b] = [await schoolTeam(entity, '250'), await schoolTeam(entity, '250')];
    const orderId = await paySchool(token, [a.id, b.id]);
    await zatca.pass();
    const refund = (body: Record<string, unknown>, lang = 'en') =>
      t.http
        .post(`/api/admin/transections/${orderId}/refund`)
        .set('Authorization', admin)
        .set('Accept-Language', lang)
        .send({ amount: '250', reason: 'The team could not travel', ...body });
    const noTeam = await refund({}, 'ar');
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.message).toBe('اختر الفريق الذي تُستردّ رسومه: هذا الطلب يدفع رسوم عدة فرق.');
    // A line is refunded in full: the back-office's dialog sends no amount.
    const done = await refund({ team_id: a.id, amount: undefined });
    expect(done.status).toBe(200);
    const [made] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(made).toMatchObject({ status: 'settled', amount: '250.00', teamId: a.id });
    expect((await teamOf(a.id)).paymentStatus).toBe(false);
    expect((await teamOf(b.id)).paymentStatus).toBe(true);
    expect((await orderOf(orderId)).status).toBe('paid');
    // Staff's order dialog lists the teams, the refunded one marked (the refund dialog offers the other).
    const detail = await t.http.get(`/api/admin/transections/${orderId}`).set('Authorization', admin);
    expect(detail.body.lines).toEqual([
      expect.objectContaining({ team_id: expect.any(String), amount: '250.00' }),
      expect.objectContaining({ team_id: expect.any(String), amount: '250.00' }),
    ]);
    const refunded = Object.fromEntries(
      (detail.body.lines as { team_id: string; refunded: boolean }[]).map((l) => [l.team_id, l.refunded]),
    );
    expect(refunded).toEqual({ [a.id]: true, [b.id]: false });
    const again = await refund({ team_id: a.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This team’s fee was refunded already.');

    await zatca.pass();
    const note = await docOf(made.creditNoteNumber!);
    expect(note).toMatchObject({ kind: 'credit_note', profile: 'standard', state: 'cleared' });
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    expect(note.xml).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${(await orderOf(orderId)).invoiceNumber}</cbc:ID>`,
    );
    expect(note.xml.match(/<cac:InvoiceLine>/g)).toHaveLength(1);
    expect(note.xml).toContain('<cbc:PayableAmount currencyID="SAR">250.00</cbc:PayableAmount>');
    const pdf = await t.http
      .get(`/api/subcripe/credit-note/${made.id}`)
      .set('Authorization', token)
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(SCHOOL_VAT);
    expect(text).toContain(`Team ${a.teamNo}`);
    expect(text).not.toContain(`Team ${b.teamNo}`);
    expect(actualTexts(pdf.body as Buffer)).toContain('250.00 ر.س');
    expect(await qrOfPdf(pdf.body as Buffer)).toBe(qrOfXml(Buffer.from(note.clearedXml!, 'base64').toString('utf8')));
  });

  it('a member (B2C) still gets a simplified invoice, reported; a school without a VAT number too', async () => {
    const plan = await createPlan(t, { type: 'entity', price: '345.00' });
    const coachPlan = await createPlan(t, { price: '345.00' });
    const coach = await createUser(t, { type: 1 });
    const { token: bare } = await school(false);
    for (const [token, planId] of [
      [await signIn(t, coach), coachPlan.id],
      [bare, plan.id],
    ]) {
      const orderId = await orderPlan(t, telr, token, planId);
      await confirmPaid(t, token, orderId);
      const order = await orderOf(orderId);
      expect(order.buyer).toBeNull();
      await zatca.pass();
      const doc = await docOf(order.invoiceNumber!);
      expect(doc).toMatchObject({ profile: 'simplified', state: 'reported' });
      expect(doc.xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
      expect((await download(token, order.id, 'xml')).status).toBe(200);
    }
    // And a school with its details buying a plan: standard, cleared.
    const { entity, token } = await school();
    const orderId = await orderPlan(t, telr, token, plan.id);
    await confirmPaid(t, token, orderId);
    const order = await orderOf(orderId);
    expect(order.buyer?.vat_number).toBe(SCHOOL_VAT);
    await zatca.pass();
    expect(await docOf(order.invoiceNumber!)).toMatchObject({ profile: 'standard', state: 'cleared' });
    expect((await t.database.db.select().from(users).where(eq(users.id, entity.id)))[0].subscription).toBe(true);
  });

  it('the fake Fatoora refuses a standard invoice on the reporting API and a simplified one on clearance, as ZATCA does', async () => {
    const [standard] = await t.database.db
      .select()
      .from(zatcaDocuments)
      .where(eq(zatcaDocuments.profile, 'standard'))
      .limit(1);
    const [simplified] = await t.database.db
      .select()
      .from(zatcaDocuments)
      .where(eq(zatcaDocuments.profile, 'simplified'))
      .limit(1);
    const client = zatca.client;
    const credentials = t.config.zatca.credentials!;
    const request = (d: typeof standard) => ({
      invoiceHash: d.hash,
      uuid: d.uuid,
      invoice: Buffer.from(d.xml).toString('base64'),
    });
    const reported = await client.report(credentials, request(standard));
    expect(reported.status).toBe(400);
    expect(reported.validationResults?.errorMessages).toEqual([
      expect.objectContaining({ message: 'Only simplified invoices can be reported' }),
    ]);
    const clearedSimplified = await client.clear(credentials, request(simplified));
    expect(clearedSimplified.status).toBe(400);
    expect(clearedSimplified.clearanceStatus).toBe('NOT_CLEARED');
    expect(clearedSimplified.validationResults?.errorMessages).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: 'Only standard invoices can be cleared' })]),
    );
  });
});
