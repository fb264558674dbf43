import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { LIMITS, redactUrl } from '@platform/contract';
import { hashPassword } from '../src/auth/password';

import { auditLog, broadcasts, competitions, outbox, seasons, teamPeople, teams, users } from '../src/db/schema';
import { BroadcastsService, broadcastRenderings } from '../src/messaging/broadcasts.service';
import { writeBatch } from '../src/messaging/segment';
import { OutboxService } from '../src/outbox/outbox.service';
import { OutboxWorker } from '../src/outbox/outbox.worker';
import { RemindersJob } from '../src/reminders/reminders.job';
import { templateBody } from '../src/outbox/template-doc';
import { MESSAGES, templates } from '../src/outbox/templates';
import { unsubscribeToken } from '../src/outbox/unsubscribe-token';
import { startSmtp } from './catchers';
import { catalogueTemplates, startFakeWhatsapp, type FakeWhatsapp } from './fakes/whatsapp';
import { adminToken, createUser, startTestApp, type TestApp } from './harness';

/**
 * Staff broadcasts (issue 30) on a few hundred generated members: Arabic and English speakers,
 * minors whose guardians share a phone (with a sibling, or with the child), members without a phone
 * or an e-mail, some unsubscribed. Each is told once, in their language; the preview's counts, the
 * outbox and the follow-up agree; the rules on who may send what hold; unsubscribing works.
 */

interface Account {
  id: string;
  type: number;
  language: 'ar' | 'en';
  phone: string | null;
  guardianPhone: string | null;
  email: string | null;
  dob: string;
  unsubscribed: boolean;
  /** The competition and team state of their team (accepted place), if any. */
  team: { competition: 'A' | 'B'; state: 'approved' | 'submitted'; paid: boolean } | null;
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let wa: FakeWhatsapp;
const APP_SECRET = 'meta-app-secret-broadcasts-0123456789';
const approved = catalogueTemplates(MESSAGES, templateBody);
let t: TestApp;
let admin: string;
let sub: string;
let worker: OutboxWorker;
let service: BroadcastsService;
const accounts: Account[] = [];
const ids = { season: '', A: '', B: '' };

// Deterministic "random" choices, so a failure replays.
let seed = 20260930;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
let phoneNo = 1_000_000;
const phone = () => `+96650${String(phoneNo++).padStart(7, '0')}`;

async function generate() {
  const passwordHash = await hashPassword('Member-pass-1');
  const [season] = await t.database.db.insert(seasons).values({ name: 'موسم ٢٠٢٦', nameEn: 'Season 2026' }).returning();
  const [a, b] = await t.database.db
    .insert(competitions)
    .values([
      { name: 'المهمة الآلية', nameEn: 'RoboMission' },
      { name: 'المستقبل', nameEn: 'Future Innovators' },
    ])
    .returning();
  Object.assign(ids, { season: season.id, A: a.id, B: b.id });
  let n = 0;
  const account = (type: number, fields: Partial<Account> = {}) => {
    n += 1;
    const minor = type === 0 && rand() < 0.75;
    return {
      type,
      language: rand() < 0.5 ? 'ar' : 'en',
      phone: rand() < 0.08 ? null : phone(),
      guardianPhone: type === 0 ? phone() : null,
      email: rand() < 0.1 ? null : `m${n}@gen.example`,
      dob: minor ? '2012-03-04' : type === 0 ? '2005-06-07' : '1985-01-01',
      unsubscribed: rand() < 0.1,
      team: null,
      ...fields,
    } as Omit<Account, 'id'>;
  };
  const drafts: Omit<Account, 'id'>[] = [];
  for (const [competition, count] of [
    ['A', 45],
    ['B', 15],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const team = { competition, state: i % 3 === 0 ? 'submitted' : 'approved', paid: i % 2 === 0 } as const;
      const members = [account(1, { team }), account(0, { team }), account(0, { team }), account(0, { team })];
      // Siblings: the second student's guardian is the first's.
      if (i % 4 === 0) members[2].guardianPhone = members[1].guardianPhone;
      // A family phone: the child's own phone is the guardian's.
      if (i % 5 === 0) members[3].phone = members[3].guardianPhone;
      drafts.push(...members);
    }
  }
  for (let i = 0; i < 60; i++) drafts.push(account(i % 3));
  const rows = await t.database.db
    .insert(users)
    .values(
      drafts.map((d, i) => ({
        name: `Generated ${i}`,
        nationalId: `3${String(i).padStart(9, '0')}`,
        email: d.email,
        phoneNumber: d.phone,
        guardianPhone: d.guardianPhone,
        type: d.type,
        language: d.language,
        dob: d.dob,
        isVerified: true,
        unsubscribedAt: d.unsubscribed ? new Date() : null,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  rows.forEach((r, i) => accounts.push({ ...drafts[i], id: r.id }));
  // The teams: four accounts each, in order.
  let no = 5000;
  for (let i = 0; i < accounts.length && accounts[i].team; i += 4) {
    const info = accounts[i].team!;
    const [team] = await t.database.db
      .insert(teams)
      .values({
        teamNo: `T-${no++}`,
        seasonId: ids.season,
        competitionId: ids[info.competition],
        state: info.state,
        paymentStatus: info.paid,
        registrationId: null,
      })
      .returning();
    await t.database.db.insert(teamPeople).values(
      accounts.slice(i, i + 4).map((p) => ({
        teamId: team.id,
        userId: p.id,
        role: p.type === 1 ? ('coach' as const) : ('member' as const),
        state: 'accepted' as const,
      })),
    );
  }
}

const minor = (a: Account) => a.type === 0 && a.dob > '2008-09-30';

/** What the rules say a segment gets: one message per address, the first account by id wins a shared one. */
function expected(matched: Account[], audience: 'members' | 'guardians', channels: ('whatsapp' | 'email')[]) {
  const messages = new Map<string, { lang: string; channel: string; userId: string }>();
  let unsubscribed = 0;
  let unreachable = 0;
  for (const a of [...matched].sort((x, y) => (x.id < y.id ? -1 : 1))) {
    if (a.unsubscribed) {
      unsubscribed++;
      continue;
    }
    let to: string | null = null;
    let channel = 'whatsapp';
    if (audience === 'guardians') to = channels.includes('whatsapp') ? a.guardianPhone : null;
    else if (channels.includes('whatsapp') && (a.phone || a.guardianPhone)) to = a.phone || a.guardianPhone;
    else if (channels.includes('email') && a.email) [to, channel] = [a.email, 'email'];
    if (!to) {
      unreachable++;
      continue;
    }
    if (!messages.has(to)) messages.set(to, { lang: a.language, channel, userId: a.id });
  }
  const count = (c: string) => [...messages.values()].filter((m) => m.channel === c).length;
  return {
    messages,
    reach: {
      matched: matched.length,
      messages: messages.size,
      whatsapp: count('whatsapp'),
      email: count('email'),
      unreachable,
      unsubscribed,
    },
  };
}

const TEXT = {
  subject_ar: 'تذكير بموعد التدريب',
  subject_en: 'Training reminder',
  body_ar: 'مرحبًا،\n\nيبدأ التدريب يوم السبت الساعة ٤ مساءً في القاعة الكبرى.\nأحضروا الروبوتات.',
  body_en: 'Hello,\n\nTraining starts on Saturday at 4 pm in the main hall.\nBring the robots.',
};

/** A caught e-mail's header lines (unfolded) and its decoded parts' text. */
function parseMail(raw: string): { headers: string; text: string } {
  const decode = (part: string): string => {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (boundary)
      return body
        .split(`--${boundary}`)
        .map((p) => decode(p.replace(/^\r?\n/, '')))
        .join('\n');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable')
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    return body;
  };
  return { headers: raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' '), text: decode(raw) };
}

const outboxOf = (id: string) => t.database.db.select().from(outbox).where(eq(outbox.broadcastId, id));

// jest's limit only (a guard against a hang): a 60 s limit of its own failed on the loaded 2-core machine.
beforeAll(async () => {
  smtp = await startSmtp();
  // The WhatsApp Cloud API fake: the catalogue's templates approved, and its status webhooks signed.
  wa = await startFakeWhatsapp({
    token: 'wa-token',
    phoneNumberId: '12345',
    appSecret: APP_SECRET,
    templates: approved,
  });
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    WHATSAPP_API_URL: wa.url,
    WHATSAPP_TOKEN: 'wa-token',
    WHATSAPP_PHONE_NUMBER_ID: '12345',
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'broadcasts-verify-token',
    MEMBER_URL: 'https://wro.example',
    PUBLIC_API_URL: 'https://api.wro.example',
  });
  await t.app.listen(0, '127.0.0.1');
  wa.webhookTo(`${await t.app.getUrl()}/api/whatsapp/webhook`.replace('[::1]', '127.0.0.1'));
  worker = t.app.get(OutboxWorker);
  service = t.app.get(BroadcastsService);
  admin = await adminToken(t);
  const subAdmin = await createUser(t, { type: 5, email: 'sub@broadcasts.example' });
  sub = await adminToken(t, subAdmin.email!, subAdmin.password);
  await generate();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await wa?.close();
});

describe('a broadcast to a segment', () => {
  it("reaches the guardians of a competition's minors once each, in the child's language; preview, outbox and follow-up agree", async () => {
    const segment = { audience: 'guardians', competition: ids.A, team_state: 'approved' };
    const matched = accounts.filter((a) => a.team?.competition === 'A' && a.team.state === 'approved' && minor(a));
    const want = expected(matched, 'guardians', ['whatsapp']);
    expect(want.reach.messages).toBeGreaterThan(20);
    // Siblings share a guardian: fewer messages than minors.
    expect(want.reach.messages).toBeLessThan(want.reach.matched - want.reach.unsubscribed);

    const preview = await t.http
      .post('/api/admin/broadcasts/preview')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['whatsapp', 'email'], segment });
    expect(preview.status).toBe(200);
    expect(preview.body.reach).toEqual(want.reach);
    expect(preview.body.rendered.ar.whatsapp).toContain('تذكير بموعد التدريب');
    // WhatsApp carries the text on one line; the e-mail whole.
    expect(preview.body.rendered.en.whatsapp).toContain(
      'Details: Hello, Training starts on Saturday at 4 pm in the main hall. Bring the robots.',
    );
    expect(preview.body.rendered.en.email).toBe(TEXT.body_en);

    const created = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ ...TEXT, channels: ['whatsapp', 'email'], segment });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: 'scheduled',
      reach: want.reach,
      message: 'يجري إرسال الرسالة الجماعية.',
    });
    // Saving sends nothing itself: the job writes the messages.
    expect(await outboxOf(created.body.id)).toHaveLength(0);

    // Small batches, so the job takes several steps.
    await service.expandDue(37);
    const rows = await outboxOf(created.body.id);
    expect(rows).toHaveLength(want.reach.messages);
    expect(new Set(rows.map((r) => r.to)).size).toBe(rows.length);
    for (const r of rows) {
      const m = want.messages.get(r.to);
      expect(m).toBeDefined();
      expect({ to: r.to, lang: r.lang, channel: r.channel, userId: r.userId }).toEqual({
        to: r.to,
        lang: m!.lang,
        channel: 'whatsapp',
        userId: m!.userId,
      });
      expect(r.kind).toBe('announcement');
      expect(r.category).toBe('marketing');
      expect(r.subject).toBe(r.lang === 'ar' ? TEXT.subject_ar : TEXT.subject_en);
    }
    expect(new Set(rows.map((r) => r.lang))).toEqual(new Set(['ar', 'en']));

    const [saved] = await t.database.db.select().from(broadcasts).where(eq(broadcasts.id, created.body.id));
    expect(saved).toMatchObject({ state: 'queued', total: want.reach.messages });
    // Audited: who, the segment and the counts.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'broadcasts'), eq(auditLog.recordId, created.body.id)));
    expect(entry).toMatchObject({ action: 'create', actorName: 'Administrator' });
    expect(entry.after).toMatchObject({ segment, reach: want.reach, channels: ['whatsapp', 'email'] });

    // Sent: each guardian receives the announcement template in the child's language, its values on one line.
    const before = wa.accepted.length;
    await worker.drain();
    const sent = wa.accepted.slice(before);
    expect(sent).toHaveLength(want.reach.messages);
    for (const m of sent) {
      const lang = want.messages.get(`+${m.to}`)!.lang;
      expect(m.template).toEqual({ name: 'announcement', language: lang });
      expect(m.params).toEqual(
        lang === 'ar'
          ? [TEXT.subject_ar, 'مرحبًا، يبدأ التدريب يوم السبت الساعة ٤ مساءً في القاعة الكبرى. أحضروا الروبوتات.']
          : [TEXT.subject_en, 'Hello, Training starts on Saturday at 4 pm in the main hall. Bring the robots.'],
      );
    }
    // WhatsApp reports them delivered, and two of them read (its signed status webhooks).
    for (const m of sent) expect(await wa.status(m.id, 'delivered')).toBe(200);
    for (const m of sent.slice(0, 2)) expect(await wa.status(m.id, 'read')).toBe(200);

    const shown = await t.http.get(`/api/admin/broadcasts/${created.body.id}`).set('Authorization', admin);
    expect(shown.status).toBe(200);
    expect(shown.body.progress).toEqual({
      total: want.reach.messages,
      queued: 0,
      sent: want.reach.messages,
      delivered: want.reach.messages,
      read: 2,
      failed: 0,
      skipped: 0,
      kept: 0,
    });
    const list = await t.http
      .get('/api/admin/broadcast-recipients')
      .query({ filter: JSON.stringify({ broadcast: created.body.id, state: 'delivered' }), range: '[0,999]' })
      .set('Authorization', admin);
    expect(list.status).toBe(200);
    const delivered = want.reach.messages - 2;
    expect(list.headers['content-range']).toBe(`broadcast-recipients 0-${delivered - 1}/${delivered}`);
    expect(list.body.every((r: { guardian: boolean; state: string }) => r.guardian && r.state === 'delivered')).toBe(
      true,
    );
  });

  it('reaches members once each by WhatsApp or else e-mail, in their own language, with an unsubscribe link in each e-mail', async () => {
    const segment = { audience: 'members', competition: ids.A, paid: true };
    const matched = accounts.filter((a) => a.team?.competition === 'A' && a.team.paid);
    const want = expected(matched, 'members', ['whatsapp', 'email']);
    const preview = await t.http
      .post('/api/admin/broadcasts/preview')
      .set('Authorization', admin)
      .send({ channels: ['email', 'whatsapp'], segment });
    expect(preview.body.reach).toEqual(want.reach);
    expect(want.reach.email).toBeGreaterThan(0);

    const created = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['email', 'whatsapp'], segment });
    expect(created.status).toBe(201);
    await service.expandDue();
    const rows = await outboxOf(created.body.id);
    expect(rows.map((r) => [r.to, r.lang, r.channel, r.userId]).sort()).toEqual(
      [...want.messages].map(([to, m]) => [to, m.lang, m.channel, m.userId]).sort(),
    );
    expect(rows.filter((r) => r.channel === 'email').every((r) => r.kind === 'announcement_email')).toBe(true);

    const mails = smtp.received.length;
    await worker.drain();
    const received = smtp.received.slice(mails);
    expect(received).toHaveLength(want.reach.email);
    for (const mail of received) {
      const { headers, text } = parseMail(mail.raw);
      const lang = want.messages.get(mail.to)!.lang;
      expect(headers).toMatch(
        /^List-Unsubscribe: <https:\/\/api\.wro\.example\/api\/unsubscribe\?token=[0-9a-f]{32}\.[\w-]{24}>$/m,
      );
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(headers).toMatch(/^Subject: /m);
      // The text and HTML parts: the whole text, and the footer's link to the page in the member's language.
      expect(text).toContain(lang === 'ar' ? 'القاعة الكبرى.\nأحضروا الروبوتات.' : 'main hall.\nBring the robots.');
      expect(text).toMatch(
        new RegExp(`https://wro\\.example/unsubscribe\\?token=[0-9a-f]{32}\\.[\\w-]{24}&(amp;)?lang=${lang}`),
      );
      expect(text).toContain(
        lang === 'ar' ? 'إيقاف الإعلانات والتذكيرات' : 'Unsubscribe from announcements and reminders',
      );
    }
  });

  it('counts a plan ending within days typed in Arabic-Indic digits, and refuses a segment that reaches nobody', async () => {
    const preview = await t.http
      .post('/api/admin/broadcasts/preview')
      .set('Authorization', admin)
      .send({ channels: ['email'], segment: { audience: 'members', expires_within: '٣٠', type: 1 } });
    expect(preview.status).toBe(200);
    // No generated coach has a plan: nobody.
    expect(preview.body.reach).toEqual({
      matched: 0,
      messages: 0,
      whatsapp: 0,
      email: 0,
      unreachable: 0,
      unsubscribed: 0,
    });
    const coach = await createUser(t, {
      type: 1,
      subscription: true,
      startDate: '2026-01-01',
      endDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
    const again = await t.http
      .post('/api/admin/broadcasts/preview')
      .set('Authorization', admin)
      .send({ channels: ['email'], segment: { audience: 'members', expires_within: '۳۰', type: 1 } });
    expect(again.body.reach).toMatchObject({ matched: 1, email: 1 });
    const nobody = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['email'], segment: { audience: 'members', expires_within: 0, type: 1 } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe('These filters reach nobody on the chosen channels: there is nothing to send.');
    await t.database.db.delete(users).where(eq(users.id, coach.id));
  });

  it('refuses a text WhatsApp cannot carry, and a missing language', async () => {
    const segment = { audience: 'members', competition: ids.B };
    const long = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, body_en: 'word '.repeat(200), channels: ['whatsapp'], segment });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/shorten the English text/);
    // By e-mail only, the same text goes.
    const mail = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, body_en: 'word '.repeat(200), channels: ['email'], segment, send_at: '2099-01-01T08:00' });
    expect(mail.status).toBe(400);
    expect(mail.body.message).toBe('A broadcast can be scheduled up to a year ahead.');
    const missing = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ ...TEXT, subject_ar: '', channels: ['email'], segment });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('يرجى كتابة العنوان بالعربية والإنجليزية.');
    const none = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: [], segment });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose how to send it: WhatsApp, e-mail, or both.');
  });
});

describe('rules', () => {
  it('a sub-admin cannot send to everyone, only to a competition, season or region', async () => {
    for (const segment of [{ audience: 'members' }, { audience: 'guardians', team_state: 'approved' }, { type: 1 }]) {
      const preview = await t.http
        .post('/api/admin/broadcasts/preview')
        .set('Authorization', sub)
        .send({ channels: ['email'], segment });
      expect(preview.status).toBe(403);
      expect(preview.body.message).toBe(
        'Sub-admins send to one competition, season or region: choose at least one of them before sending.',
      );
      const created = await t.http
        .post('/api/admin/broadcasts')
        .set('Authorization', sub)
        .send({ ...TEXT, channels: ['email'], segment });
      expect(created.status).toBe(403);
    }
    // Scoped to a competition: allowed (scheduled, so nothing is sent here).
    const scoped = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', sub)
      .send({
        ...TEXT,
        channels: ['email'],
        segment: { competition: ids.B },
        send_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
    expect(scoped.status).toBe(201);
    // The admin may send to everyone.
    const everyone = await t.http
      .post('/api/admin/broadcasts/preview')
      .set('Authorization', admin)
      .send({ channels: ['email'], segment: {} });
    expect(everyone.status).toBe(200);
    expect(everyone.body.reach.matched).toBe(accounts.length);
    await t.http.post(`/api/admin/broadcasts/${scoped.body.id}/cancel`).set('Authorization', sub).expect(200);
  });

  it('a staff member saves at most so many broadcasts an hour', async () => {
    const staff = await createUser(t, { type: 5, email: 'busy@broadcasts.example' });
    const token = await adminToken(t, staff.email!, staff.password);
    const body = {
      ...TEXT,
      channels: ['email'],
      segment: { competition: ids.B },
      send_at: new Date(Date.now() + 86_400_000).toISOString(),
    };
    for (let i = 0; i < LIMITS.broadcastsPerHour; i++)
      expect((await t.http.post('/api/admin/broadcasts').set('Authorization', token).send(body)).status).toBe(201);
    const refused = await t.http.post('/api/admin/broadcasts').set('Authorization', token).send(body);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'You saved the most broadcasts allowed in one hour (10): please wait before saving another.',
    );
    await t.database.db.update(broadcasts).set({ state: 'cancelled' }).where(eq(broadcasts.createdById, staff.id));
  });

  it('only staff reach broadcasts', async () => {
    const member = await createUser(t, { type: 1 });
    const token = (
      await t.http
        .post('/api/adduser-steb')
        .send({ national_id: member.nationalId, password: member.password, type: 1, loginType: 'signin' })
    ).headers.authorization as string;
    for (const [method, path] of [
      ['get', '/api/admin/broadcasts'],
      ['post', '/api/admin/broadcasts'],
      ['post', '/api/admin/broadcasts/preview'],
      ['get', '/api/admin/broadcast-recipients'],
    ] as const) {
      expect((await t.http[method](path).set('Authorization', token).send({})).status).toBe(403);
      expect((await t.http[method](path).send({})).status).toBe(401);
    }
  });

  it('a scheduled broadcast can be changed and cancelled; once sending started, neither', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000);
    const body = { ...TEXT, channels: ['email'], segment: { competition: ids.B }, send_at: later.toISOString() };
    const created = await t.http.post('/api/admin/broadcasts').set('Authorization', admin).send(body);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('The broadcast is scheduled.');
    // Not due: the job leaves it.
    await service.expandDue();
    expect(await outboxOf(created.body.id)).toHaveLength(0);
    // Riyadh's clock: 09:30 there is 06:30Z.
    const changed = await t.http
      .put(`/api/admin/broadcasts/${created.body.id}`)
      .set('Authorization', admin)
      .send({ ...body, subject_en: 'Changed', send_at: '2026-12-01T09:30' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ subject_en: 'Changed', send_at: '2026-12-01T06:30:00.000Z' });
    const cancelled = await t.http.post(`/api/admin/broadcasts/${created.body.id}/cancel`).set('Authorization', admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.record.state).toBe('cancelled');
    await t.database.db
      .update(broadcasts)
      .set({ sendAt: new Date(0) })
      .where(eq(broadcasts.id, created.body.id));
    await service.expandDue();
    expect(await outboxOf(created.body.id)).toHaveLength(0);
    const again = await t.http.put(`/api/admin/broadcasts/${created.body.id}`).set('Authorization', admin).send(body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This broadcast was cancelled.');

    const now = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...body, send_at: null });
    await service.expandDue();
    for (const res of [
      await t.http.put(`/api/admin/broadcasts/${now.body.id}`).set('Authorization', admin).send(body),
      await t.http.post(`/api/admin/broadcasts/${now.body.id}/cancel`).set('Authorization', admin),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This broadcast has started sending: it can no longer be changed or cancelled.');
    }
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, created.body.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['cancel', 'create', 'update']);
    await worker.drain();
  });

  it('two workers preparing one broadcast at once write each message once', async () => {
    const created = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['whatsapp', 'email'], segment: { audience: 'members', season: ids.season } });
    const want = expected(
      accounts.filter((a) => a.team),
      'members',
      ['whatsapp', 'email'],
    );
    expect(created.body.reach).toEqual(want.reach);
    // Two passes at once (on PostgreSQL, two connections: one holds the broadcast, the other skips it).
    const written = await Promise.all([service.expandDue(25), service.expandDue(25)]);
    expect(written[0] + written[1]).toBe(want.reach.messages);
    expect(await outboxOf(created.body.id)).toHaveLength(want.reach.messages);
    // Even without the lock, a batch written twice adds nothing: one message per address.
    const [b] = await t.database.db.select().from(broadcasts).where(eq(broadcasts.id, created.body.id));
    const twice = await t.database.db.transaction((tx) =>
      writeBatch(tx as never, {
        broadcastId: b.id,
        segment: b.segment,
        channels: b.channels,
        renderings: broadcastRenderings({ subject_ar: 'x', subject_en: 'x', body_ar: 'x', body_en: 'x' }),
        cursor: null,
        limit: 1000,
      }),
    );
    expect(twice.written).toBe(0);
    expect(await outboxOf(created.body.id)).toHaveLength(want.reach.messages);
    await worker.drain();
  });

  it('retries failed messages once per click, audited', async () => {
    const created = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['whatsapp'], segment: { competition: ids.B, team_state: 'submitted' } });
    await service.expandDue();
    const total = (await outboxOf(created.body.id)).length;
    expect(total).toBeGreaterThan(3);
    // Meta refuses (the template is not approved yet: 132001): failed at once.
    wa.removeTemplate('announcement');
    await worker.drain();
    for (const template of approved.filter((a) => a.name === 'announcement')) wa.addTemplate(template);
    let shown = await t.http.get(`/api/admin/broadcasts/${created.body.id}`).set('Authorization', admin);
    expect(shown.body.progress).toMatchObject({ total, failed: total, sent: 0 });
    const failed = await t.http
      .get('/api/admin/broadcast-recipients')
      .query({ filter: JSON.stringify({ broadcast: created.body.id, state: 'failed' }) })
      .set('Authorization', admin);
    expect(failed.body[0].last_error).toMatch(/^WhatsApp error 132001/);

    const retried = await t.http.post(`/api/admin/broadcasts/${created.body.id}/retry`).set('Authorization', sub);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ requeued: total, message: 'The failed messages are queued again.' });
    const second = await t.http.post(`/api/admin/broadcasts/${created.body.id}/retry`).set('Authorization', admin);
    expect(second.body).toMatchObject({ requeued: 0, message: 'No failed message to send again.' });
    await worker.drain();
    shown = await t.http.get(`/api/admin/broadcasts/${created.body.id}`).set('Authorization', admin);
    expect(shown.body.progress).toMatchObject({ total, failed: 0, sent: total });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, created.body.id), eq(auditLog.action, 'retry')));
    expect(entries).toHaveLength(1);
    expect(entries[0].after).toEqual({ requeued: total });
  });
});

describe('unsubscribing', () => {
  it('one-click unsubscribes without a page; the next broadcast leaves the person out; a notice still reaches them', async () => {
    const person = accounts.find((a) => a.team?.competition === 'B' && !a.unsubscribed && a.email)!;
    expect(person).toBeDefined();
    const segment = { audience: 'members', competition: ids.B };
    const first = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['email'], segment });
    await service.expandDue();
    const mails = smtp.received.length;
    await worker.drain();
    const mail = smtp.received.slice(mails).find((m) => m.to === person.email)!;
    const url = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(parseMail(mail.raw).headers)![1]);
    expect(url.origin).toBe('https://api.wro.example');

    // What a mail client does (RFC 8058): a POST of List-Unsubscribe=One-Click to that URL.
    const oneClick = await t.http.post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row.unsubscribedAt).not.toBeNull();

    const preview = await t.http
      .post('/api/admin/broadcasts/preview')
      .set('Authorization', admin)
      .send({ channels: ['email'], segment });
    expect(preview.body.reach.unsubscribed).toBe(first.body.reach.unsubscribed + 1);
    const next = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['email'], segment });
    await service.expandDue();
    const rows = await outboxOf(next.body.id);
    expect(rows).toHaveLength(preview.body.reach.messages);
    expect(rows.some((r) => r.userId === person.id)).toBe(false);

    // A notice about their team (utility) always goes, with no unsubscribe link.
    await t.app.get(OutboxService).enqueue({
      channel: 'email',
      to: person.email!,
      userId: person.id,
      ...templates.teamDecision('en', {
        name: 'X',
        teamNo: 'T-1',
        competition: 'C',
        decision: 'approved',
        reason: null,
      }),
    });
    const before = smtp.received.length;
    await worker.drain();
    const notice = smtp.received.slice(before).find((m) => m.to === person.email);
    expect(notice).toBeDefined();
    expect(notice!.raw).not.toMatch(/List-Unsubscribe/);
  });

  it("the footer's page link unsubscribes and undoes; a bad token is refused; the worker skips an announcement queued before", async () => {
    const person = accounts.find((a) => a.team?.competition === 'A' && !a.unsubscribed && a.email)!;
    const created = await t.http
      .post('/api/admin/broadcasts')
      .set('Authorization', admin)
      .send({ ...TEXT, channels: ['email'], segment: { competition: ids.A } });
    await service.expandDue();
    const [queued] = (await outboxOf(created.body.id)).filter((r) => r.userId === person.id);
    expect(queued.status).toBe('pending');
    const mails = smtp.received.length;
    // Unsubscribed (through the page) before the worker's turn: the queued announcement is skipped.
    const token = unsubscribeToken(t.config.jwtSecret, person.id);
    const page = await t.http.post('/api/unsubscribe').set('Accept-Language', 'ar').send({ token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      message: 'لن تصلك الإعلانات والتذكيرات بعد الآن. أما رموز التحقق والإشعارات الخاصة بفرقك وحسابك فستظل تصلك.',
      language: person.language,
      announcements: false,
    });
    await worker.drain();
    expect(smtp.received.slice(mails).some((m) => m.to === person.email)).toBe(false);
    const [skipped] = await t.database.db.select().from(outbox).where(eq(outbox.id, queued.id));
    expect(skipped).toMatchObject({ status: 'skipped', lastError: 'unsubscribed' });
    const progress = await t.http.get(`/api/admin/broadcasts/${created.body.id}`).set('Authorization', admin);
    expect(progress.body.progress.skipped).toBe(1);

    const undo = await t.http.post('/api/unsubscribe/undo').send({ token });
    expect(undo.body).toMatchObject({
      message: 'Announcements and reminders will reach you again.',
      announcements: true,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row.unsubscribedAt).toBeNull();

    // The List-Unsubscribe URL opened in a browser: the member site's page, in the person's language,
    // which asks first (a GET of it, as anti-spam software does, unsubscribes nobody).
    const opened = await t.http.get('/api/unsubscribe').query({ token });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(
      `https://wro.example/unsubscribe?token=${token}&lang=${person.language}&confirm=1`,
    );

    // The token is a query parameter the access log redacts, never a path.
    expect(redactUrl(`/api/unsubscribe?token=${token}`)).toBe('/api/unsubscribe?token=%5Bredacted%5D');
    for (const bad of ['', 'x', `${token.slice(0, -2)}AA`, `${'0'.repeat(32)}.${'A'.repeat(24)}`]) {
      const res = await t.http.post('/api/unsubscribe').send({ token: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/This unsubscribe link is not valid/);
    }
  });

  it('the plan reminders (marketing too) leave an unsubscribed member out', async () => {
    const day = '2033-03-01';
    const coach = (unsubscribedAt: Date | null) =>
      createUser(t, {
        type: 1,
        phoneNumber: phone(),
        subscription: true,
        startDate: '2030-01-01',
        endDate: '2033-03-08',
        unsubscribedAt,
      });
    const [told, left] = [await coach(null), await coach(new Date())];
    await t.app.get(RemindersJob).run(new Date(`${day}T09:00:00Z`));
    const rows = await t.database.db
      .select({ userId: outbox.userId, kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.kind, 'plan_ending'));
    expect(rows.map((r) => r.userId)).toContain(told.id);
    expect(rows.map((r) => r.userId)).not.toContain(left.id);
  });

  it('the member turns announcements off and on in the account settings', async () => {
    const member = await createUser(t, { type: 1 });
    const token = (
      await t.http
        .post('/api/adduser-steb')
        .send({ national_id: member.nationalId, password: member.password, type: 1, loginType: 'signin' })
    ).headers.authorization as string;
    const off = await t.http
      .post('/api/accounts/announcements')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ announcements: false });
    expect(off.status).toBe(200);
    expect(off.body.user.announcements).toBe(false);
    expect(off.body.message).toMatch(/^لن تصلك الإعلانات/);
    const me = await t.http.post('/api/getuser').set('Authorization', token);
    expect(me.body.user.announcements).toBe(false);
    const on = await t.http
      .post('/api/accounts/announcements')
      .set('Authorization', token)
      .send({ announcements: true });
    expect(on.body).toMatchObject({
      message: 'Announcements and reminders will reach you.',
      user: { announcements: true },
    });
    const bad = await t.http.post('/api/accounts/announcements').set('Authorization', token).send({});
    expect(bad.status).toBe(400);
    const unsubscribedCount = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(isNotNull(users.unsubscribedAt));
    expect(unsubscribedCount[0].n).toBeGreaterThan(0);
  });
});

describe('the outbox rate', () => {
  it('sends each channel at most its rate per second, across passes, without waiting on a clock', async () => {
    await worker.drain();
    const config = t.config;
    config.outboxRate.email = 3;
    let now = 1_800_000_000_000;
    worker.clock = () => now;
    try {
      const service = t.app.get(OutboxService);
      for (let i = 0; i < 7; i++)
        await service.enqueue({
          channel: 'email',
          to: `rate${i}@example.com`,
          ...templates.announcement('en', 'email', { subject: 'News', body: 'Text' }),
        });
      // A code queued after them still goes first.
      await service.enqueue({
        channel: 'email',
        to: 'code@example.com',
        ...templates.resetCode('en', { name: 'A', code: '123456', minutes: 10 }),
      });
      const before = smtp.received.length;
      expect(await worker.drain()).toBe(3);
      expect(await worker.drain()).toBe(0);
      expect(smtp.received.slice(before).map((m) => m.to)).toContain('code@example.com');
      now += 1000;
      expect(await worker.drain()).toBe(3);
      now += 1000;
      expect(await worker.drain()).toBe(2);
      expect(smtp.received.length - before).toBe(8);
    } finally {
      config.outboxRate.email = 0;
      worker.clock = Date.now;
    }
  });
});
