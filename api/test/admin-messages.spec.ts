import { and, eq } from 'drizzle-orm';
import { auditLog, outbox } from '../src/db/schema';
import { OutboxService } from '../src/outbox/outbox.service';
import { OutboxWorker } from '../src/outbox/outbox.worker';
import { templateBody } from '../src/outbox/template-doc';
import { MESSAGES, templates } from '../src/outbox/templates';
import { startSmtp } from './catchers';
import { catalogueTemplates, startFakeWhatsapp, type FakeWhatsapp } from './fakes/whatsapp';
import { adminToken, ADMIN, createUser, startTestApp, type TestApp } from './harness';

/** Staff read the outbox (the `messages` resource), send a failed message again, and send test messages. */
let t: TestApp;
let fake: FakeWhatsapp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let subAdmin: string;
let worker: OutboxWorker;
let service: OutboxService;
let member: Awaited<ReturnType<typeof createUser>>;
const PHONE = '+966501112233';

beforeAll(async () => {
  smtp = await startSmtp();
  fake = await startFakeWhatsapp({
    token: 'wa-token-0123456789',
    phoneNumberId: '1234',
    templates: catalogueTemplates(MESSAGES, templateBody),
  });
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_TOKEN: 'wa-token-0123456789',
    WHATSAPP_PHONE_NUMBER_ID: '1234',
  });
  worker = t.app.get(OutboxWorker);
  service = t.app.get(OutboxService);
  admin = await adminToken(t);
  const sub = await createUser(t, { type: 5, email: 'sub@messages.example' });
  subAdmin = await adminToken(t, sub.email!, sub.password);
  member = await createUser(t, { type: 0, name: 'Huda Member', phoneNumber: PHONE });
  // A code and a team notice that went out, and a notice Meta refused (its template is not approved in English).
  await service.enqueue({
    channel: 'whatsapp',
    to: PHONE,
    userId: member.id,
    ...templates.verifyCode('ar', { code: '424242', minutes: 10 }),
  });
  await service.enqueue({
    channel: 'whatsapp',
    to: PHONE,
    userId: member.id,
    ...templates.teamDecision('ar', {
      name: 'هدى',
      teamNo: 'T-7',
      competition: 'الروبوت',
      decision: 'approved',
      reason: null,
    }),
  });
  fake.removeTemplate('team_rejected', 'en');
  await service.enqueue({
    channel: 'whatsapp',
    to: PHONE,
    userId: member.id,
    ...templates.teamDecision('en', {
      name: 'Huda',
      teamNo: 'T-7',
      competition: 'Robots',
      decision: 'rejected',
      reason: 'Late',
    }),
  });
  await service.enqueue({
    channel: 'email',
    to: 'someone@example.com',
    ...templates.teamSignupInvite('en', { link: 'https://x.example' }),
  });
  await worker.drain();
});
// Whatever started (a start slower than the hook's timeout on a busy machine leaves some undefined).
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await smtp?.close();
});

const list = (filter: Record<string, unknown> = {}, token = admin) =>
  t.http
    .get('/api/admin/messages')
    .query({ filter: JSON.stringify(filter), sort: JSON.stringify(['created_at', 'ASC']), range: '[0,49]' })
    .set('Authorization', token);

type Listed = { id: string; kind: string } & Record<string, unknown>;
const byKind = (rows: Listed[], ...kinds: string[]) =>
  kinds.map((kind) => {
    const found = rows.filter((r) => r.kind === kind);
    expect(found).toHaveLength(1);
    return found[0];
  });

describe('the messages list', () => {
  it('is for admins only', async () => {
    expect((await list({}, subAdmin)).status).toBe(403);
    expect((await t.http.get('/api/admin/messages')).status).toBe(401);
  });

  it("shows each message's kind, recipient, language, state and failure, never a code", async () => {
    const res = await list({ user_id: member.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('messages 0-2/3');
    // By kind: two messages queued within the same clock tick tie on created_at (the list then orders them by id).
    const [code, approved, rejected] = byKind(res.body, 'verification_code', 'team_approved', 'team_rejected');
    expect(code).toMatchObject({
      kind: 'verification_code',
      channel: 'whatsapp',
      to: PHONE,
      lang: 'ar',
      user_name: 'Huda Member',
      status: 'sent',
      body: null,
      can_resend: false,
    });
    expect(JSON.stringify(code)).not.toContain('424242');
    expect(approved).toMatchObject({ kind: 'team_approved', status: 'sent', attempts: 1, can_resend: false });
    expect(approved.body).toContain('T-7');
    expect(rejected).toMatchObject({ kind: 'team_rejected', lang: 'en', status: 'failed', can_resend: true });
    expect(rejected.last_error).toMatch(/132001/);
    // The one-message view hides the code too, even while it waits to go out.
    await service.enqueue({
      channel: 'whatsapp',
      to: '+966501119999',
      ...templates.verifyCode('en', { code: '135790', minutes: 10 }),
    });
    const [pending] = (await list({ to: '+966501119999' })).body;
    const one = await t.http.get(`/api/admin/messages/${pending.id}`).set('Authorization', admin);
    expect(one.body).toMatchObject({ status: 'pending', body: null });
    expect(JSON.stringify(one.body)).not.toContain('135790');
  });

  it('finds a recipient however the number is written, and an address by a part of it', async () => {
    for (const typed of [
      '0501112233',
      '501112233',
      '966501112233',
      '+966501112233',
      '00966501112233',
      '٠٥٠١١١٢٢٣٣',
      '۰۵۰ ۱۱۱ ۲۲۳۳',
    ])
      expect([typed, (await list({ to: typed })).body.length]).toEqual([typed, 3]);
    expect((await list({ to: '1112233' })).body.length).toBe(3);
    expect((await list({ to: 'SOMEONE@example' })).body.map((m: { to: string }) => m.to)).toEqual([
      'someone@example.com',
    ]);
  });

  it('filters by kind, channel, status, delivery state, language and day', async () => {
    const ids = async (filter: Record<string, unknown>) =>
      (await list(filter)).body.map((m: { kind: string }) => m.kind);
    expect(await ids({ kind: 'team_rejected' })).toEqual(['team_rejected']);
    expect(await ids({ channel: 'email' })).toEqual(['team_signup_invitation']);
    expect(await ids({ status: 'failed', user_id: member.id })).toEqual(['team_rejected']);
    expect(await ids({ delivery: 'none', user_id: member.id, lang: 'ar' })).toEqual([
      'verification_code',
      'team_approved',
    ]);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect((await ids({ created_at_gte: today, user_id: member.id })).length).toBe(3);
    expect((await list({ kind: 'no_such_kind' })).status).toBe(400);
    expect((await list({ delivery: 'lost' })).status).toBe(400);
  });
});

describe('sending a failed message again', () => {
  const resend = (id: string, token = admin) =>
    t.http.post(`/api/admin/messages/${id}/resend`).set('Authorization', token).set('Accept-Language', 'ar');

  it('queues a new message of the same kind, language and values, once, in the audit log', async () => {
    const [failed] = (await list({ status: 'failed', kind: 'team_rejected' })).body;
    expect((await resend(failed.id, subAdmin)).status).toBe(403);
    const res = await resend(failed.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'ستُرسل الرسالة مرة أخرى.' });
    const [again] = await t.database.db.select().from(outbox).where(eq(outbox.id, res.body.id));
    const [original] = await t.database.db.select().from(outbox).where(eq(outbox.id, failed.id));
    expect(again).toMatchObject({
      status: 'pending',
      kind: 'team_rejected',
      lang: 'en',
      to: PHONE,
      userId: member.id,
      params: original.params,
      body: original.body,
    });
    expect(original.status).toBe('failed');
    // Pressed twice: it is already waiting.
    const twice = await resend(failed.id);
    expect([twice.status, twice.body.message]).toEqual([409, 'أُعيد إرسال هذه الرسالة من قبل، وهي بانتظار الإرسال.']);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resend'), eq(auditLog.recordId, failed.id)));
    expect(entry).toMatchObject({ resource: 'messages', actorName: expect.any(String) });
    expect(entry.after).toMatchObject({ message_id: res.body.id, kind: 'team_rejected' });
    // Its template approved again, it goes out.
    fake.addTemplate({
      name: 'team_rejected',
      language: 'en',
      bodyParams: 4,
      text: templateBody(MESSAGES.team_rejected, 'en'),
    });
    await worker.drain();
    expect((await t.database.db.select().from(outbox).where(eq(outbox.id, res.body.id)))[0].status).toBe('sent');
  });

  it('never sends a code again, nor a message that did not fail', async () => {
    const [code, approved] = byKind((await list({ user_id: member.id })).body, 'verification_code', 'team_approved');
    await t.database.query(`UPDATE outbox SET status = 'failed' WHERE id = $1`, [code.id]);
    const refused = await resend(code.id);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'لا يُعاد إرسال رمز الاستخدام لمرة واحدة، بل يطلب العضو رمزًا جديدًا.',
    ]);
    expect((await resend(approved.id)).status).toBe(409);
    expect((await resend('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('a message the provider reported undelivered can be sent again', async () => {
    const [approved] = (await list({ kind: 'team_approved', user_id: member.id })).body;
    await t.database.query(`UPDATE outbox SET delivery = 'failed' WHERE id = $1`, [approved.id]);
    expect((await list({ kind: 'team_approved', user_id: member.id })).body[0].can_resend).toBe(true);
    expect((await resend(approved.id)).status).toBe(200);
  });
});

describe('test messages from the settings page', () => {
  const testEmail = (lang = 'en') =>
    t.http.post('/api/admin/messaging/test-email').set('Authorization', admin).set('Accept-Language', lang);
  const testWhatsapp = (phone: string, lang = 'en') =>
    t.http
      .post('/api/admin/messaging/test-whatsapp')
      .set('Authorization', admin)
      .set('Accept-Language', lang)
      .send({ phone });

  it("sends a test e-mail to the admin's own address and says the provider took it", async () => {
    const res = await testEmail();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      status: 'sent',
      message: 'The provider accepted the test message.',
    });
    expect(smtp.received.map((m) => m.to)).toContain(ADMIN.email);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, res.body.id));
    expect(row).toMatchObject({ kind: 'test_message', channel: 'email', status: 'sent' });
  });

  it("sends a test WhatsApp in the admin's language to a number typed with Arabic digits, or says why not", async () => {
    const ok = await testWhatsapp('٠٥٠١٢٣٤٥٦٧', 'ar');
    expect(ok.body).toMatchObject({ success: true, status: 'sent', message: 'قبِل مزوّد الخدمة الرسالة التجريبية.' });
    expect(fake.to('+966501234567').at(-1)).toMatchObject({ template: { name: 'test_message', language: 'ar' } });
    expect(fake.to('+966501234567').at(-1)!.text).toContain('هذه رسالة تجريبية أُرسلت في');

    fake.removeTemplate('test_message', 'en');
    const refused = await testWhatsapp('+966501234567');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, status: 'failed' });
    expect(refused.body.message).toMatch(/^The provider did not accept the test message: .*132001/);

    const landline = await testWhatsapp('0112345678');
    expect([landline.status, landline.body.field]).toEqual([400, 'phone']);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'send_test'), eq(auditLog.recordId, ok.body.id)));
    expect(entry.after).toEqual({ channel: 'whatsapp', to: '+966501234567' });
  });

  it('limits each kind of test to 5 an hour per admin', async () => {
    let last = await testEmail();
    for (let i = 0; i < 5 && last.status === 200; i++) last = await testEmail();
    expect(last.status).toBe(429);
    expect(last.body.message).toBe(
      'You have sent the most test messages allowed in an hour (5). Please try again later.',
    );
  });
});

describe('the back-office names every kind', () => {
  it('has a name for each kind of the catalogue in English and Arabic', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { en } = require('../../admin/src/i18n/en') as { en: { app: { message_kind: Record<string, string> } } };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ar } = require('../../admin/src/i18n/ar') as { ar: { app: { message_kind: Record<string, string> } } };
    for (const names of [en.app.message_kind, ar.app.message_kind])
      expect(Object.keys(MESSAGES).filter((kind) => !names[kind])).toEqual([]);
  });
});
