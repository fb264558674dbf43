import { eq } from 'drizzle-orm';
import { auditLog, orders, plans, refunds } from '../src/db/schema';
import { PaymentsService } from '../src/payments/payments.service';
import { RefundsService } from '../src/payments/refunds.service';
import { fakeTelr } from './fake-telr';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';
import { createPlan } from './builders';

/**
 * Money never waits on a provider inside a lock (issue 34, decision record 022): a refund is recorded
 * as pending and committed, Telr is asked outside any transaction, and the answer is settled in a
 * new short one; the reconciler completes what a crash or a lost answer left pending, asking Telr
 * first, so nothing is refunded twice. On PGlite (one connection) a refund holding a transaction
 * while Telr is asked would stop every other request; on PostgreSQL ten of them would hold the pool.
 */
describe('refunds and the provider: no lock held while Telr is asked', () => {
  const telr = fakeTelr();
  let t: TestApp;
  let plan: typeof plans.$inferSelect;
  let admin: string;

  beforeAll(async () => {
    const apiUrl = await telr.start();
    t = await startTestApp({
      TELR_STORE_ID: '15996',
      TELR_AUTH_KEY: 'telr-test-key',
      TELR_TEST_MODE: '1',
      TELR_API_URL: apiUrl,
    });
    plan = await createPlan(t, { price: '200.00' });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
    await telr.close();
  });

  const orderOf = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const atTelr = async (orderId: string) => {
    const order = await orderOf(orderId);
    return telr.refunds.filter((r) => r.ref === order.transactionRef);
  };

  async function paidOrder() {
    const coach = await createUser(t, { type: 1 });
    const token = await signIn(t, coach);
    const res = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.id });
    expect(res.status).toBe(200);
    telr.setCode(res.body.response.order.ref, 3);
    const checked = await t.http.post('/api/telr/').set('Authorization', token).send({ order_id: res.body.order._id });
    expect(checked.body.order.payment_status).toBe('Paid');
    return { token, orderId: res.body.order._id as string };
  }

  const refund = (orderId: string, amount = '200', lang = 'en') =>
    t.http
      .post(`/api/admin/transections/${orderId}/refund`)
      .set('Authorization', admin)
      .set('Accept-Language', lang)
      .send({ amount, reason: 'Asked by the member' });

  /** The reconciler as its job runs it, after the in-flight window of the refunds' calls has passed. */
  async function reconcileLater(orderId: string) {
    await t.database.db
      .update(refunds)
      .set({ attemptAt: new Date(Date.now() - 5 * 60_000), createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(refunds.orderId, orderId));
    return t.app.get(PaymentsService).reconcile();
  }

  it('two refunds of the same order at once: one refund at Telr, a clear answer for the second', async () => {
    const { orderId } = await paidOrder();
    const [a, b] = await Promise.all([refund(orderId), refund(orderId, '200', 'ar')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const second = a.status === 409 ? a : b;
    expect([
      'يجري الآن استرداد لهذا الطلب. انتظر نتيجته، ثم أعد المحاولة إن بقي مبلغ يمكن استرداده.',
      'A refund of this order is being made right now. Wait for its outcome, then try again if anything is left to refund.',
      'This order has already been refunded in full.',
      'تم استرداد هذا الطلب بالكامل مسبقًا.',
    ]).toContain(second.body.message);
    expect(await atTelr(orderId)).toHaveLength(1);
    const rows = await refundsOf(orderId);
    expect(rows).toEqual([expect.objectContaining({ status: 'settled', amount: '200.00' })]);
    expect((await orderOf(orderId)).status).toBe('refunded');
  });

  it('a crash between Telr refunding and the settling: the reconciler finds Telr’s refund and settles it once', async () => {
    const { orderId } = await paidOrder();
    const service = t.app.get(RefundsService);
    service.afterProviderCall = async () => {
      throw new Error('the process stopped here');
    };
    try {
      const crashed = await refund(orderId);
      expect(crashed.status).toBe(500);
    } finally {
      service.afterProviderCall = null;
    }
    expect(await atTelr(orderId)).toHaveLength(1);
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ status: 'pending', creditNoteNumber: null, attemptAt: expect.any(Date) }),
    ]);
    expect((await orderOf(orderId)).status).toBe('paid');
    // Meanwhile nothing more can be refunded, and staff read why.
    const meanwhile = await refund(orderId, '10');
    expect([meanwhile.status, meanwhile.body.message]).toEqual([
      409,
      'A refund of this order is being made right now. Wait for its outcome, then try again if anything is left to refund.',
    ]);
    // Within the in-flight window the reconciler leaves it (the call might still be running).
    await t.app.get(PaymentsService).reconcile();
    expect((await refundsOf(orderId))[0].status).toBe('pending');

    const run = await reconcileLater(orderId);
    expect(run.refunded).toBeGreaterThanOrEqual(1);
    const [settled] = await refundsOf(orderId);
    const [made] = await atTelr(orderId);
    expect(settled).toMatchObject({
      status: 'settled',
      providerRef: made.tranref,
      creditNoteNumber: expect.stringMatching(/^CN-/),
      attemptAt: null,
    });
    expect(await atTelr(orderId)).toHaveLength(1);
    expect((await orderOf(orderId)).status).toBe('refunded');
    await reconcileLater(orderId);
    expect(await atTelr(orderId)).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, orderId));
    expect(audit.filter((e) => e.action === 'refund')).toHaveLength(1);
  });

  it('an answer lost on the way: pending, then found at Telr, never refunded twice', async () => {
    const { orderId } = await paidOrder();
    telr.dropNextRefundAnswer();
    const lost = await refund(orderId, '50', 'ar');
    expect([lost.status, lost.body.message]).toEqual([
      502,
      'لم يرد مزود الدفع. سُجِّل الاسترداد معلّقًا وسيُتحقق منه لدى المزود تلقائيًا؛ لا تكرر الاسترداد.',
    ]);
    expect(await atTelr(orderId)).toHaveLength(1);
    const detail = await t.http.get(`/api/admin/transections/${orderId}`).set('Authorization', admin);
    expect(detail.body).toMatchObject({ refunded_amount: '0.00', refundable_amount: '150.00' });
    expect(detail.body.refunds).toEqual([expect.objectContaining({ status: 'pending', credit_note_number: null })]);
    await reconcileLater(orderId);
    expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ status: 'settled', amount: '50.00' })]);
    expect(await atTelr(orderId)).toHaveLength(1);
    expect((await orderOf(orderId)).status).toBe('paid');
  });

  it('a slow Telr: while ten refunds wait for its answer, other requests are served and the order is not locked', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, () => paidOrder()));
    const release = telr.holdRefunds();
    let slow: Promise<{ status: number; body: { payment_status: string } }>[] = [];
    try {
      slow = made.map(({ orderId }) => refund(orderId).then((r) => ({ status: r.status, body: r.body })));
      // All ten are with Telr now (as many as a process's database pool has connections).
      await telr.refundsWaiting(10);
      const [first] = made;
      // The back-office reads the order, which shows the refund under way.
      const detail = await t.http.get(`/api/admin/transections/${first.orderId}`).set('Authorization', admin);
      expect(detail.status).toBe(200);
      expect(detail.body.refunds).toEqual([expect.objectContaining({ status: 'pending' })]);
      // A second refund of the same order takes its lock and answers at once.
      const second = await refund(first.orderId, '10');
      expect(second.status).toBe(409);
      // The member's own pages and payments are served too.
      const billing = await t.http.post('/api/orders').set('Authorization', first.token).send({ page: 0 });
      expect(billing.status).toBe(200);
      const other = await paidOrder();
      expect((await orderOf(other.orderId)).status).toBe('paid');
      expect(await Promise.race([Promise.all(slow).then(() => 'answered'), Promise.resolve('waiting')])).toBe(
        'waiting',
      );
    } finally {
      release();
    }
    const answers = await Promise.all(slow);
    expect(answers.map((a) => [a.status, a.body.payment_status])).toEqual(made.map(() => [200, 'refunded']));
    for (const { orderId } of made) expect(await atTelr(orderId)).toHaveLength(1);
  });

  it('Telr refuses: the refund is marked failed with Telr’s reason and nothing else changes', async () => {
    const { orderId, token } = await paidOrder();
    telr.setRefuseRefunds(true);
    try {
      const refused = await refund(orderId, '200', 'ar');
      expect([refused.status, refused.body.message]).toEqual([
        502,
        'رفض مزود الدفع الاسترداد ولم يُسترد أي مبلغ. يرجى المحاولة لاحقًا.',
      ]);
    } finally {
      telr.setRefuseRefunds(false);
    }
    expect(await atTelr(orderId)).toHaveLength(0);
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({
        status: 'failed',
        failureReason: 'Telr refused the refund: Refund not allowed',
        creditNoteNumber: null,
        attemptAt: null,
      }),
    ]);
    expect((await orderOf(orderId)).status).toBe('paid');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, orderId));
    expect(audit.map((e) => e.action)).toEqual(['refund_failed']);
    // The member sees no refund and no credit note; the reconciler leaves a refused refund alone.
    const billing = await t.http.post('/api/orders').set('Authorization', token).send({ page: 0 });
    expect(billing.body.myOrders.find((o: { _id: string }) => o._id === orderId).refunds).toEqual([]);
    await reconcileLater(orderId);
    expect(await atTelr(orderId)).toHaveLength(0);
    // Staff try again once Telr accepts: the whole amount is still refundable.
    expect((await refund(orderId)).status).toBe(200);
    expect(await atTelr(orderId)).toHaveLength(1);
  });
});
