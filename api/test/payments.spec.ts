import { eq } from 'drizzle-orm';
import { orders, users } from '../src/db/schema';
import { addPeriod, isoDay } from '../src/payments/period';
import { PaymentsService } from '../src/payments/payments.service';
import request from 'supertest';
import { createApp } from '../src/app';
import { fakeTelr } from './fake-telr';
import { createUser, signIn, startTestApp, type TestApp } from './harness';
import { createPlan } from './builders';
import { pdfText } from './pdf-text';

const today = () => isoDay(new Date());

async function addPlans(t: TestApp) {
  const coach = await createPlan(t, {
    name: 'خطة المدرب السنوية',
    nameEn: 'Coach annual plan',
    originalPrice: '500.00',
    price: '350.00',
  });
  const entity = await createPlan(t, {
    name: 'خطة الجهة',
    nameEn: 'Entity plan',
    price: '900',
    duration: 6,
    durationType: 'month',
    type: 'entity',
  });
  return { coach, entity };
}

const memberOf = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const orderOf = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('payments with the sandbox provider', () => {
  let t: TestApp;
  let plan: Awaited<ReturnType<typeof addPlans>>;
  beforeAll(async () => {
    t = await startTestApp({ MEMBER_URL: 'http://member.test:3000', PAYMENT_EXPIRY_MINUTES: '60' });
    plan = await addPlans(t);
  });
  afterAll(() => t.close());

  async function buy(token: string, action: 'pay' | 'decline' | 'cancel' | null, body: Record<string, unknown> = {}) {
    const res = await t.http
      .post('/api/subcripe/')
      .set('Authorization', token)
      .send({ plan_id: plan.coach.id, ...body });
    expect(res.status).toBe(200);
    const { ref, url } = res.body.response.order as { ref: string; url: string };
    const orderId = res.body.order._id as string;
    if (action) {
      const path = new URL(url).pathname;
      const page = await t.http.get(path);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const back = await t.http.post(path).type('form').send({ action });
      expect(back.status).toBe(303);
      expect(back.headers.location).toBe(`http://member.test:3000/payment/telr?order_id=${orderId}`);
    }
    return { ref, url, orderId };
  }

  it('a coach pays the plan price, whatever the browser sends, and is activated once', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const { ref, url, orderId } = await buy(token, 'pay', { amount: '1.00', price: '1', total: '0.01' });
    expect(url).toMatch(/\/api\/sandbox\/pay\/SBX[0-9A-F]{24}$/);
    const order = await orderOf(t, orderId);
    expect(order.total).toBe('350.00');
    expect(order.status).toBe('pending');
    expect(order.providerRef).toBe(ref);

    const checked = await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    expect(checked.status).toBe(200);
    expect(checked.body.order.payment_status).toBe('Paid');
    const end = addPeriod(today(), 1, 'year');
    expect(checked.body.user).toEqual({ subcription: true, start_date: today(), end_date: end });

    // A second return (another tab) and reconciliation change nothing.
    const again = await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    expect(again.body.user.end_date).toBe(end);
    await t.app.get(PaymentsService).reconcile();
    const member = await memberOf(t, coach.id);
    expect(member.endDate).toBe(end);
    expect(member.plan).toMatchObject({ name_en: 'Coach annual plan', duration: 1, duration_type: 'year' });
    const paid = await orderOf(t, orderId);
    expect(paid.status).toBe('paid');
    expect(paid.transactionRef).toMatch(/^T/);
    expect(paid.periodEnd).toBe(end);

    // Billing lists it as Paid.
    const list = await t.http.post('/api/orders/').set('Authorization', token).send({ page: 0 });
    expect(list.body).toMatchObject({ currentPage: 0, totalPages: 1 });
    expect(list.body.myOrders[0]).toMatchObject({
      _id: orderId,
      payment_status: 'Paid',
      total_amount: '350.00',
      currency: 'SAR',
    });
  });

  it('an early renewal runs from the current end date', async () => {
    const end = addPeriod(today(), 10, 'day');
    const coach = await createUser(t, { type: 1, subscription: true, startDate: '2025-01-01', endDate: end });
    const token = await signIn(t, coach);
    const { orderId } = await buy(token, 'pay');
    const checked = await t.http.post('/api/telr/').set('Authorization', token).send({ order_id: orderId });
    expect(checked.body.user).toEqual({
      subcription: true,
      start_date: '2025-01-01',
      end_date: addPeriod(end, 1, 'year'),
    });
    expect((await orderOf(t, orderId)).orderType).toBe('renewal');
  });

  it('a declined or cancelled payment activates nothing', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    for (const [action, word] of [
      ['decline', 'Declined'],
      ['cancel', 'Cancelled'],
    ] as const) {
      const { orderId } = await buy(token, action);
      const checked = await t.http.post('/api/telr/').set('Authorization', token).send({ order_id: orderId });
      expect(checked.body.order.payment_status).toBe(word);
      expect(checked.body.user.subcription).toBe(false);
    }
    expect((await memberOf(t, coach.id)).endDate).toBeNull();
  });

  it('a member who pays and closes the tab is activated by reconciliation; an abandoned order expires', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const { orderId } = await buy(token, 'pay');
    const { orderId: abandoned } = await buy(token, null);
    await t.database.query(`UPDATE orders SET created_at = now() - interval '2 hours' WHERE id = $1`, [abandoned]);
    await t.database.query(`UPDATE sandbox_payments SET created_at = now() - interval '2 hours' WHERE cart_id = $1`, [
      abandoned,
    ]);
    const result = await t.app.get(PaymentsService).reconcile();
    expect(result.paid).toBeGreaterThanOrEqual(1);
    expect((await orderOf(t, orderId)).status).toBe('paid');
    expect((await orderOf(t, abandoned)).status).toBe('expired');
    expect((await memberOf(t, coach.id)).endDate).toBe(addPeriod(today(), 1, 'year'));
  });

  it("two 'paid' notices for one order at once, and reconciliation beside them, extend the plan once", async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const { orderId } = await buy(token, 'pay');
    const notice = () => t.http.post('/api/telr/').set('Authorization', token).send({ order_id: orderId });
    const [a, b] = await Promise.all([notice(), notice(), t.app.get(PaymentsService).reconcile()]);
    const end = addPeriod(today(), 1, 'year');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.user.end_date, b.body.user.end_date]).toEqual([end, end]);
    expect((await memberOf(t, coach.id)).endDate).toBe(end);
    expect((await orderOf(t, orderId)).periodEnd).toBe(end);
  });

  it("the API stopped between the provider's answer and activation: activated after the restart", async () => {
    const coach = await createUser(t, { type: 1 });
    const { orderId } = await buy(await signIn(t, coach), 'pay');
    // The member paid; the API stops before the return reaches it.
    await t.app.close();
    process.env.PAYMENT_RECONCILER = '1';
    const restarted = await createApp(
      { ...t.config, payments: { ...t.config.payments, reconcileMs: 100 } },
      t.database,
      {
        info: () => undefined,
        warn: () => undefined,
      },
    );
    try {
      await restarted.init();
      // The scheduled reconciliation of the restarted API activates the order, with nobody returning
      // (waited for as long as the test's timeout allows: a loaded machine runs the schedule late).
      while ((await orderOf(t, orderId)).status === 'pending') {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await orderOf(t, orderId)).status).toBe('paid');
      expect((await memberOf(t, coach.id)).endDate).toBe(addPeriod(today(), 1, 'year'));
    } finally {
      delete process.env.PAYMENT_RECONCILER;
      t.app = restarted;
      t.http = request(restarted.getHttpServer());
    }
  });

  it('only coaches and entities buy, each only a plan of their type', async () => {
    const student = await createUser(t, { type: 0 });
    const refused = await t.http
      .post('/api/subcripe/')
      .set('Authorization', await signIn(t, student))
      .set('Accept-Language', 'ar')
      .send({ plan_id: plan.coach.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('الطلاب');
    const entity = await createUser(t, { type: 2, nationalId: '0000000000' });
    const entityToken = await signIn(t, entity);
    const wrong = await t.http
      .post('/api/subcripe/')
      .set('Authorization', entityToken)
      .send({ plan_id: plan.coach.id });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('This plan is not available. Please choose another plan.');
    const right = await t.http
      .post('/api/subcripe/')
      .set('Authorization', entityToken)
      .send({ plan_id: plan.entity.id });
    expect(right.status).toBe(200);
    expect((await orderOf(t, right.body.order._id)).total).toBe('900.00');
    for (const bad of [{}, { plan_id: 'x' }]) {
      expect((await t.http.post('/api/subcripe/').set('Authorization', entityToken).send(bad)).status).toBe(404);
    }
    // A plan_id that is not text at all is a bad body (issue 36): 400 naming the field.
    expect(
      (
        await t.http
          .post('/api/subcripe/')
          .set('Authorization', entityToken)
          .send({ plan_id: ['a'] })
      ).status,
    ).toBe(400);
  });

  it("another member's order, record and invoice are not found", async () => {
    const owner = await createUser(t, { type: 1 });
    const ownerToken = await signIn(t, owner);
    const { orderId, ref } = await buy(ownerToken, 'pay');
    const saved = await t.http
      .post('/api/seasons/')
      .set('Authorization', ownerToken)
      .send({ type: 'telr', order_id: orderId, ref, data: { plan: 'x' } });
    expect(saved.status).toBe(200);
    const other = await signIn(t, await createUser(t, { type: 1 }));
    expect((await t.http.post('/api/telr/').set('Authorization', other).send({ order_id: orderId })).status).toBe(404);
    expect((await t.http.get(`/api/seasons/?order_id=${orderId}`).set('Authorization', other)).status).toBe(404);
    expect((await t.http.delete(`/api/seasons/?id=${saved.body.season._id}`).set('Authorization', other)).status).toBe(
      404,
    );
    expect((await t.http.post('/api/seasons/').set('Authorization', other).send({ order_id: orderId })).status).toBe(
      404,
    );
    await t.http.post('/api/telr/').set('Authorization', ownerToken).send({ order_id: orderId });
    const foreign = await t.http.post('/api/subcripe/genrate/').set('Authorization', other).send({ order_id: orderId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('The invoice was not found.');
    expect((await t.http.get(`/api/subcripe/invoice/${orderId}`).set('Authorization', other)).status).toBe(404);
    // The owner reads and deletes the record.
    const got = await t.http.get(`/api/seasons/?order_id=${orderId}`).set('Authorization', ownerToken);
    expect(got.body.season).toMatchObject({ order_id: orderId, ref, type: 'telr', data: { plan: 'x' } });
    expect(
      (await t.http.delete(`/api/seasons/?id=${got.body.season._id}`).set('Authorization', ownerToken)).status,
    ).toBe(200);
    expect((await t.http.get(`/api/seasons/?order_id=${orderId}`).set('Authorization', ownerToken)).status).toBe(404);
  });

  it('the invoice of a paid order is a bilingual PDF named by its invoice number; an unpaid order has none', async () => {
    const coach = await createUser(t, { type: 1, name: 'خالد المدرب' });
    const token = await signIn(t, coach);
    const { orderId: unpaid } = await buy(token, 'decline');
    await t.http.post('/api/telr/').set('Authorization', token).send({ order_id: unpaid });
    const refused = await t.http
      .post('/api/subcripe/genrate/')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ order_id: unpaid });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('لم يُعثر على الفاتورة!');

    const { orderId } = await buy(token, 'pay');
    await t.http.post('/api/telr/').set('Authorization', token).send({ order_id: orderId });
    const made = await t.http.post('/api/subcripe/genrate/').set('Authorization', token).send({ order_id: orderId });
    expect(made.status).toBe(200);
    expect(made.body.invoice_path).toBe(`/api/subcripe/invoice/${orderId}`);
    const pdf = await t.http
      .get(made.body.invoice_path)
      .set('Authorization', token)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { invoiceNumber } = await orderOf(t, orderId);
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoiceNumber}.pdf"`);
    const body = pdf.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(body);
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('SAR 350.00');
    expect(words).toContain('Coach annual plan');
    expect(words).toContain(orderId);
    expect(words).toContain(invoiceNumber);
    // Arabic comes out of the PDF as its letters (shaped glyphs map back to them); each word of the plan name is there.
    for (const word of ['خطة', 'المدرب', 'السنوية']) expect(words).toContain(word);
  });

  // Issue 36: every body is a DTO; a field of the wrong type is a 400 naming it, in the caller's
  // language, before any order, record or provider call — never a 500.
  it('a body of the wrong shape is a 400 naming the field, in the caller’s language, and changes nothing', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const { orderId, url } = await buy(token, null);
    const before = (await t.database.db.select().from(orders).where(eq(orders.userId, coach.id))).length;
    // The field by its label in the caller's language (issue 37), its JSON name in `field`.
    const labels: Record<string, [string, string]> = {
      plan_id: ['Plan', 'الباقة'],
      order_id: ['Order', 'الطلب'],
      page: ['Page', 'الصفحة'],
      data: ['Details', 'البيانات'],
      type: ['Type', 'النوع'],
      action: ['Action', 'الإجراء'],
    };
    const invalid = (field: string, lang: 'en' | 'ar') =>
      lang === 'en'
        ? `The field "${labels[field][0]}" is missing or invalid.`
        : `الحقل «${labels[field][1]}» مفقود أو غير صالح.`;
    const calls: [string, Record<string, unknown>, string][] = [
      ['/api/subcripe/', { plan_id: { id: plan.coach.id } }, 'plan_id'],
      ['/api/telr/', { order_id: [orderId] }, 'order_id'],
      ['/api/orders/', { page: 'second' }, 'page'],
      ['/api/orders/', { page: -1 }, 'page'],
      ['/api/subcripe/genrate/', { order_id: { $ne: null } }, 'order_id'],
      ['/api/seasons/', { order_id: orderId, data: 'not an object' }, 'data'],
      ['/api/seasons/', { order_id: orderId, type: 'x'.repeat(21) }, 'type'],
    ];
    for (const [path, body, field] of calls) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await t.http.post(path).set('Authorization', token).set('Accept-Language', lang).send(body);
        expect([path, res.status, res.body]).toEqual([
          path,
          400,
          { success: false, message: invalid(field, lang), field },
        ]);
      }
    }
    // Arabic-Indic digits are a page number too.
    expect((await t.http.post('/api/orders/').set('Authorization', token).send({ page: '٠' })).body.currentPage).toBe(
      0,
    );
    // The sandbox page's button: an action that is not text is a 400; an unknown one stays a 404.
    const path = new URL(url).pathname;
    const bad = await t.http
      .post(path)
      .set('Accept-Language', 'ar')
      .send({ action: ['pay'] });
    expect([bad.status, bad.body.message]).toEqual([400, invalid('action', 'ar')]);
    expect((await t.http.post(path).type('form').send({ action: 'steal' })).status).toBe(404);
    expect((await t.database.db.select().from(orders).where(eq(orders.userId, coach.id))).length).toBe(before);
    expect((await orderOf(t, orderId)).status).toBe('pending');
  });
});

describe('payments with Telr (a local fake speaking its order.json)', () => {
  const telr = fakeTelr();
  let t: TestApp;
  let plan: Awaited<ReturnType<typeof addPlans>>;
  beforeAll(async () => {
    const apiUrl = await telr.start();
    t = await startTestApp({
      TELR_STORE_ID: '15996',
      TELR_AUTH_KEY: 'telr-test-key',
      TELR_TEST_MODE: '1',
      TELR_API_URL: apiUrl,
      MEMBER_URL: 'https://members.example',
    });
    plan = await addPlans(t);
  });
  afterAll(async () => {
    await t.close();
    await telr.close();
  });

  it('creates the order with the plan amount and our order id as cart id, and activates on code 3 only', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const res = await t.http
      .post('/api/subcripe/')
      .set('Authorization', token)
      .send({ plan_id: plan.coach.id, amount: '1' });
    expect(res.status).toBe(200);
    const orderId = res.body.order._id as string;
    const { ref, url } = res.body.response.order;
    expect(url).toContain('secure.telr.com');
    const create = telr.requests.find((r) => r.method === 'create' && r.order.cartid === orderId)!;
    expect(create.order).toEqual({
      cartid: orderId,
      test: 1,
      amount: '350.00',
      currency: 'SAR',
      description: 'Coach annual plan',
    });
    expect(create.return).toEqual({
      authorised: `https://members.example/payment/telr?order_id=${orderId}`,
      declined: `https://members.example/payment/telr?order_id=${orderId}`,
      cancelled: `https://members.example/payment/telr?order_id=${orderId}`,
    });

    // Authorised (2) is held, not yet paid.
    telr.setCode(ref, 2);
    const held = await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    expect(held.body.order.payment_status).toBe('On hold');
    expect((await orderOf(t, orderId)).status).toBe('held');
    expect(held.body.user.subcription).toBe(false);

    // Paid (3), announced twice: one extension.
    telr.setCode(ref, 3);
    const first = await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    const second = await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    expect(first.body.order.payment_status).toBe('Paid');
    expect(second.body.user).toEqual(first.body.user);
    expect(first.body.user.end_date).toBe(addPeriod(today(), 1, 'year'));
    const order = await orderOf(t, orderId);
    expect(order.transactionRef).toBe(`0400${ref}`);
    expect(order.raw).toMatchObject({ order: { status: { code: 3 } } });
    expect(order.provider).toBe('telr');
    // Once paid, the API does not ask Telr again.
    const checks = telr.requests.filter((r) => r.method === 'check' && r.order.ref === ref).length;
    await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    expect(telr.requests.filter((r) => r.method === 'check' && r.order.ref === ref).length).toBe(checks);
  });

  it('maps expired, cancelled and declined codes, and reconciliation asks Telr', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const made: { orderId: string; ref: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.coach.id });
      made.push({ orderId: res.body.order._id, ref: res.body.response.order.ref });
    }
    [-1, -2, -3, 3].forEach((code, i) => telr.setCode(made[i].ref, code));
    await t.app.get(PaymentsService).reconcile();
    const statuses = await Promise.all(made.map(async (m) => (await orderOf(t, m.orderId)).status));
    expect(statuses).toEqual(['expired', 'cancelled', 'declined', 'paid']);
  });

  it('a held payment waits for Telr: captured it activates, voided it closes, past the hold days it expires; a declined order can be paid again', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const made: { orderId: string; ref: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.coach.id });
      made.push({ orderId: res.body.order._id, ref: res.body.response.order.ref });
      telr.setCode(made[i].ref, 2);
    }
    // Held past the payment page's expiry: still held, asked again.
    await t.database.query(`UPDATE orders SET created_at = now() - interval '2 hours' WHERE id = ANY($1)`, [
      made.map((m) => m.orderId),
    ]);
    await t.app.get(PaymentsService).reconcile();
    expect(await Promise.all(made.map(async (m) => (await orderOf(t, m.orderId)).status))).toEqual([
      'held',
      'held',
      'held',
    ]);
    expect((await memberOf(t, coach.id)).endDate).toBeNull();
    telr.setCode(made[0].ref, 3);
    telr.setCode(made[1].ref, -2);
    await t.database.query(`UPDATE orders SET created_at = now() - interval '8 days' WHERE id = $1`, [made[2].orderId]);
    await t.app.get(PaymentsService).reconcile();
    expect(await Promise.all(made.map(async (m) => (await orderOf(t, m.orderId)).status))).toEqual([
      'paid',
      'cancelled',
      'expired',
    ]);
    expect((await memberOf(t, coach.id)).endDate).toBe(addPeriod(today(), 1, 'year'));

    // Declined: a new order is a new payment.
    const declined = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.coach.id });
    telr.setCode(declined.body.response.order.ref, -3);
    const answer = await t.http
      .post('/api/telr/')
      .set('Authorization', token)
      .send({ order_id: declined.body.order._id });
    expect(answer.body.order.payment_status).toBe('Declined');
    const again = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.coach.id });
    expect(again.status).toBe(200);
    expect(again.body.order._id).not.toBe(declined.body.order._id);
  });

  it('Telr down: the member is told something went wrong, the order is marked failed, nothing is activated', async () => {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    telr.setDown(true);
    try {
      const res = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.coach.id });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Something went wrong! Please try again later.');
      const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, coach.id));
      expect(order.status).toBe('failed');
    } finally {
      telr.setDown(false);
    }
  });
});
