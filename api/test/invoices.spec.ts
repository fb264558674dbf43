import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { platformDay } from '@platform/contract';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { auditLog, orders, plans, refunds, users } from '../src/db/schema';
import { fakeTelr } from './fake-telr';
import { adminToken, binary, createUser, signIn, startTestApp, type TestApp } from './harness';
import { coachWithPaidPlan, coachWithPlanOrder, createAnnualPlan, createPlan, startShop } from './builders';
import { pdfText, qrOfPdf } from './pdf-text';
import { SELLER } from './seller';
import { asSpreadsheetShowsIt, soffice } from './spreadsheet';

const VAT_NUMBER = SELLER.vatNumber;

/** ZATCA's TLV fields of a Base64 QR payload, by tag. */
function tlv(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields: Record<number, string> = {};
  for (let i = 0; i < bytes.length;) {
    const tagNo = bytes[i];
    const length = bytes[i + 1];
    fields[tagNo] = bytes.subarray(i + 2, i + 2 + length).toString('utf8');
    i += 2 + length;
  }
  return fields;
}

describe('invoices, refunds and credit notes (Telr through a local fake)', () => {
  const telr = fakeTelr();
  let t: TestApp;
  let plan: typeof plans.$inferSelect;
  let admin: string;

  beforeAll(async () => {
    t = await startShop(telr);
    plan = await createAnnualPlan(t);
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
    await telr.close();
  });

  const orderOf = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const memberOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

  /** A coach who bought the plan and whose order Telr answers as paid (not yet asked). */
  const coachWithPaidTelrOrder = (name?: string) => coachWithPlanOrder(t, telr, plan.id, name ? { name } : {});
  const paidOrder = (name?: string) => coachWithPaidPlan(t, telr, plan.id, name ? { name } : {});

  const refund = (orderId: string, body: Record<string, unknown>, token = admin, key?: string) => {
    const req = t.http.post(`/api/admin/transections/${orderId}/refund`).set('Authorization', token);
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  it('ten orders paid at once get ten consecutive invoice numbers of this year', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, () => coachWithPaidTelrOrder()));
    const answers = await Promise.all(
      made.map((m) => t.http.post('/api/telr/').set('Authorization', m.token).send({ order_id: m.orderId })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.order.payment_status)).toEqual(Array(10).fill('Paid'));
    const numbers = (await Promise.all(made.map((m) => orderOf(m.orderId)))).map((o) => o.invoiceNumber!);
    const year = platformDay().slice(0, 4);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    const sequence = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 10 }, (_, i) => sequence[0] + i));
    expect(sequence[0]).toBe(1);
    // A member's billing list shows the number; Phase 2 is off (no ZATCA key here), so no XML is
    // offered beside the PDF, and asking for it anyway answers why.
    const list = await t.http.post('/api/orders/').set('Authorization', made[0].token).send({ page: 0 });
    expect(list.body.myOrders[0]).toMatchObject({
      _id: made[0].orderId,
      invoice_number: numbers[0],
      e_invoice: false,
      refunds: [],
    });
    const xml = await t.http
      .get(`/api/subcripe/invoice/${made[0].orderId}?format=xml`)
      .set('Authorization', made[0].token)
      .set('Accept-Language', 'en');
    expect([xml.status, xml.body.message]).toEqual([404, 'This document has no e-invoice (XML) yet.']);
  });

  it('the invoice PDF is a simplified tax invoice whose QR code (drawn, then decoded) carries the five ZATCA fields', async () => {
    const { token, orderId } = await paidOrder('سارة المدربة');
    // The paying member's name as the invoice carries it, with the ligature of Allah in it.
    await t.database.db.update(orders).set({ customerName: 'سارة المدربة عبدالله' }).where(eq(orders.id, orderId));
    const order = await orderOf(orderId);
    const pdf = await t.http
      .get(`/api/subcripe/invoice/${orderId}`)
      .set('Authorization', token)
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${order.invoiceNumber}.pdf"`);
    const fields = tlv(await qrOfPdf(pdf.body as Buffer, { dpi: 150 }));
    expect(fields).toEqual({
      1: 'منصة المسابقات',
      2: VAT_NUMBER,
      3: order.activatedAt!.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      4: '345.00',
      5: '45.00',
    });
    const words = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    for (const text of [
      'Simplified tax invoice',
      order.invoiceNumber!,
      `VAT No. ${VAT_NUMBER}`,
      'Amount before VAT',
      'SAR 300.00',
      'SAR 45.00',
      'SAR 345.00',
      'Coach annual plan',
    ])
      expect(words).toContain(text);
    // Arabic reads in its letters' order, ligatures too (لا, لله; ضريبية was read رضيبية).
    for (const text of [
      'فاتورة ضريبية مبسطة',
      'الرقم الضريبي',
      'ضريبة القيمة المضافة',
      'المبلغ قبل الضريبة',
      'خطة المدرب السنوية',
      'الإجمالي المدفوع',
      'سارة المدربة',
      'عبدالله',
    ])
      expect(words).toContain(text);
    // Tagged for screen readers: a structure tree, marked content, each paragraph's language.
    const raw = (pdf.body as Buffer).toString('latin1');
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toContain('/Lang (ar)');
    expect(raw).toContain('/Lang (en)');
    expect(raw).toMatch(/\/S \/Figure/);
    // Not ISO dates: the day as people write it, in Riyadh time.
    expect(words).not.toContain(order.activatedAt!.toISOString().slice(0, 10));
  });

  it('a full refund through Telr asked twice at once refunds once, ends the subscription and issues a credit note', async () => {
    const { coach, token, orderId } = await paidOrder();
    const before = await memberOf(coach.id);
    expect(before.endDate! > platformDay()).toBe(true);
    const [a, b] = await Promise.all([
      refund(orderId, { amount: '345', reason: 'Duplicate purchase' }),
      refund(orderId, { amount: '345', reason: 'Duplicate purchase' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    // The second waits for the order's lock only while the refund is recorded, not while Telr is
    // asked: it reads that a refund is under way (or, if it came after, that it is done).
    expect([
      'A refund of this order is being made right now. Wait for its outcome, then try again if anything is left to refund.',
      'This order has already been refunded in full.',
    ]).toContain(refused.body.message);
    const done = a.status === 200 ? a : b;
    expect(done.body.refund).toMatchObject({ amount: '345.00', ended_subscription: true });
    expect(done.body.refund.credit_note_number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(done.body.payment_status).toBe('refunded');

    const order = await orderOf(orderId);
    expect(telr.refunds.filter((r) => r.ref === order.transactionRef)).toHaveLength(1);
    expect(telr.refunds.find((r) => r.ref === order.transactionRef)).toMatchObject({
      type: 'refund',
      amount: '345.00',
      currency: 'SAR',
    });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    // Telr's cart id of the refund is the refund's own id: how it is found again after a lost answer.
    expect(telr.refunds.find((r) => r.ref === order.transactionRef)!.cartid).toBe(rows[0].id);
    expect(rows[0]).toMatchObject({ status: 'settled', attemptAt: null, settledAt: expect.any(Date) });
    expect(rows[0]).toMatchObject({ amount: '345.00', reason: 'Duplicate purchase', actorName: expect.any(String) });
    expect(rows[0].providerRef).toMatch(/^0500/);
    expect(order.status).toBe('refunded');
    const after = await memberOf(coach.id);
    expect(after.endDate! < platformDay()).toBe(true);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, orderId));
    expect(entries.map((e) => e.action)).toEqual(['refund']);
    expect(entries[0]).toMatchObject({
      resource: 'transections',
      before: { payment_status: 'paid', refunded: '0.00' },
      after: {
        payment_status: 'refunded',
        refunded: '345.00',
        refund_amount: '345.00',
        credit_note: rows[0].creditNoteNumber,
        ended_subscription: true,
      },
    });

    // The member sees the refund in billing and downloads the credit note; it refers to the invoice.
    const list = await t.http.post('/api/orders/').set('Authorization', token).send({ page: 0 });
    const listed = list.body.myOrders.find((o: { _id: string }) => o._id === orderId);
    expect(listed).toMatchObject({
      payment_status: 'Refunded',
      invoice_number: order.invoiceNumber,
      e_invoice: false,
      refunds: [{ _id: rows[0].id, amount: '345.00', credit_note_number: rows[0].creditNoteNumber, e_invoice: false }],
    });
    const pdf = await t.http
      .get(`/api/subcripe/credit-note/${rows[0].id}`)
      .set('Authorization', token)
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${rows[0].creditNoteNumber}.pdf"`);
    const words = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    expect(words).toContain('Credit note');
    expect(words).toContain(rows[0].creditNoteNumber);
    expect(words).toContain(`This credit note reduces invoice ${order.invoiceNumber}`);
    expect(words).toContain('Duplicate purchase');
    expect(tlv(await qrOfPdf(pdf.body as Buffer, { dpi: 150 }))).toMatchObject({
      2: VAT_NUMBER,
      4: '345.00',
      5: '45.00',
    });
    // The invoice stays downloadable.
    expect((await t.http.get(`/api/subcripe/invoice/${orderId}`).set('Authorization', token)).status).toBe(200);

    // Another member: not found, in their language.
    const other = await signIn(t, await createUser(t, { type: 1 }));
    const foreign = await t.http
      .get(`/api/subcripe/credit-note/${rows[0].id}`)
      .set('Authorization', other)
      .set('Accept-Language', 'ar');
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('لم يُعثر على الإشعار الدائن.');
  });

  it('partial refunds: never more than is left, the subscription kept unless asked, a retried request refunds once', async () => {
    const { coach, orderId } = await paidOrder();
    const end = (await memberOf(coach.id)).endDate;
    const first = await refund(orderId, { amount: '١٠٠٫٥٠', reason: 'Goodwill' }, admin, 'key-partial-0001');
    expect(first.status).toBe(200);
    expect(first.body.refund).toMatchObject({ amount: '100.50', ended_subscription: false });
    expect(first.body.payment_status).toBe('paid');
    const retried = await refund(orderId, { amount: '100.50', reason: 'Goodwill' }, admin, 'key-partial-0001');
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ replayed: true, refund: { id: first.body.refund.id } });
    expect((await memberOf(coach.id)).endDate).toBe(end);

    const tooMuch = await refund(orderId, { amount: '300', reason: 'x' }).set('Accept-Language', 'ar');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('لا يمكن أن يزيد المبلغ المسترد على 244.50 ر.س، وهو ما بقي من المبلغ المدفوع.');
    const reused = await refund(orderId, { amount: '5', reason: 'x' }, admin, 'key-partial-0001');
    expect(reused.status).toBe(409);
    for (const bad of [
      { amount: '0', reason: 'x' },
      { amount: '1.234', reason: 'x' },
      { amount: 'abc', reason: 'x' },
      { amount: '', reason: 'x' },
      { amount: { value: 5 }, reason: 'x' },
      { reason: 'x' },
    ]) {
      const res = await refund(orderId, bad);
      expect([res.status, res.body.message]).toEqual([
        400,
        'Enter a refund amount greater than zero, with at most two decimals.',
      ]);
    }
    // The reason's message carries its limit, in both languages.
    for (const bad of [{ amount: '5', reason: '  ' }, { amount: '5' }, { amount: '5', reason: 'x'.repeat(501) }]) {
      const res = await refund(orderId, bad);
      expect([res.status, res.body.message]).toEqual([400, 'Enter the reason for the refund (up to 500 characters).']);
    }
    const noReason = await refund(orderId, { amount: '5', reason: '' }).set('Accept-Language', 'ar');
    expect([noReason.status, noReason.body.message]).toEqual([
      400,
      'أدخل سبب الاسترداد (الحد الأقصى لعدد الأحرف: 500).',
    ]);
    const notBoolean = await refund(orderId, { amount: '5', reason: 'x', end_subscription: 'yes' });
    expect([notBoolean.status, notBoolean.body.message]).toEqual([
      400,
      'The field "End the subscription" is missing or invalid.',
    ]);

    const second = await refund(orderId, { amount: '44.50', reason: 'Ends early', end_subscription: true });
    expect(second.status).toBe(200);
    expect(second.body.refund).toMatchObject({ ended_subscription: true });
    expect(second.body.payment_status).toBe('paid');
    expect((await memberOf(coach.id)).endDate! < platformDay()).toBe(true);
    const rest = await refund(orderId, { amount: '200', reason: 'The rest' });
    expect(rest.status).toBe(200);
    expect(rest.body.payment_status).toBe('refunded');
    const numbers = (await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).map(
      (r) => r.creditNoteNumber,
    );
    expect(new Set(numbers).size).toBe(3);
    const order = await orderOf(orderId);
    expect(telr.refunds.filter((r) => r.ref === order.transactionRef).map((r) => r.amount)).toEqual([
      '100.50',
      '44.50',
      '200.00',
    ]);
  });

  it('refused: an unpaid order, a sub-admin, a member, an unknown order, Telr refusing', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const res = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.id });
    const unpaid = res.body.order._id as string;
    const notPaid = await refund(unpaid, { amount: '10', reason: 'x' });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe('Only a paid order can be refunded.');

    const { orderId } = await paidOrder();
    const sub = await createUser(t, { type: 5, email: `sub.${Date.now()}@test.example` });
    expect(
      (await refund(orderId, { amount: '10', reason: 'x' }, await adminToken(t, sub.email!, sub.password))).status,
    ).toBe(403);
    expect((await refund(orderId, { amount: '10', reason: 'x' }, token)).status).toBe(403);
    expect((await refund('00000000-0000-4000-8000-000000000000', { amount: '10', reason: 'x' })).status).toBe(404);
    expect((await refund('not-an-id', { amount: '10', reason: 'x' })).status).toBe(404);

    telr.setRefuseRefunds(true);
    try {
      const refused = await refund(orderId, { amount: '10', reason: 'x' });
      expect(refused.status).toBe(502);
      expect(refused.body.message).toBe(
        'The payment provider refused the refund; nothing was refunded. Please try again later.',
      );
    } finally {
      telr.setRefuseRefunds(false);
    }
    // The refusal is recorded with Telr's reason; nothing was refunded, no credit note numbered.
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([
      expect.objectContaining({
        status: 'failed',
        failureReason: 'Telr refused the refund: Refund not allowed',
        creditNoteNumber: null,
        providerRef: null,
      }),
    ]);
    expect((await orderOf(orderId)).status).toBe('paid');
    const detail = await t.http.get(`/api/admin/transections/${orderId}`).set('Authorization', admin);
    expect(detail.body).toMatchObject({ refunded_amount: '0.00', refundable_amount: '345.00' });
    expect(detail.body.refunds).toEqual([
      expect.objectContaining({ status: 'failed', failure_reason: 'Telr refused the refund: Refund not allowed' }),
    ]);
    // Asked again once Telr accepts: refunded.
    expect((await refund(orderId, { amount: '10', reason: 'x' })).status).toBe(200);
  });

  it('the finance export: one line per invoice and credit note, totals equal to the orders and refunds', async () => {
    const csv = await t.http
      .get('/api/admin/transections/export')
      .set('Authorization', admin)
      .buffer(true)
      .parse(binary);
    expect(csv.status).toBe(200);
    const text = (csv.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { dynamicTyping: false });
    const [head, ...rows] = parsed.data;
    expect(head).toEqual([
      'Document',
      'Number',
      'Date (Riyadh)',
      'Member',
      'Customer ID',
      'Plan',
      'Amount before VAT',
      'VAT',
      'Total',
      'Currency',
      'Payment method',
      'Provider reference',
      'Invoice',
      'Refund reference',
    ]);
    const paid = await t.database.db.select().from(orders);
    const invoiced = paid.filter((o) => o.invoiceNumber);
    const allRefunds = await t.database.db.select().from(refunds).where(eq(refunds.status, 'settled'));
    const invoices = rows.filter((r) => r[0] === 'Invoice');
    // The plan's English name, the method's word, the customer's national ID as a text cell (issue 37).
    const firstOrder = invoiced.find((o) => o.invoiceNumber === invoices[0][1])!;
    expect([invoices[0][4], invoices[0][5], invoices[0][10]]).toEqual([
      `="${firstOrder.nationalId}"`,
      'Coach annual plan',
      'Card',
    ]);
    const notes = rows.filter((r) => r[0] === 'Credit note');
    expect(invoices).toHaveLength(invoiced.length);
    expect(notes).toHaveLength(allRefunds.length);
    const sum = (xs: (string | number)[]) => Math.round(xs.reduce<number>((c, x) => c + Number(x) * 100, 0));
    expect(sum(invoices.map((r) => r[8]))).toBe(sum(invoiced.map((o) => o.total)));
    expect(sum(notes.map((r) => r[8]))).toBe(-sum(allRefunds.map((r) => r.amount)));
    for (const r of rows) {
      // Numbers as numbers: unquoted in the file, and before VAT + VAT = total.
      expect(sum([r[6], r[7]])).toBe(sum([r[8]]));
    }
    // The last row: the totals of the lines above it.
    const totals = rows[rows.length - 1];
    expect([totals[0], totals[9]]).toEqual(['Totals', 'SAR']);
    for (const c of [6, 7, 8]) expect(sum([totals[c]])).toBe(sum([...invoices, ...notes].map((r) => r[c])));
    expect(rows).toHaveLength(invoices.length + notes.length + 1);
    expect(text).toMatch(/,345\.00,/);
    const note = notes[0];
    const refundRow = allRefunds.find((r) => r.creditNoteNumber === note[1])!;
    const noteOrder = paid.find((o) => o.id === refundRow.orderId)!;
    expect(note[12]).toBe(noteOrder.invoiceNumber);
    expect(note[13]).toBe(refundRow.providerRef);

    // Filtered: refunded orders only, headers in Arabic.
    const filtered = await t.http
      .get('/api/admin/transections/export')
      .query({ filter: JSON.stringify({ payment_status: 'refunded', created_at_gte: platformDay() }) })
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .buffer(true)
      .parse(binary);
    const [arHead, ...arRows] = Papa.parse<string[]>((filtered.body as Buffer).toString('utf8').slice(1).trim()).data;
    expect(arHead[0]).toBe('المستند');
    const refundedOrders = paid.filter((o) => o.status === 'refunded');
    expect(arRows.filter((r) => r[0] === 'فاتورة')).toHaveLength(refundedOrders.length);
    // In Arabic: the plan's Arabic name, the method's Arabic word, the totals row's label.
    const arInvoice = arRows.find((r) => r[0] === 'فاتورة')!;
    expect([arHead[4], arInvoice[5], arInvoice[10]]).toEqual(['معرّف العميل', 'خطة المدرب السنوية', 'بطاقة']);
    expect(arRows[arRows.length - 1][0]).toBe('المجموع');
    if (soffice || process.env.CI) {
      // As LibreOffice shows it: the ID as its digits, the amounts as numbers, the totals adding up.
      const [shownHead, ...shown] = asSpreadsheetShowsIt((filtered.body as Buffer).toString('utf8'));
      expect(shownHead[4]).toBe('معرّف العميل');
      const shownInvoice = shown.find((r) => r[1] === arInvoice[1])!;
      const order = paid.find((o) => o.invoiceNumber === arInvoice[1])!;
      expect([shownInvoice[4], shownInvoice[5], shownInvoice[10]]).toEqual([
        order.nationalId,
        'خطة المدرب السنوية',
        'بطاقة',
      ]);
      const shownTotals = shown[shown.length - 1];
      expect(shownTotals[0]).toBe('المجموع');
      expect(sum([shownTotals[8]])).toBe(sum(shown.slice(0, -1).map((r) => r[8])));
    }
    expect((await t.http.get('/api/admin/transections/export?filter=nope').set('Authorization', admin)).status).toBe(
      400,
    );
    const sub = await createUser(t, { type: 5, email: `sub2.${Date.now()}@test.example` });
    expect(
      (
        await t.http
          .get('/api/admin/transections/export')
          .set('Authorization', await adminToken(t, sub.email!, sub.password))
      ).status,
    ).toBe(403);
  });
});

describe('with the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('numbers the paid orders in payment order, one sequence per year on the Riyadh clock, and sets the counters', async () => {
    const paidAt = [
      '2025-06-01T10:00:00Z',
      // 31 December 2025, 21:30 UTC is already 1 January 2026 in Riyadh.
      '2025-12-31T21:30:00Z',
      '2025-12-31T20:00:00Z',
      '2026-02-01T08:00:00Z',
    ];
    const made = await t.database.db
      .insert(orders)
      .values(
        paidAt.map((at, i) => ({
          customerName: `Old ${i}`,
          total: '100.00',
          status: 'paid',
          activatedAt: new Date(at),
        })),
      )
      .returning();
    await t.database.db.insert(orders).values({ customerName: 'Unpaid', total: '100.00', status: 'pending' });
    const sql = readFileSync(join(__dirname, '../src/db/migrations/0018_invoices_refunds.sql'), 'utf8');
    // The data statements of the migration, run again over these rows.
    const data = sql
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(--[^\n]*\n)*\s*(WITH|INSERT)/.test(s));
    expect(data).toHaveLength(2);
    for (const statement of data) await t.database.query(statement);
    const numbers = await Promise.all(
      made.map(async (o) => (await t.database.db.select().from(orders).where(eq(orders.id, o.id)))[0].invoiceNumber),
    );
    expect(numbers).toEqual(['INV-2025-000001', 'INV-2026-000001', 'INV-2025-000002', 'INV-2026-000002']);
    const counters = await t.database.query('SELECT kind, year, last FROM document_counters ORDER BY year');
    expect(counters).toEqual([
      { kind: 'INV', year: 2025, last: 2 },
      { kind: 'INV', year: 2026, last: 2 },
    ]);
  });

  it('an admin refunds a sandbox payment', async () => {
    const plan = await createPlan(t, { name: 'خطة', nameEn: 'Plan', price: '100' });
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const res = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.id });
    const path = new URL(res.body.response.order.url).pathname;
    await t.http.post(path).type('form').send({ action: 'pay' });
    const orderId = res.body.order._id as string;
    expect((await t.http.post('/api/telr/').set('Authorization', token).send({ order_id: orderId })).status).toBe(200);
    const admin = await adminToken(t);
    const done = await t.http
      .post(`/api/admin/transections/${orderId}/refund`)
      .set('Authorization', admin)
      .send({ amount: '40', reason: 'Partial' });
    expect(done.status).toBe(200);
    expect(done.body.refund.provider_ref).toMatch(/^SBR[0-9A-F]{24}$/);
    const detail = await t.http.get(`/api/admin/transections/${orderId}`).set('Authorization', admin);
    expect(detail.body).toMatchObject({
      refunded_amount: '40.00',
      refundable_amount: '60.00',
      invoice_number: expect.any(String),
    });
    expect(detail.body.refunds).toEqual([expect.objectContaining({ amount: '40.00', reason: 'Partial' })]);
  });
});
