import { and, eq, inArray } from 'drizzle-orm';
import { notifyCertificateReady } from '../src/certificates/certificate-notice';
import type { Db } from '../src/core/database';
import { certificates, orders, outbox, users } from '../src/db/schema';
import { moneyText, templates } from '../src/outbox/templates';
import { adminToken, signIn, startTestApp, type TestApp } from './harness';
import { teamFixtures } from './team-fixtures';

/**
 * The notices of a season (issue 30): a team withdrawn, a fee refunded, a result recorded, a
 * certificate ready. Each goes to the right people in each one's language, in the transaction of the
 * change, and carries no member's words (never the team's name, which its coach typed).
 */
let t: TestApp;
let admin: string;
let season: string;
const TEAM_NAME = 'Coach Typed Name';
const { coachUser, student, acceptAll, ...fixtures } = teamFixtures(
  () => t,
  () => admin,
  () => season,
  'Notices',
);
const openRegistration = async (fields: Record<string, unknown> = {}) =>
  (await fixtures.openRegistration({ min_members: 1, ...fields })).competition;
const register = (token: string, comp: string, body: Record<string, unknown>) =>
  fixtures.register(token, comp, { name: TEAM_NAME, ...body });

beforeAll(async () => {
  t = await startTestApp({ MEMBER_URL: 'http://member.test:3000' });
  admin = await adminToken(t);
  season = (
    await t.http
      .post('/api/admin/seasons')
      .set('Authorization', admin)
      .send({ name: 'موسم الإشعارات', name_en: 'Notices season' })
  ).body.id;
});
afterAll(() => t.close());

let phones = 0;
/** A fresh valid Saudi mobile number. */
const mobile = () => `+96650${String(7_000_000 + ++phones * 7919).slice(-7)}`;

/** The messages of some kinds, oldest first. */
const messages = (kinds: string[]) =>
  t.database.db
    .select()
    .from(outbox)
    .where(inArray(outbox.kind, kinds))
    .orderBy(outbox.createdAt)
    .then((rows) => rows);
const messagesTo = async (kind: string, to: string) => (await messages([kind])).filter((m) => m.to === to);

/** Pays a team's open fee order in the sandbox and asks the provider, as the return page does. */
async function payInSandbox(token: string, id: string) {
  const pay = await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token);
  expect(pay.status).toBe(200);
  const { ref, url } = pay.body.response.order as { ref: string; url: string };
  expect((await t.http.post(new URL(url).pathname).type('form').send({ action: 'pay' })).status).toBe(303);
  await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: pay.body.order._id });
}

describe('a team withdrawn, and its fee refunded', () => {
  it('tells everyone in the team and the guardians in their language, and whoever paid of the amount', async () => {
    const comp = await openRegistration({ fee: '200' });
    const huda = await student({ name: 'Huda', language: 'ar', phoneNumber: mobile() });
    const sam = await student({ name: 'Sam', language: 'en', phoneNumber: mobile() });
    const coachPhone = mobile();
    const coach = await coachUser({ name: 'Test Coach', language: 'ar', phoneNumber: coachPhone });
    const token = await signIn(t, coach);
    const made = await register(token, comp, { members: [huda.nationalId, sam.nationalId] });
    expect(made.status).toBe(201);
    const { _id: id, team_no: teamNo } = made.body.team as { _id: string; team_no: string };
    await acceptAll(huda);
    await acceptAll(sam);
    await payInSandbox(token, id);
    // Sam is a minor whose guardian has a phone of their own: the guardian hears of it too.
    const guardian = mobile();
    await t.database.db.update(users).set({ guardianPhone: guardian }).where(eq(users.id, sam.id));

    const gone = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
    expect(gone.status).toBe(200);
    expect(gone.body.refund).toMatchObject({ amount: '200.00' });

    const withdrawn = (await messages(['team_withdrawn'])).filter((m) => m.body.includes(teamNo));
    expect(withdrawn.map((m) => [m.to, m.lang]).sort()).toEqual(
      [
        [huda.phoneNumber, 'ar'],
        [sam.phoneNumber, 'en'],
        [guardian, 'en'],
        [coachPhone, 'ar'],
      ].sort(),
    );
    const [toHuda] = withdrawn.filter((m) => m.to === huda.phoneNumber);
    expect(toHuda.body).toBe(
      `مرحبًا Huda،\nسُحب الفريق ${teamNo} من مسابقة 1 (Notices)، ويمكن لأعضائه الانضمام إلى فريق آخر.`,
    );
    expect(toHuda.category).toBe('utility');
    const [toSam] = withdrawn.filter((m) => m.to === sam.phoneNumber);
    expect(toSam.body).toBe(
      `Hello Sam,\nThe team ${teamNo} was withdrawn from Notices 1. Its members are free to join another team.`,
    );
    // No coach's words: not the team's name, nor the coach's name (he is greeted by it only in his own).
    for (const m of withdrawn) expect(m.body).not.toContain(TEAM_NAME);
    for (const m of withdrawn.filter((x) => x.to !== coachPhone)) expect(m.body).not.toContain('Test Coach');

    // Whoever paid (the coach, in Arabic) is told of the refund: the amount as Arabic writes it, the credit note.
    const [refund] = await messagesTo('team_fee_refunded', coachPhone);
    expect(refund.lang).toBe('ar');
    expect(refund.body).toContain('رُدّ إليك مبلغ 200.00 ر.س من رسوم الفريق');
    expect(refund.body).toContain(teamNo);
    expect(refund.body).toMatch(/CN-\d{4}-\d{6}/);
    expect(refund.body).not.toContain(TEAM_NAME);
    // Nobody else hears of the money.
    expect((await messages(['team_fee_refunded'])).filter((m) => m.body.includes(teamNo))).toHaveLength(1);
  });

  it("a staff refund of a plan's payment tells the member who paid, in English as English writes money", async () => {
    const member = await coachUser({ language: 'en', phoneNumber: null, email: `payer${Date.now()}@test.example` });
    const [order] = await t.database.db
      .insert(orders)
      .values({
        userId: member.id,
        customerName: member.name,
        orderType: 'subscription',
        total: '200.00',
        status: 'paid',
        provider: 'sandbox',
        providerRef: 'SBXNOTICE1',
        transactionRef: 'TXNOTICE1',
        invoiceNumber: 'INV-2026-009901',
      })
      .returning();
    const res = await t.http
      .post(`/api/admin/transections/${order.id}/refund`)
      .set('Authorization', admin)
      .send({ amount: '50', reason: 'Goodwill' });
    expect(res.status).toBe(200);
    const [mail] = await messagesTo('payment_refunded', member.email!);
    expect(mail).toMatchObject({ channel: 'email', lang: 'en', subject: 'Payment refunded' });
    expect(mail.body).toMatch(
      /^Hello .+,\nSAR 50\.00 of your payment \(invoice INV-2026-009901\) was refunded to you \(credit note CN-\d{4}-\d{6}\)\./,
    );
    // Staff's reason is theirs to keep: not in the member's message.
    expect(mail.body).not.toContain('Goodwill');
  });

  it('writes amounts as each language does', () => {
    expect([moneyText('ar', '200', 'SAR'), moneyText('en', 200, 'SAR'), moneyText('ar', '1500.5', 'SAR')]).toEqual([
      '200.00 ر.س',
      'SAR 200.00',
      '1,500.50 ر.س',
    ]);
  });
});

describe('a result recorded', () => {
  it('tells the team when its result is new or changed (import or staff), once, in each language', async () => {
    const comp = await openRegistration();
    const reem = await student({ name: 'Reem', language: 'ar', phoneNumber: mobile() });
    const tom = await student({ name: 'Tom', language: 'en', phoneNumber: mobile() });
    const coachPhone = mobile();
    const token = await signIn(t, await coachUser({ language: 'en', phoneNumber: coachPhone }));
    const team = (await register(token, comp, { members: [reem.nationalId, tom.nationalId] })).body.team as {
      _id: string;
      team_no: string;
    };
    await acceptAll(reem);
    await acceptAll(tom);
    expect(
      (await t.http.put(`/api/admin/teams/${team._id}`).set('Authorization', admin).send({ status: 'approved' }))
        .status,
    ).toBe(200);
    const importCsv = (csv: string) =>
      t.http
        .post('/api/admin/teams/import')
        .query({ season, competition: comp })
        .set('Authorization', admin)
        .attach('file', Buffer.from(csv), { filename: 'results.csv', contentType: 'text/csv' });
    const results = async () => (await messages(['team_result'])).filter((m) => m.body.includes(team.team_no));

    expect((await importCsv(`team_no,score,ranked\n${team.team_no},180.5,2\n`)).status).toBe(200);
    const first = await results();
    expect(first.map((m) => [m.to, m.lang]).sort()).toEqual(
      [
        [reem.phoneNumber, 'ar'],
        [tom.phoneNumber, 'en'],
        [coachPhone, 'en'],
      ].sort(),
    );
    expect(first.find((m) => m.to === reem.phoneNumber)!.body).toBe(
      `مرحبًا Reem،\nصدرت نتيجة الفريق ${team.team_no} في مسابقة 2 (Notices): المركز 2 والدرجة 180.5. تجدها في صفحة حسابك.`,
    );
    expect(first.find((m) => m.to === tom.phoneNumber)!.body).toBe(
      `Hello Tom,\nThe result of the team ${team.team_no} in Notices 2 is out: rank 2, score 180.5. You can see it on your account page.`,
    );
    for (const m of first) expect(m.body).not.toContain(TEAM_NAME);

    // The same file again changes nothing and tells nobody.
    expect((await importCsv(`team_no,score,ranked\n${team.team_no},180.50,2\n`)).status).toBe(200);
    expect(await results()).toHaveLength(3);
    // Staff correct the rank in the back-office: told again.
    const fixed = await t.http.put(`/api/admin/teams/${team._id}`).set('Authorization', admin).send({ ranked: 1 });
    expect(fixed.status).toBe(200);
    const after = await results();
    expect(after).toHaveLength(6);
    expect(after.find((m) => m.to === reem.phoneNumber && m.body.includes('المركز 1 والدرجة 180.5'))).toBeDefined();
  });
});

describe('a certificate ready', () => {
  it('is told to the member (a minor without a phone: through the guardian) with its name in their language', async () => {
    const guardian = mobile();
    const child = await student({ name: 'Lama', language: 'ar', phoneNumber: null, guardianPhone: guardian });
    await t.database.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [cert] = await tx
        .insert(certificates)
        .values({
          userId: child.id,
          name: 'شهادة المشاركة',
          nameEn: 'Certificate of participation',
          issuedOn: '2027-03-01',
        })
        .returning();
      await notifyCertificateReady(tx, t.config.memberUrl, cert);
    });
    const [m] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'certificate_ready'), eq(outbox.to, guardian)));
    expect(m).toMatchObject({ channel: 'whatsapp', lang: 'ar', userId: child.id });
    expect(m.body).toBe(
      'مرحبًا Lama،\nشهادتك «شهادة المشاركة» جاهزة. حمّلها من http://member.test:3000/accounts?tab=certificates بعد تسجيل الدخول.',
    );
  });

  it('reads right in both languages', () => {
    const link = 'https://example.test/accounts?tab=certificates';
    expect(templates.certificateReady('en', { name: 'Sam', certificate: 'Gold medal', link })).toMatchObject({
      category: 'utility',
      subject: 'Your certificate is ready',
      body: `Hello Sam,\nYour certificate "Gold medal" is ready. Download it at ${link} after signing in.`,
      params: ['Sam', 'Gold medal', link],
    });
    expect(templates.certificateReady('ar', { name: 'سارة', certificate: 'الميدالية الذهبية', link }).body).toBe(
      `مرحبًا سارة،\nشهادتك «الميدالية الذهبية» جاهزة. حمّلها من ${link} بعد تسجيل الدخول.`,
    );
  });
});

describe('notices are utility messages, reminders marketing', () => {
  it('has each kind in its category', () => {
    const d = { name: 'x', teamNo: 'T-1', competition: 'C' };
    expect(templates.teamWithdrawn('en', d).category).toBe('utility');
    expect(templates.planEnding('en', { name: 'x', days: 7, endDate: '2027-03-08', link: 'l' }).category).toBe(
      'marketing',
    );
    expect(
      templates.registrationClosing('en', {
        name: 'x',
        competition: 'C',
        closesAt: new Date('2027-01-31T20:59:00Z'),
        teamNo: 'T-1',
        link: 'l',
      }).category,
    ).toBe('marketing');
  });
});
