import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLog, orders, outbox, privacyRequests, sessions, users } from '../src/db/schema';
import { FileStore } from '../src/media/file-store';
import { PrivacyService } from '../src/privacy/privacy.service';
import { adminToken, binary, createUser, signIn, startTestApp, type TestApp } from './harness';

// Issue 31, privacy as the law expects: a member downloads their data and deletes their account.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const runJob = () => t.app.get(PrivacyService).runDue();
const store = () => t.app.get(FileStore);

/** A member with a picture in the store, an order and a message sent to them. */
async function memberWithData() {
  const member = await createUser(t, {
    type: 0,
    phoneNumber: `+96650${String(Date.now()).slice(-7)}`,
    dob: '2012-05-01',
  });
  const picture = `/uploads/users/${member.id}.jpg`;
  await store().put(`uploads/users/${member.id}.jpg`, Buffer.from('a picture'));
  await t.database.db.update(users).set({ picture, guardianPhone: '+966501112233' }).where(eq(users.id, member.id));
  await t.database.db.insert(orders).values({
    userId: member.id,
    customerName: member.name,
    total: '115.00',
    status: 'paid',
    nationalId: member.nationalId!,
  });
  await t.database.db
    .insert(outbox)
    .values({ channel: 'whatsapp', to: '+966501112233', userId: member.id, subject: 'Hello', body: 'A notice' });
  return { ...member, picture, token: await signIn(t, member) };
}

/** The messages of a kind queued for a member. */
const noticesOf = (userId: string, kind: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.kind, kind)));

/** The archive's entries and its data.json. */
function readZip(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'privacy-zip-'));
  const file = join(dir, 'data.zip');
  writeFileSync(file, bytes);
  const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
  const data = JSON.parse(execFileSync('unzip', ['-p', file, 'data.json'], { encoding: 'utf8' })) as Record<
    string,
    unknown
  >;
  return { names, data };
}

describe('a copy of one’s data', () => {
  it('is prepared in the background, downloaded once by its owner only, and holds everything about them', async () => {
    const m = await memberWithData();
    const asked = await t.http.post('/api/privacy/export').set('Authorization', m.token).set('Accept-Language', 'ar');
    expect(asked.status).toBe(202);
    expect(asked.body.export).toMatchObject({ state: 'preparing', ready_at: null });
    expect(asked.body.message).toBe('نجهّز نسخة من بياناتك، وستكون جاهزة في هذه الصفحة خلال دقائق.');
    // One at a time.
    const again = await t.http.post('/api/privacy/export').set('Authorization', m.token);
    expect([again.status, again.body.message]).toEqual([409, 'A copy of your data is already being prepared.']);

    await t.database.db.update(users).set({ language: 'ar' }).where(eq(users.id, m.id));
    expect((await runJob()).exports).toBeGreaterThanOrEqual(1);
    // The member is told it is ready, in their language, with where and until when.
    expect(await noticesOf(m.id, 'data_copy_ready')).toEqual([
      expect.objectContaining({ channel: 'whatsapp', to: m.phoneNumber, lang: 'ar' }),
    ]);
    const [notice] = await noticesOf(m.id, 'data_copy_ready');
    expect(notice.body).toMatch(
      /^مرحبًا .+،\nنسخة بياناتك التي طلبتها جاهزة\. حمّلها من https?:\/\/\S+\/accounts\?tab=settings بعد تسجيل الدخول حتى .+، ثم تُحذف\.$/,
    );
    const overview = await t.http.get('/api/privacy').set('Authorization', m.token);
    expect(overview.body).toMatchObject({
      export: { state: 'ready' },
      deletion: null,
      deletion_days: 7,
      export_days: 7,
    });
    const expires = new Date(overview.body.export.expires_at).getTime();
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const id = overview.body.export.id as string;

    // Someone else cannot have it.
    const other = await createUser(t, { type: 0 });
    const stolen = await t.http.get(`/api/privacy/export/${id}`).set('Authorization', await signIn(t, other));
    expect(stolen.status).toBe(404);
    expect((await t.http.get(`/api/privacy/export/${id}`)).status).toBe(401);

    const got = await t.http.get(`/api/privacy/export/${id}`).set('Authorization', m.token).buffer(true).parse(binary);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const { names, data } = readZip(got.body as Buffer);
    expect(names).toEqual(['data.json', `picture/${m.id}.jpg`]);
    const account = data.account as Record<string, unknown>;
    expect(account).toMatchObject({ id: m.id, name: m.name, national_id: m.nationalId, dob: '2012-05-01' });
    expect(account).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|token_hash/);
    expect(data.consents).toHaveProperty('terms_accepted_at');
    expect(data.orders).toEqual([expect.objectContaining({ total: '115.00', status: 'paid' })]);
    expect(data.messages).toEqual([expect.objectContaining({ to: '+966501112233', body: 'A notice' })]);
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);

    // Once: the archive is gone from the store after the download.
    const twice = await t.http.get(`/api/privacy/export/${id}`).set('Authorization', m.token);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(
      'This copy of your data is no longer available: it was downloaded or has expired. You can ask for a new one.',
    );
    expect(await store().exists(`private/exports/${id}.zip`)).toBe(false);
    // A member's action, in the audit log.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, m.id), eq(auditLog.action, 'data_export')));
    expect(audit).toHaveLength(1);
  });

  it('expires when not downloaded in time, and at most three are asked for a day', async () => {
    const m = await memberWithData();
    await t.http.post('/api/privacy/export').set('Authorization', m.token).expect(202);
    await runJob();
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.userId, m.id));
    await t.database.db
      .update(privacyRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(privacyRequests.id, row.id));
    expect((await runJob()).expired).toBeGreaterThanOrEqual(1);
    expect(await store().exists(`private/exports/${row.id}.zip`)).toBe(false);
    expect((await t.http.get(`/api/privacy/export/${row.id}`).set('Authorization', m.token)).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      await t.http.post('/api/privacy/export').set('Authorization', m.token).expect(202);
      await runJob();
    }
    const fourth = await t.http.post('/api/privacy/export').set('Authorization', m.token);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      'You have asked for copies of your data several times today. Please try again tomorrow.',
    );
  });
});

describe('deleting one’s account', () => {
  it('waits out the grace period, can be cancelled, then removes the person and keeps what the law requires', async () => {
    const m = await memberWithData();
    const ask = (password?: string) =>
      t.http
        .post('/api/privacy/deletion')
        .set('Authorization', m.token)
        .send(password === undefined ? {} : { password });
    expect((await ask()).body).toMatchObject({ message: 'Please enter your password to confirm.', field: 'password' });
    expect((await ask('not-my-password')).status).toBe(400);
    const asked = await ask(m.password);
    expect(asked.status).toBe(200);
    const due = new Date(asked.body.deletion.due_at).getTime();
    expect(due - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(asked.body.deletion).toMatchObject({ state: 'scheduled', by_staff: false });
    // Told of it, with the day and how to keep the account (someone else at their device asked?).
    const [told] = await noticesOf(m.id, 'account_deletion_scheduled');
    expect(told).toMatchObject({ channel: 'whatsapp', to: m.phoneNumber, lang: 'en' });
    expect(told.body).toContain('will be deleted on ');
    expect(told.body).toContain('/accounts?tab=settings and cancel the deletion before that day.');
    expect((await ask(m.password)).status).toBe(409);
    expect(await noticesOf(m.id, 'account_deletion_scheduled')).toHaveLength(1);
    // Nothing happens before its day.
    await runJob();
    expect((await t.http.get('/api/accounts').set('Authorization', m.token)).status).toBe(200);
    // Changed one's mind.
    const cancelled = await t.http.delete('/api/privacy/deletion').set('Authorization', m.token);
    expect([cancelled.status, cancelled.body.message]).toEqual([200, 'The deletion was cancelled: the account stays.']);
    expect((await t.http.delete('/api/privacy/deletion').set('Authorization', m.token)).status).toBe(404);
    expect((await t.http.get('/api/privacy').set('Authorization', m.token)).body.deletion).toBeNull();

    // Asked again, and its day comes.
    await ask(m.password).expect(200);
    await t.database.db
      .update(privacyRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(and(eq(privacyRequests.userId, m.id), eq(privacyRequests.state, 'scheduled')));
    expect((await runJob()).deletions).toBeGreaterThanOrEqual(1);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({
      name: 'Deleted account',
      email: null,
      nationalId: null,
      phoneNumber: null,
      picture: null,
      dob: null,
      guardianPhone: null,
      isActive: false,
    });
    expect(row.deletedAt).not.toBeNull();
    // Signed out everywhere, and no sign-in again.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(0);
    expect((await t.http.get('/api/accounts').set('Authorization', m.token)).status).toBe(401);
    const signin = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: m.nationalId, password: m.password, type: 0, loginType: 'signin' });
    expect(signin.status).toBe(401);
    // Their picture and messages are gone; the order (a tax record) stays.
    expect(await store().exists(`uploads/users/${m.id}.jpg`)).toBe(false);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.userId, m.id))).toHaveLength(0);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, m.id))).toHaveLength(1);
    // The national ID is free for its owner to sign up again.
    await createUser(t, { type: 0, nationalId: m.nationalId });
    // The audit log keeps the request and the deletion.
    const actions = (
      await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.recordId, m.id))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['request_deletion', 'cancel', 'delete']));
  });

  it('staff ask on a guardian’s behalf: admins only, with the reason; the member sees it and staff can cancel', async () => {
    const child = await memberWithData();
    const sub = await createUser(t, { type: 5, email: `sub${Date.now()}@test.example`, password: 'Sub-admin-pass-1' });
    const subLogin = await t.http
      .post('/api/admin-login')
      .send({ national_id: sub.email, password: 'Sub-admin-pass-1' });
    const subToken = subLogin.headers.authorization as string;
    const url = `/api/admin/users/${child.id}/deletion`;
    expect((await t.http.post(url).set('Authorization', subToken).send({ reason: 'x' })).status).toBe(403);
    const empty = await t.http.post(url).set('Authorization', admin).set('Accept-Language', 'ar').send({});
    expect([empty.status, empty.body.field]).toEqual([400, 'reason']);
    expect(empty.body.message).toBe('يُرجى كتابة سبب حذف الحساب (من طلب ذلك وكيف).');
    const reason = 'The guardian asked by phone on 2026-11-20, identity checked.';
    const made = await t.http.post(url).set('Authorization', admin).send({ reason });
    expect(made.status).toBe(200);
    expect(made.body.deletion).toMatchObject({ state: 'scheduled', by_staff: true, reason });
    // The member is told, without staff's note.
    const [told] = await noticesOf(child.id, 'account_deletion_scheduled');
    expect(told.to).toBe(child.phoneNumber);
    expect(told.body).not.toContain('guardian asked');
    // Every staff member sees the requests on the member's page; the member sees the waiting deletion.
    const seen = await t.http.get(`/api/admin/users/${child.id}/privacy`).set('Authorization', subToken);
    expect(seen.body.requests).toEqual([expect.objectContaining({ kind: 'deletion', state: 'scheduled', reason })]);
    const mine = await t.http.get('/api/privacy').set('Authorization', child.token);
    expect(mine.body.deletion).toMatchObject({ by_staff: true });
    expect((await t.http.delete(url).set('Authorization', subToken)).status).toBe(403);
    expect((await t.http.delete(url).set('Authorization', admin)).status).toBe(200);
    expect((await t.http.get('/api/privacy').set('Authorization', child.token)).body.deletion).toBeNull();
    // Not for staff accounts, nor unknown ones.
    expect(
      (await t.http.post(`/api/admin/users/${sub.id}/deletion`).set('Authorization', admin).send({ reason })).status,
    ).toBe(404);
  });
});
