import { and, eq } from 'drizzle-orm';
import { TICKET_TTL_MS, TicketService } from '../src/accounts/tickets';
import { en, ar } from '../src/common/i18n';
import { auditLog, outbox, sessions, skills, users, verifications } from '../src/db/schema';
import { OutboxWorker } from '../src/outbox/outbox.worker';
import { startSmtp } from './catchers';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/** Issue 22: unverified sessions, opaque tickets, phone changes, codes in the outbox, disabled members. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let phones = 0;
const newPhone = () => `+9665500${String(++phones).padStart(5, '0')}`;

/** The newest code sent to a destination, from the dev outbox route as a developer would read it. */
async function codeSentTo(to: string): Promise<string> {
  const res = await t.http.get('/api/dev/outbox').query({ to });
  const code = /\b(\d{6})\b/.exec(res.body.messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

const sentTo = async (to: string) => (await t.database.db.select().from(outbox).where(eq(outbox.to, to))).length;
const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

async function unverifiedMember() {
  const member = await createUser(t, { isVerified: false, phoneNumber: newPhone() });
  const token = await signIn(t, member);
  const me = await t.http.post('/api/getuser').set('Authorization', token);
  expect(me.status).toBe(200);
  return { member, token, ticket: me.body.user._id as string };
}

/** /api/otp (English) and /api/verify (Arabic) refuse what stands in user_id with a 400 and the message. */
async function expectTicketRefused(userId: string, key: 'ticket.invalid' | 'ticket.expired', phone: string) {
  const otp = await t.http.post('/api/otp').send({ user_id: userId, phone_number: phone });
  expect(otp.status).toBe(400);
  expect(otp.body.message).toBe(en[key]);
  const verify = await t.http
    .post('/api/verify')
    .set('Accept-Language', 'ar')
    .send({ user_id: userId, code: '123456' });
  expect(verify.status).toBe(400);
  expect(verify.body.message).toBe(ar[key]);
}

describe('an unverified session may only verify', () => {
  it('is refused a profile update, a skill and the account page, in the caller’s language', async () => {
    const { member, token } = await unverifiedMember();
    const update = await t.http
      .post('/api/accounts')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ name: 'Taken Over' });
    expect(update.status).toBe(403);
    expect(update.body.message).toBe(ar['auth.unverified']);
    const skill = await t.http.post('/api/skills').set('Authorization', token).send({ skillname: 'Robots' });
    expect(skill.status).toBe(403);
    expect(skill.body.message).toBe(en['auth.unverified']);
    expect((await t.http.get('/api/accounts').set('Authorization', token)).status).toBe(403);
    expect((await row(member.id)).name).toBe(member.name);
    expect(await t.database.db.select().from(skills).where(eq(skills.userId, member.id))).toHaveLength(0);
  });

  it('can read who it is (with a ticket, not the id), verify, and then do the rest', async () => {
    const { member, token, ticket } = await unverifiedMember();
    expect(ticket).not.toBe(member.id);
    const phone = newPhone();
    const sent = await t.http.post('/api/otp').send({ user_id: ticket, phone_number: phone });
    expect(sent.status).toBe(200);
    const verified = await t.http.post('/api/verify').send({ user_id: ticket, code: await codeSentTo(phone) });
    expect(verified.status).toBe(200);
    expect(await row(member.id)).toMatchObject({ isVerified: true, phoneNumber: phone });
    const skill = await t.http.post('/api/skills').set('Authorization', token).send({ skillname: 'Robots' });
    expect(skill.status).toBe(200);
    const me = await t.http.post('/api/getuser').set('Authorization', token);
    expect(me.body.user._id).toBe(member.id);
  });

  it('can sign out', async () => {
    const { token } = await unverifiedMember();
    expect((await t.http.post('/api/logout').set('Authorization', token)).status).toBe(200);
    expect((await t.http.post('/api/getuser').set('Authorization', token)).status).toBe(401);
  });
});

describe('verification and reset tickets', () => {
  it('otp/forget returns no user id, and known and unknown e-mails answer alike', async () => {
    const member = await createUser(t, { email: 'known.member@test.example' });
    const known = await t.http.post('/api/otp/forget').send({ email: 'known.member@test.example' });
    const unknown = await t.http.post('/api/otp/forget').send({ email: 'nobody.here@test.example' });
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['destination', 'message', 'success', 'user']);
      expect(Object.keys(res.body.user)).toEqual(['_id']);
      expect(res.body.user._id).not.toMatch(/^[0-9a-f]{8}-/);
      expect(Buffer.from(res.body.user._id, 'base64url').toString('latin1')).not.toContain(member.id);
    }
    expect(known.body.user._id).not.toContain(member.id);
    expect(known.body.user._id).toHaveLength(unknown.body.user._id.length);
    expect(known.body.message).toBe(unknown.body.message);
    // Not stable either: asking twice gives another ticket, as for any account.
    const again = await t.http.post('/api/otp/forget').send({ email: 'nobody.here@test.example' });
    expect(again.body.user._id).not.toBe(unknown.body.user._id);

    const wrong = await t.http.post('/api/verify/forget').send({ user_id: unknown.body.user._id, code: '123456' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(en['otp.incorrect']);
    const code = await codeSentTo('known.member@test.example');
    const right = await t.http.post('/api/verify/forget').send({ user_id: known.body.user._id, code });
    expect(right.status).toBe(200);
    expect(right.body.rs_token).toEqual(expect.any(String));
  });

  it('/api/otp and /api/verify with a guessed or a real user id do nothing', async () => {
    const victim = await createUser(t, { isVerified: false, phoneNumber: newPhone() });
    const attacker = newPhone();
    for (const id of [victim.id, '00000000-0000-4000-8000-000000000000', 'x'.repeat(120)]) {
      await expectTicketRefused(id, 'ticket.invalid', attacker);
    }
    expect(await sentTo(attacker)).toBe(0);
    expect(await t.database.db.select().from(verifications).where(eq(verifications.userId, victim.id))).toHaveLength(0);
    expect(await row(victim.id)).toMatchObject({ isVerified: false, phoneNumber: victim.phoneNumber });
  });

  it('a ticket for account A cannot act on B, and a reset ticket cannot verify', async () => {
    const a = await unverifiedMember();
    const b = await unverifiedMember();
    const [phoneA, phoneB] = [newPhone(), newPhone()];
    expect((await t.http.post('/api/otp').send({ user_id: a.ticket, phone_number: phoneA })).status).toBe(200);
    expect((await t.http.post('/api/otp').send({ user_id: b.ticket, phone_number: phoneB })).status).toBe(200);
    // A's ticket with B's code does not verify B (nor A).
    const [codeA, codeB] = [await codeSentTo(phoneA), await codeSentTo(phoneB)];
    const cross = await t.http.post('/api/verify').send({ user_id: a.ticket, code: codeB });
    if (codeA !== codeB) expect(cross.status).toBe(400);
    expect((await row(b.member.id)).isVerified).toBe(false);

    const reset = await t.http.post('/api/otp/forget').send({ email: a.member.email });
    const wrongPurpose = await t.http.post('/api/otp').send({ user_id: reset.body.user._id, phone_number: newPhone() });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.message).toBe(en['ticket.invalid']);
    const tampered = `${a.ticket.slice(0, 20)}${a.ticket[20] === 'A' ? 'B' : 'A'}${a.ticket.slice(21)}`;
    expect((await t.http.post('/api/otp').send({ user_id: tampered, phone_number: newPhone() })).status).toBe(400);
    // A sign-up's answer carries a ticket too, never the new account's id.
    const signup = await t.http.post('/api/adduser-steb').send({
      loginType: 'signup',
      userInof: {
        type: '0',
        name: 'New Student',
        email: 'new.student@test.example',
        national_id: '1098765432',
        date_birth: '2010-05-05',
        phone_number: '0551112233',
        password: 'Student-pass-1',
        cpassword: 'Student-pass-1',
        schoolname: 'School',
        guardianname: 'Guardian',
        guardianphone: '0551112234',
        grade: '5',
        ElevelSelected: 'Elementry',
        accept_terms: 'true',
        guardian_consent: 'true',
      },
    });
    expect(signup.status).toBe(200);
    const [created] = await t.database.db.select().from(users).where(eq(users.nationalId, '1098765432'));
    expect(signup.body.user._id).not.toBe(created.id);
    const phone = newPhone();
    expect((await t.http.post('/api/otp').send({ user_id: signup.body.user._id, phone_number: phone })).status).toBe(
      200,
    );
    expect(await t.database.db.select().from(verifications).where(eq(verifications.userId, created.id))).toHaveLength(
      1,
    );
  });

  it('an expired ticket is refused with a message', async () => {
    const { member } = await unverifiedMember();
    const tickets = t.app.get(TicketService);
    const past = Date.now() - TICKET_TTL_MS.verify - 1000;
    const expired = tickets.issue('verify', member.id, past);
    await expectTicketRefused(expired, 'ticket.expired', newPhone());
    const oldReset = tickets.issue('reset', member.id, Date.now() - TICKET_TTL_MS.reset - 1000);
    const reset = await t.http.post('/api/verify/forget').send({ user_id: oldReset, code: '123456' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(en['ticket.expired']);
  });
});

describe('changing a verified phone', () => {
  it('keeps the old number until a code sent to the new one comes back', async () => {
    const old = newPhone();
    const member = await createUser(t, { phoneNumber: old });
    const token = await signIn(t, member);
    const next = newPhone();
    const res = await t.http
      .post('/api/accounts')
      .set('Authorization', token)
      .send({ name: 'Renamed Member', phone_number: next });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(en['account.phone_code_sent']);
    expect(res.body.phone_pending).toEqual({ destination: expect.stringContaining('•'), length: 6 });
    expect(res.body.user).toMatchObject({ name: 'Renamed Member', phone_number: old });
    expect(await row(member.id)).toMatchObject({ name: 'Renamed Member', phoneNumber: old });
    expect(await sentTo(next)).toBe(1);

    // The page posts the same number again: no second code while the first is live.
    const again = await t.http.post('/api/accounts').set('Authorization', token).send({ phone_number: next });
    expect(again.body.phone_pending).toBeDefined();
    expect(await sentTo(next)).toBe(1);

    const code = await codeSentTo(next);
    const wrong = await t.http
      .post('/api/accounts/phone')
      .set('Authorization', token)
      .send({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect((await row(member.id)).phoneNumber).toBe(old);

    const ok = await t.http
      .post('/api/accounts/phone')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ code });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(ar['account.phone_updated']);
    expect(ok.body.user.phone_number).toBe(next);
    expect((await row(member.id)).phoneNumber).toBe(next);
    const reused = await t.http.post('/api/accounts/phone').set('Authorization', token).send({ code });
    expect(reused.status).toBe(400);

    const same = await t.http.post('/api/accounts').set('Authorization', token).send({ phone_number: next });
    expect(same.body.message).toBe(en['account.updated']);
    expect(same.body.phone_pending).toBeUndefined();
  });
});

describe('disabling a member', () => {
  it('a sub-admin disables a member (audited): sessions end, sign-in is refused, data stays; an admin re-enables', async () => {
    const member = await createUser(t);
    const token = await signIn(t, member);
    await t.database.db.insert(skills).values({ userId: member.id, name: 'Kept skill' });
    const sub = await createUser(t, { type: 5, email: 'sub.admin@test.example', password: 'Sub-admin-pass-1' });
    const subToken = await adminToken(t, sub.email!, sub.password);

    const list = await t.http
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ status: true }) })
      .set('Authorization', subToken);
    expect(list.body.find((u: { id: string }) => u.id === member.id)).toMatchObject({ status: true });

    const off = await t.http
      .put(`/api/admin/users/${member.id}`)
      .set('Authorization', subToken)
      .send({ status: false });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe(false);
    expect((await t.http.get('/api/accounts').set('Authorization', token)).status).toBe(401);
    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.id)));
    expect(open.every((s) => s.revokedAt)).toBe(true);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, member.id));
    expect(audit).toMatchObject({ actorId: sub.id, action: 'toggle', resource: 'users' });

    for (const lang of ['en', 'ar'] as const) {
      const res = await t.http.post('/api/adduser-steb').set('Accept-Language', lang).send({
        national_id: member.nationalId,
        password: member.password,
        type: 0,
        loginType: 'signin',
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe((lang === 'en' ? en : ar)['auth.account_disabled']);
      expect(res.headers.authorization).toBeUndefined();
    }
    expect(await row(member.id)).toMatchObject({ isActive: false, name: member.name });
    expect(await t.database.db.select().from(skills).where(eq(skills.userId, member.id))).toHaveLength(1);
    const disabled = await t.http
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ status: false }) })
      .set('Authorization', subToken);
    expect(disabled.body.map((u: { id: string }) => u.id)).toEqual([member.id]);

    const admin = await adminToken(t);
    expect(
      (await t.http.put(`/api/admin/users/${member.id}`).set('Authorization', admin).send({ status: true })).status,
    ).toBe(200);
    expect(await signIn(t, member)).toEqual(expect.any(String));
  });
});

describe('codes in the outbox', () => {
  it('stay readable while kept in development (no provider)', async () => {
    const member = await createUser(t, { email: 'kept.code@test.example' });
    await t.http.post('/api/otp/forget').send({ email: member.email });
    await t.app.get(OutboxWorker).drain();
    const [msg] = await t.database.db.select().from(outbox).where(eq(outbox.to, member.email!));
    expect(msg.status).toBe('kept');
    expect(await codeSentTo(member.email!)).toMatch(/^\d{6}$/);
  });

  it('are blanked once delivered by SMTP, or given up', async () => {
    const smtp = await startSmtp();
    const mailApp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const member = await createUser(mailApp, { email: 'sent.code@test.example' });
      await mailApp.http.post('/api/otp/forget').send({ email: member.email });
      const before = await mailApp.http.get('/api/dev/outbox').query({ to: member.email });
      const code = /\b(\d{6})\b/.exec(before.body.messages[0].body)![1];
      await mailApp.app.get(OutboxWorker).drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].raw).toContain(code);
      const [sent] = await mailApp.database.db.select().from(outbox).where(eq(outbox.to, member.email!));
      expect(sent).toMatchObject({ status: 'sent', body: '', html: null, to: member.email });
      const after = await mailApp.http.get('/api/dev/outbox').query({ to: member.email });
      expect(JSON.stringify(after.body)).not.toContain(code);

      // The last retry fails: the message is given up and its code goes too.
      smtp.setRefuse(true);
      const other = await createUser(mailApp, { email: 'failed.code@test.example' });
      await mailApp.http.post('/api/otp/forget').send({ email: other.email });
      await mailApp.database.query(`UPDATE outbox SET attempts = 11 WHERE "to" = $1`, [other.email]);
      await mailApp.app.get(OutboxWorker).drain();
      const [failed] = await mailApp.database.db.select().from(outbox).where(eq(outbox.to, other.email!));
      expect(failed).toMatchObject({ status: 'failed', body: '', html: null });
    } finally {
      await mailApp.close();
      await smtp.close();
    }
  });
});
