import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema';
import { OutboxService } from '../src/outbox/outbox.service';
import { OutboxWorker } from '../src/outbox/outbox.worker';
import { templateBody } from '../src/outbox/template-doc';
import { MESSAGES, render, templates, type MessageDef, type MessageKind } from '../src/outbox/templates';
import {
  catalogueTemplates,
  signature,
  startFakeWhatsapp,
  statusError,
  statusPayload,
  type FakeWhatsapp,
} from './fakes/whatsapp';
import { startTestApp, type TestApp } from './harness';

const TOKEN = 'wa-token-0123456789';
const APP_SECRET = 'meta-app-secret-0123456789abcdef';
const VERIFY_TOKEN = 'verify-token-0123456789';
const PHONE_ID = '106540352242922';

let fake: FakeWhatsapp;
let t: TestApp;
let worker: OutboxWorker;
let service: OutboxService;
let webhookUrl: string;
let seq = 0;
const phone = () => `+96650${String(Date.now() + ++seq).slice(-7)}`;

beforeAll(async () => {
  fake = await startFakeWhatsapp({
    token: TOKEN,
    phoneNumberId: PHONE_ID,
    appSecret: APP_SECRET,
    templates: catalogueTemplates(MESSAGES, templateBody),
  });
  t = await startTestApp({
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    // Refused webhook calls per address and minute (the limit test is the last one).
    RATE_LIMIT_ADDRESS: '30',
  });
  // The fake posts its status webhooks to the API under test.
  await t.app.listen(0, '127.0.0.1');
  webhookUrl = `${await t.app.getUrl()}/api/whatsapp/webhook`.replace('[::1]', '127.0.0.1');
  fake.webhookTo(webhookUrl);
  worker = t.app.get(OutboxWorker);
  service = t.app.get(OutboxService);
});
// Whatever started (a start slower than the hook's timeout on a busy machine leaves some undefined).
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const rowOf = async (id: string) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
/** Makes retries due now instead of waiting out the back-off. */
const dueNow = () => t.database.query(`UPDATE outbox SET next_attempt_at = now() WHERE status = 'pending'`);
/** The protocol tests' own fake, so the platform's fake holds only what the platform sent. */
let own: FakeWhatsapp;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${own.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}`, ...headers },
    body: JSON.stringify(body),
  });
const template = (name: string, language: string, params: string[], extra: unknown[] = []) => ({
  messaging_product: 'whatsapp',
  to: '966501234567',
  type: 'template',
  template: {
    name,
    language: { code: language },
    components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }, ...extra],
  },
});

describe('the fake WhatsApp Cloud API', () => {
  beforeAll(async () => {
    own = await startFakeWhatsapp({
      token: TOKEN,
      phoneNumberId: PHONE_ID,
      appSecret: APP_SECRET,
      webhookUrl,
      templates: catalogueTemplates(MESSAGES, templateBody),
    });
  });
  afterAll(() => own?.close());

  it('answers a template message as Meta does, and refuses a wrong token with Graph API errors', async () => {
    const ok = await post(`/${PHONE_ID}/messages`, template('team_approved', 'en', ['Sara', 'T-1', 'Robots']));
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '966501234567', wa_id: '966501234567' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const denied = await post(`/${PHONE_ID}/messages`, template('team_approved', 'en', ['a', 'b', 'c']), {
      Authorization: 'Bearer wrong',
    });
    expect(denied.status).toBe(401);
    expect((await denied.json()).error).toMatchObject({ type: 'OAuthException', code: 190 });
    const elsewhere = await post('/999/messages', template('team_approved', 'en', ['a', 'b', 'c']));
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error.code).toBe(100);
  });

  it('refuses an unknown template or language, a wrong parameter count, a multi-line parameter, a code without its button', async () => {
    const code = async (res: Response) => [res.status, ((await res.json()) as { error: { code: number } }).error.code];
    expect(await code(await post(`/${PHONE_ID}/messages`, template('no_such', 'en', [])))).toEqual([400, 132001]);
    expect(await code(await post(`/${PHONE_ID}/messages`, template('team_approved', 'fr', ['a', 'b', 'c'])))).toEqual([
      400, 132001,
    ]);
    expect(await code(await post(`/${PHONE_ID}/messages`, template('team_approved', 'ar', ['a', 'b'])))).toEqual([
      400, 132000,
    ]);
    for (const bad of ['two\nlines', 'a\ttab', 'five     spaces'])
      expect(await code(await post(`/${PHONE_ID}/messages`, template('team_approved', 'ar', ['a', bad, 'c'])))).toEqual(
        [400, 132018],
      );
    expect(await code(await post(`/${PHONE_ID}/messages`, template('verification_code', 'ar', ['123456'])))).toEqual([
      400, 131008,
    ]);
    const button = { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] };
    expect(
      (await post(`/${PHONE_ID}/messages`, template('verification_code', 'ar', ['123456'], [button]))).status,
    ).toBe(200);
  });

  it('takes free-form text but fails it with 131047 outside the 24-hour window, delivers it inside', async () => {
    await own.flush(); // statuses of the earlier messages are not this test's
    const text = (to: string) => ({ messaging_product: 'whatsapp', to, type: 'text', text: { body: 'Hello' } });
    const outside = await (await post(`/${PHONE_ID}/messages`, text('966500000011'))).json();
    own.inbound('+966500000012');
    const inside = await (await post(`/${PHONE_ID}/messages`, text('966500000012'))).json();
    const before = own.webhooks.length;
    await own.flush();
    const statuses = own.webhooks.slice(before).map((w) => w.payload.entry[0].changes[0].value.statuses[0]);
    expect(statuses.filter((s) => s.id === outside.messages[0].id)).toEqual([
      expect.objectContaining({ status: 'failed', errors: [expect.objectContaining({ code: 131047 })] }),
    ]);
    expect(statuses.filter((s) => s.id === inside.messages[0].id).map((s) => s.status)).toEqual(['sent', 'delivered']);
  });

  it('can be told to throttle (130429, HTTP 429) and to fail (5xx)', async () => {
    own.throttle(1);
    const throttled = await post(`/${PHONE_ID}/messages`, template('team_approved', 'en', ['a', 'b', 'c']));
    expect([throttled.status, (await throttled.json()).error.code]).toEqual([429, 130429]);
    own.fail(503, 1);
    expect((await post(`/${PHONE_ID}/messages`, template('team_approved', 'en', ['a', 'b', 'c']))).status).toBe(503);
    expect((await post(`/${PHONE_ID}/messages`, template('team_approved', 'en', ['a', 'b', 'c']))).status).toBe(200);
  });
});

describe('WhatsApp messages of the platform', () => {
  it('sends a verification code as the authentication template in the language of the page (Arabic)', async () => {
    const to = phone();
    const signup = await t.http
      .post('/api/adduser-steb')
      .set('Accept-Language', 'ar')
      .send({
        loginType: 'signup',
        userInof: {
          name: 'ليان أحمد',
          national_id: `3${String(Date.now()).slice(-9)}`,
          date_birth: '2012-04-01',
          countrySelected: 'SA',
          email: `lian${Date.now()}@example.com`,
          phone_number: to,
          password: 'Student-pass-1',
          cpassword: 'Student-pass-1',
          type: 0,
          schoolname: 'مدرسة الرياض',
          ElevelSelected: 'Jonior',
          regionSelected: 'Riyadh',
          grade: '7',
          guardianname: 'أحمد',
          guardianphone: phone(),
          accept_terms: true,
          guardian_consent: true,
        },
      });
    expect([signup.status, signup.body.message]).toEqual([200, expect.any(String)]);
    const ticket = signup.body.user._id as string;
    const sent = await t.http.post('/api/otp').set('Accept-Language', 'ar').send({ user_id: ticket, phone_number: to });
    expect(sent.status).toBe(200);
    await worker.drain();
    const [message] = fake.to(to);
    expect(message).toMatchObject({ type: 'template', template: { name: 'verification_code', language: 'ar' } });
    const request = fake.requests.find((r) => r.body.to === to.slice(1))!;
    const code = message.params[0];
    expect(request.body.template.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: code }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
    ]);
    // What the phone shows is Meta's Arabic authentication text with the code.
    expect(message.text).toContain(`${code} هو رمز التحقق`);
    // The code that arrived verifies the account; the outbox no longer holds it.
    expect((await t.http.post('/api/verify').send({ user_id: ticket, code })).status).toBe(200);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, to));
    expect(row).toMatchObject({ status: 'sent', body: '', params: [], providerId: message.id });
  });

  it('every WhatsApp kind of the catalogue, in both languages, is a template the fake accepts', async () => {
    const to = phone();
    const kinds = (Object.entries(MESSAGES) as [MessageKind, MessageDef][]).filter(([, d]) => d.whatsapp);
    for (const [kind, d] of kinds)
      for (const lang of ['ar', 'en'] as const) {
        // Values as a member types them: a new line and runs of spaces, which a parameter cannot carry.
        const values = Object.fromEntries(d.params.map((p) => [p, `${p}\n   value  with     spaces`]));
        await service.enqueue({ channel: 'whatsapp', to, ...render(kind, lang, values) });
      }
    await worker.drain();
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.to, to));
    // In any order: rows queued in one instant have no order of their own.
    const byKind = (a: unknown[], b: unknown[]) => String(a).localeCompare(String(b));
    expect(rows.map((r) => [r.kind, r.lang, r.status, r.lastError]).sort(byKind)).toEqual(
      kinds
        .flatMap(([kind]) => [
          [kind, 'ar', 'sent', null],
          [kind, 'en', 'sent', null],
        ])
        .sort(byKind),
    );
    expect(fake.to(to)).toHaveLength(kinds.length * 2);
  });

  it('fails a message at once when Meta does not know its template (132001), and does not retry it', async () => {
    fake.removeTemplate('team_approved', 'en');
    try {
      const to = phone();
      const id = await service.enqueue({
        channel: 'whatsapp',
        to,
        ...templates.teamDecision('en', {
          name: 'Sara',
          teamNo: 'T-9',
          competition: 'Robots',
          decision: 'approved',
          reason: null,
        }),
      });
      await worker.drain();
      const failed = await rowOf(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed.lastError).toMatch(/132001/);
      const tries = fake.requests.filter((r) => r.body.to === to.slice(1)).length;
      await dueNow();
      await worker.drain();
      expect(fake.requests.filter((r) => r.body.to === to.slice(1)).length).toBe(tries);
      expect((await rowOf(id)).status).toBe('failed');
    } finally {
      fake.addTemplate({
        name: 'team_approved',
        language: 'en',
        bodyParams: 3,
        text: templateBody(MESSAGES.team_approved, 'en'),
      });
    }
  });

  it('retries a throttled message (130429) and sends it once Meta takes it', async () => {
    fake.throttle(1);
    const to = phone();
    const id = await service.enqueue({
      channel: 'whatsapp',
      to,
      ...templates.teamSignupInvite('ar', { link: 'https://x.example/s' }),
    });
    await worker.drain();
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toMatch(/130429/);
    await dueNow();
    await worker.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(fake.to(to)).toHaveLength(1);
  });

  it('never sends free-form text: every request the platform made was a template message', () => {
    expect(fake.requests.length).toBeGreaterThan(10);
    expect(fake.requests.filter((r) => r.body.type !== 'template')).toEqual([]);
  });
});

describe('the status webhook (/api/whatsapp/webhook)', () => {
  /** A sent WhatsApp message's row id and wamid. */
  async function sentMessage() {
    const to = phone();
    const id = await service.enqueue({
      channel: 'whatsapp',
      to,
      ...templates.teamSignupInvite('en', { link: 'https://x.example/s' }),
    });
    await worker.drain();
    const row = await rowOf(id);
    expect(row.providerId).toMatch(/^wamid\./);
    return { id, wamid: row.providerId!, to };
  }
  const hook = (body: string, sig?: string) => {
    const req = t.http.post('/api/whatsapp/webhook').set('Content-Type', 'application/json');
    return (sig === undefined ? req : req.set('X-Hub-Signature-256', sig)).send(body);
  };

  it("answers Meta's verification with the challenge only for the right token", async () => {
    const verify = (q: Record<string, string | undefined>) => t.http.get('/api/whatsapp/webhook').query(q);
    const ok = await verify({
      'hub.mode': 'subscribe',
      'hub.verify_token': VERIFY_TOKEN,
      'hub.challenge': '1158201444',
    });
    expect([ok.status, ok.text, ok.headers['content-type']]).toEqual([200, '1158201444', 'text/plain; charset=utf-8']);
    for (const q of [
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong-token-0123456', 'hub.challenge': '1' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '<script>' },
      {},
    ])
      expect((await verify(q)).status).toBe(403);
  });

  it('refuses a delivery with a wrong or missing signature and changes nothing; a signed one moves the message on', async () => {
    const { id, wamid, to } = await sentMessage();
    const body = JSON.stringify(statusPayload([{ id: wamid, status: 'delivered', recipient: to.slice(1) }]));
    for (const sig of [
      undefined,
      'sha256=00',
      signature('another-secret-0123456789', body),
      signature(APP_SECRET, body + ' '),
    ]) {
      const res = await hook(body, sig);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('This request is not signed by WhatsApp.');
    }
    // Signed over other bytes (the same JSON written differently) is refused too.
    expect((await hook(JSON.stringify(JSON.parse(body), null, 1), signature(APP_SECRET, body))).status).toBe(401);
    expect(await rowOf(id)).toMatchObject({ delivery: null, deliveryAt: null });

    const res = await hook(body, signature(APP_SECRET, body));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, changed: 1 });
    const row = await rowOf(id);
    expect(row.delivery).toBe('delivered');
    expect(row.deliveryAt).toBeInstanceOf(Date);
  });

  it("takes the fake's own statuses (sent, delivered, read) in Meta's shape", async () => {
    const { id } = await sentMessage();
    expect(await fake.flush()).toEqual(expect.arrayContaining([200]));
    expect((await rowOf(id)).delivery).toBe('delivered');
    const { id: other, wamid } = await sentMessage();
    expect(await fake.status(wamid, 'read')).toBe(200);
    expect((await rowOf(other)).delivery).toBe('read');
  });

  it("ends in read whatever order the statuses arrive in; failed only before delivery, with Meta's error", async () => {
    const { id, wamid } = await sentMessage();
    for (const s of ['read', 'delivered', 'sent'] as const) expect(await fake.status(wamid, s)).toBe(200);
    expect((await rowOf(id)).delivery).toBe('read');
    await fake.status(wamid, 'failed', statusError(131026, 'Message undeliverable', 'x'));
    expect(await rowOf(id)).toMatchObject({ delivery: 'read', lastError: null });

    const lost = await sentMessage();
    await fake.status(lost.wamid, 'sent');
    await fake.status(lost.wamid, 'failed', statusError(131026, 'Message undeliverable', 'Not on WhatsApp'));
    await fake.status(lost.wamid, 'delivered');
    const row = await rowOf(lost.id);
    expect(row).toMatchObject({ status: 'sent', delivery: 'failed' });
    expect(row.lastError).toBe('WhatsApp error 131026: Message undeliverable (Not on WhatsApp)');
  });

  it('a number that is not on WhatsApp: taken, then reported failed', async () => {
    const to = phone();
    fake.undeliverable(to);
    const id = await service.enqueue({
      channel: 'whatsapp',
      to,
      ...templates.teamSignupInvite('ar', { link: 'https://x.example/s' }),
    });
    await worker.drain();
    await fake.flush();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', delivery: 'failed' });
  });

  it('keeps a status that comes before the send is answered, and applies it when the wamid is saved', async () => {
    const to = phone();
    const id = await service.enqueue({
      channel: 'whatsapp',
      to,
      ...templates.teamSignupInvite('ar', { link: 'https://x.example/s' }),
    });
    await fake.flush(); // the queue holds only this message's statuses
    fake.statusesBeforeAnswer(1);
    await worker.drain();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', delivery: 'delivered' });
    // Both statuses were answered 200 while the wamid was unknown, and nothing is left kept.
    expect(fake.webhooks.slice(-2).map((w) => [w.payload.entry[0].changes[0].value.statuses[0].id, w.status])).toEqual([
      [row.providerId, 200],
      [row.providerId, 200],
    ]);
    expect(await t.database.query(`SELECT 1 FROM early_deliveries WHERE wamid = $1`, [row.providerId])).toEqual([]);

    // The other order of the race: the worker saved the wamid first; a late status still applies.
    const late = await sentMessage();
    expect(await fake.status(late.wamid, 'read')).toBe(200);
    expect((await rowOf(late.id)).delivery).toBe('read');
  });

  it('ignores statuses of messages it does not know, and payloads that are not statuses', async () => {
    const body = JSON.stringify(statusPayload([{ id: 'wamid.unknown', status: 'read', recipient: '966500000000' }]));
    expect((await hook(body, signature(APP_SECRET, body))).body).toEqual({ success: true, changed: 0 });
    const other = JSON.stringify({ object: 'page', entry: [{ changes: [{ value: { statuses: 'x' } }] }] });
    expect((await hook(other, signature(APP_SECRET, other))).status).toBe(200);
    const notJson = 'not json';
    expect((await hook(notJson, signature(APP_SECRET, notJson))).status).toBe(400);
  });

  it('limits refused calls per address', async () => {
    const body = JSON.stringify(statusPayload([]));
    let status = 401;
    for (let i = 0; i < 31 && status === 401; i++) status = (await hook(body, 'sha256=00')).status;
    expect(status).toBe(429);
    // Meta's own deliveries are never counted (the limit is on refusals).
    expect((await hook(body, signature(APP_SECRET, body))).status).toBe(200);
  });
});
