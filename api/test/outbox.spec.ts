import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema';
import { OutboxService } from '../src/outbox/outbox.service';
import { OutboxWorker } from '../src/outbox/outbox.worker';
import { templateBody } from '../src/outbox/template-doc';
import { MESSAGES, templates } from '../src/outbox/templates';
import { startSmtp } from './catchers';
import { catalogueTemplates, startFakeWhatsapp, type FakeWhatsapp } from './fakes/whatsapp';
import { startTestApp, type TestApp } from './harness';

describe('outbox delivery', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let wa: FakeWhatsapp;
  let t: TestApp;
  let worker: OutboxWorker;
  let service: OutboxService;

  beforeAll(async () => {
    smtp = await startSmtp();
    wa = await startFakeWhatsapp({
      token: 'wa-token',
      phoneNumberId: '12345',
      templates: catalogueTemplates(MESSAGES, templateBody),
    });
    t = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      WHATSAPP_API_URL: wa.url,
      WHATSAPP_TOKEN: 'wa-token',
      WHATSAPP_PHONE_NUMBER_ID: '12345',
    });
    worker = t.app.get(OutboxWorker);
    service = t.app.get(OutboxService);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await wa?.close();
  });

  it('delivers e-mail over SMTP and WhatsApp over HTTP, once each', async () => {
    await service.enqueue({
      channel: 'email',
      to: 'parent@example.com',
      ...templates.resetCode('ar', { name: 'سارة', code: '123456', minutes: 10 }),
    });
    await service.enqueue({
      channel: 'whatsapp',
      to: '+966551234567',
      ...templates.verifyCode('en', { code: '654321', minutes: 10 }),
    });
    expect(await worker.drain()).toBe(2);
    expect(await worker.drain()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toBe('parent@example.com');
    expect(smtp.received[0].raw).toMatch(/dir="rtl"|dir=3D"rtl"/);
    expect(wa.requests).toHaveLength(1);
    expect(wa.requests[0]).toMatchObject({
      status: 200,
      path: '/v21.0/12345/messages',
      auth: 'Bearer wa-token',
      body: {
        messaging_product: 'whatsapp',
        to: '966551234567',
        type: 'template',
        template: {
          name: 'verification_code',
          language: { code: 'en' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: '654321' }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '654321' }] },
          ],
        },
      },
    });
    const rows = await t.database.db.select().from(outbox);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt)).toBe(true);
  });

  it('keeps a message through a provider outage and delivers it once the provider is back', async () => {
    smtp.setRefuse(true);
    wa.fail(503, 1);
    await service.enqueue({
      channel: 'email',
      to: 'later@example.com',
      ...templates.teamSignupInvite('en', { link: 'l' }),
    });
    await service.enqueue({
      channel: 'whatsapp',
      to: '+966550000001',
      ...templates.teamSignupInvite('ar', { link: 'l' }),
    });
    await worker.drain();
    let rows = await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.attempts === 1 && r.lastError && r.nextAttemptAt > new Date())).toBe(true);

    smtp.setRefuse(false);
    // Make the retries due now instead of waiting out the back-off.
    await t.database.query(`UPDATE outbox SET next_attempt_at = now() WHERE status = 'pending'`);
    await worker.drain();
    rows = await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(rows).toHaveLength(0);
    expect(smtp.received.map((m) => m.to)).toContain('later@example.com');
    expect(wa.to('+966550000001')).toHaveLength(1);
  });

  it('sends many e-mails over one kept connection, and opens another when the server dropped it', async () => {
    await worker.drain();
    const before = { connections: smtp.connections(), received: smtp.received.length };
    const enqueue = async (n: number, prefix: string) => {
      for (let i = 0; i < n; i++)
        await service.enqueue({
          channel: 'email',
          to: `${prefix}${i}@example.com`,
          ...templates.teamSignupInvite(i % 2 ? 'ar' : 'en', { link: 'l' }),
        });
    };
    await enqueue(6, 'kept');
    expect(await worker.drain()).toBe(6);
    // A connection, a greeting and a farewell per message made a broadcast wait on the server's
    // greeting delay once per mail; the pool keeps the connection (one more at most, if the one open
    // before this test had been closed meanwhile).
    expect(smtp.connections() - before.connections).toBeLessThanOrEqual(1);
    const kept = smtp.connections();

    // The server drops it (a restart, its idle limit): the next mail goes over a new connection. A
    // mail sent as the drop arrives fails like any other and goes on the next try.
    await smtp.dropConnections();
    await enqueue(3, 'again');
    await worker.drain();
    await t.database.query(`UPDATE outbox SET next_attempt_at = now() WHERE status = 'pending'`);
    await worker.drain();
    expect(
      smtp.received
        .slice(before.received)
        .map((m) => m.to)
        .sort(),
    ).toEqual([
      ...[0, 1, 2].map((i) => `again${i}@example.com`),
      ...[0, 1, 2, 3, 4, 5].map((i) => `kept${i}@example.com`),
    ]);
    expect(smtp.connections()).toBeGreaterThan(kept);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(rows).toHaveLength(0);
  });

  it('the dev outbox route lists messages outside production', async () => {
    const res = await t.http.get('/api/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.body.messages[0]).toEqual(
      expect.objectContaining({ channel: expect.any(String), to: expect.any(String), body: expect.any(String) }),
    );
  });
});
