import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import {
  auditLog,
  contactMessages,
  contactReplies,
  judgeApplications,
  orders,
  refunds,
  outbox,
  sessions,
  users,
} from '../src/db/schema';
import { ADMIN, adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  adminId = (await t.database.db.select().from(users).where(eq(users.email, ADMIN.email)))[0].id;
});
afterAll(() => t.close());

let n = 0;
const newUser = (over: Record<string, unknown> = {}) => {
  n += 1;
  return {
    name: `New Member ${n}`,
    email: `new${n}.${Date.now()}@example.com`,
    phone_number: '0551234567',
    national_id: `3${String(Date.now()).slice(-6)}${String(n).padStart(3, '0')}`,
    nationality: 'SA',
    password: 'New-pass-123',
    cpassword: 'New-pass-123',
    ...over,
  };
};
const sessionsLive = async (userId: string) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  ).length;

describe('users: create, edit, toggle, delete', () => {
  it('creates a member with the spec defaults and records it in the audit log', async () => {
    const body = newUser({ type: 4, isAdmin: true, passwordHash: 'x' });
    const res = await t.http.post('/api/admin/users').set('Authorization', admin).send(body);
    expect(res.status).toBe(400); // type 4 is not a member type
    const ok = await t.http
      .post('/api/admin/users')
      .set('Authorization', admin)
      .send(newUser({ passwordHash: 'injected', id: '00000000-0000-4000-8000-000000000000' }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ type: 0, dob: '2015-01-01', guardian_name: null, phone_number: '+966551234567' });
    expect(ok.body).not.toHaveProperty('passwordHash');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ok.body.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, ok.body.id));
    expect(entry).toMatchObject({ action: 'create', resource: 'users', actorId: adminId, before: null });
    expect(entry.after).toMatchObject({ name: ok.body.name });
    expect(JSON.stringify(entry.after)).not.toContain('argon2');

    // The old contract's 'None' filler for the guardian is taken as empty: nothing stored, nothing shown.
    const filled = await t.http
      .put(`/api/admin/users/${ok.body.id}`)
      .set('Authorization', admin)
      .send({ guardian_name: 'None', guardian_phone: ' NONE ' });
    expect(filled.body).toMatchObject({ guardian_name: null, guardian_phone: null });
  });

  it('refuses missing fields, a mismatched password and duplicates with the spec messages, saving nothing', async () => {
    const post = (body: object, lang = 'en') =>
      t.http.post('/api/admin/users').set('Authorization', admin).set('Accept-Language', lang).send(body);
    const missing = await post({ name: 'Only a name' });
    expect([missing.status, missing.body.message]).toEqual([400, 'Please fill in the form carefully!']);
    const mismatch = await post(newUser({ cpassword: 'Other-pass-123' }));
    expect([mismatch.status, mismatch.body.message]).toEqual([400, 'The passwords do not match.']);
    const mismatchAr = await post(newUser({ cpassword: 'Other-pass-123' }), 'ar');
    expect(mismatchAr.body.message).toBe('كلمتا المرور غير متطابقتين');
    const first = newUser();
    expect((await post(first)).status).toBe(201);
    const dupEmail = await post(newUser({ email: first.email.toUpperCase() }));
    expect([dupEmail.status, dupEmail.body.message]).toEqual([409, 'This e-mail is already used by another account.']);
    const dupId = await post(newUser({ national_id: first.national_id }));
    expect([dupId.status, dupId.body.message]).toEqual([409, 'This National ID is already used by another account.']);
    const before = (await t.database.db.select().from(users)).length;
    expect((await post(newUser({ phone_number: 'abc' }))).body.message).toBe('Please enter a valid phone number');
    expect((await post(newUser({ national_id: '12' }))).status).toBe(400);
    expect((await post(newUser({ picture: '/etc/passwd' }))).status).toBe(400);
    expect((await t.http.post('/api/admin/users').set('Authorization', admin).send('[1,2]').type('json')).status).toBe(
      400,
    );
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('edits only what was sent; a toggle is a PUT of one field; a new password ends the sessions', async () => {
    const member = await createUser(t, { type: 1 });
    const token = await signIn(t, member);
    const put = (body: object) => t.http.put(`/api/admin/users/${member.id}`).set('Authorization', admin).send(body);
    const edit = await put({ name: 'Edited Coach', subcription: true, end_date: '2027-06-30', type: 1 });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      name: 'Edited Coach',
      subcription: true,
      end_date: '2027-06-30',
      email: member.email,
    });
    expect((await put({ name: '' })).body.message).toBe('Please fill in the form carefully!');
    // The edit form sends back the whole record it read, nulls included.
    const whole = (await t.http.get(`/api/admin/users/${member.id}`).set('Authorization', admin)).body;
    const resent = await put({ ...whole, password: undefined });
    expect([resent.status, resent.body.message]).toEqual([200, undefined]);
    expect((await put({ type: 5 })).status).toBe(400);

    const toggle = await put({ isVerified: false });
    expect(toggle.body.isVerified).toBe(false);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, member.id));
    // Sending the record back unchanged records nothing.
    expect(entries.map((e) => e.action).sort()).toEqual(['toggle', 'update']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.before).toEqual({ name: member.name, subcription: false, end_date: null });
    expect(update.after).toEqual({ name: 'Edited Coach', subcription: true, end_date: '2027-06-30' });

    expect(await sessionsLive(member.id)).toBe(1);
    expect((await put({ password: 'Fresh-pass-123', cpassword: 'Fresh-pass-123' })).status).toBe(200);
    expect(await sessionsLive(member.id)).toBe(0);
    expect((await t.http.get('/api/accounts').set('Authorization', token)).status).toBe(401);
  });

  it('deletes a member (admin only); their orders stay with DELETED', async () => {
    const member = await createUser(t, { type: 1 });
    await t.database.db.insert(orders).values({ userId: member.id, customerName: member.name, total: '350.00' });
    const res = await t.http.delete(`/api/admin/users/${member.id}`).set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    const list = await t.http
      .get('/api/admin/transections')
      .query({ filter: JSON.stringify({ q: member.name }) })
      .set('Authorization', admin);
    expect(list.body[0]).toMatchObject({ customer_name: member.name, user: 'DELETED' });
    expect((await t.http.delete(`/api/admin/users/${member.id}`).set('Authorization', admin)).status).toBe(404);
  });

  it('stores a picture checked by its bytes (JPG, PNG, GIF), refusing HTML named .png', async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const ok = await t.http.post('/api/admin/uploads/picture').set('Authorization', admin).attach('file', gif, 'a.gif');
    expect(ok.status).toBe(201);
    expect(ok.body.path).toMatch(/^\/uploads\/users\/[0-9a-f-]{36}\.jpg$/);
    expect((await t.http.get(ok.body.path)).headers['content-type']).toBe('image/jpeg');
    // A staff upload, in the audit log (issue 31, finding 8), named by the file it came from.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, ok.body.path));
    expect(entry).toMatchObject({ action: 'upload', resource: 'users', actorName: expect.any(String) });
    expect(entry.after).toMatchObject({ name: 'a.gif', path: ok.body.path });
    const bad = await t.http
      .post('/api/admin/uploads/picture')
      .set('Authorization', admin)
      .attach('file', Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect([bad.status, bad.body.message]).toEqual([400, 'Please choose a JPG, PNG or GIF picture.']);
    const created = await t.http
      .post('/api/admin/users')
      .set('Authorization', admin)
      .send(newUser({ picture: ok.body.path }));
    expect(created.body.picture).toBe(ok.body.path);
  });
});

describe('admins', () => {
  it('creates a sub-admin (password required), who can sign in; disabling ends their sessions at once', async () => {
    const noPassword = await t.http
      .post('/api/admin/admins')
      .set('Authorization', admin)
      .send(newUser({ password: undefined, cpassword: undefined, type: 5 }));
    expect(noPassword.body.message).toBe('Please fill in the form carefully!');
    const body = newUser({ type: 5 });
    const created = await t.http.post('/api/admin/admins').set('Authorization', admin).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 5, status: true });
    const sub = await adminToken(t, body.email, body.password);
    // The password an admin chose is changed at the first sign-in (issue 31), before anything else.
    expect((await t.http.get('/api/admin/users').set('Authorization', sub)).status).toBe(403);
    const own = { password: body.password, npassword: 'Own-pass-2026', cpassword: 'Own-pass-2026' };
    expect((await t.http.post('/api/admin-session/password').set('Authorization', sub).send(own)).status).toBe(200);
    expect((await t.http.get('/api/admin/users').set('Authorization', sub)).status).toBe(200);
    expect(
      (await t.http.get('/api/admin/users').set('Authorization', admin)).body.some(
        (u: { id: string }) => u.id === created.body.id,
      ),
    ).toBe(false);

    const off = await t.http
      .put(`/api/admin/admins/${created.body.id}`)
      .set('Authorization', admin)
      .send({ status: false });
    expect(off.body.status).toBe(false);
    expect((await t.http.get('/api/admin/users').set('Authorization', sub)).status).toBe(401);
    const again = await t.http
      .post('/api/admin-login')
      .send({ national_id: body.email, password: 'Own-pass-2026', type: 4 });
    expect(again.status).toBe(403);
  });

  it('refuses to disable, demote or delete oneself; a disabled admin is locked out at once', async () => {
    const self = await t.http.put(`/api/admin/admins/${adminId}`).set('Authorization', admin).send({ status: false });
    expect([self.status, self.body.message]).toEqual([400, "An admin's status cannot be changed."]);
    expect(
      (await t.http.put(`/api/admin/admins/${adminId}`).set('Authorization', admin).send({ type: 5 })).status,
    ).toBe(400);
    const del = await t.http.delete(`/api/admin/admins/${adminId}`).set('Authorization', admin);
    expect([del.status, del.body.message]).toEqual([400, 'You cannot delete your own account.']);

    // Another admin may disable and delete a second admin; a disabled admin's token stops working at once.
    const body = newUser({ type: 4 });
    const second = await t.http.post('/api/admin/admins').set('Authorization', admin).send(body);
    const secondToken = await adminToken(t, body.email, body.password);
    const off = await t.http
      .put(`/api/admin/admins/${second.body.id}`)
      .set('Authorization', admin)
      .send({ status: false });
    expect(off.status).toBe(200);
    expect((await t.http.delete(`/api/admin/admins/${adminId}`).set('Authorization', secondToken)).status).toBe(401);
    const [stillThere] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(stillThere.isActive).toBe(true);
    const deleted = await t.http.delete(`/api/admin/admins/${second.body.id}`).set('Authorization', admin);
    expect(deleted.status).toBe(200);
  });
});

describe('judges', () => {
  it('lists applications with their member and sets the status, which updates the member', async () => {
    const member = await createUser(t, { type: 1, applyAs: 'Judge' });
    const [app] = await t.database.db
      .insert(judgeApplications)
      .values({
        userId: member.id,
        organizationName: 'Club',
        city: 'Riyadh',
        applyAs: 'Judge',
        previousExperience: 'yes',
      })
      .returning();
    const list = await t.http.get('/api/admin/judges').set('Authorization', admin);
    expect(list.body[0]).toMatchObject({
      id: app.id,
      user: { name: member.name },
      status: 'pending',
      apply_as: 'Judge',
    });
    const accept = await t.http
      .put(`/api/admin/judges/${app.id}`)
      .set('Authorization', admin)
      .send({ status: 'accepted' });
    expect(accept.body.status).toBe('accepted');
    let [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect([row.refereeJudge, row.applyAs]).toEqual([true, 'Judge']);
    await t.http.put(`/api/admin/judges/${app.id}`).set('Authorization', admin).send({ status: 'rejected' });
    [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect([row.refereeJudge, row.applyAs]).toEqual([false, 'None']);
    expect(
      (await t.http.put(`/api/admin/judges/${app.id}`).set('Authorization', admin).send({ status: 'maybe' })).status,
    ).toBe(400);
    expect((await t.http.post('/api/admin/judges').set('Authorization', admin).send({})).status).toBe(404);
  });
});

describe('contact us', () => {
  it('lists unread first, marks a message read when opened, and e-mails a reply kept in the thread', async () => {
    const [old] = await t.database.db
      .insert(contactMessages)
      .values({ name: 'Read One', email: 'read@example.com', message: 'old', readAt: new Date() })
      .returning();
    const [msg] = await t.database.db
      .insert(contactMessages)
      .values({
        name: 'Huda',
        email: 'huda@example.com',
        phone: '+966500000001',
        message: 'When does the season start?',
      })
      .returning();
    const list = await t.http
      .get('/api/admin/contactus')
      .query({ sort: JSON.stringify(['unread', 'DESC']) })
      .set('Authorization', admin);
    expect(list.body.map((m: { id: string }) => m.id).indexOf(msg.id)).toBeLessThan(
      list.body.map((m: { id: string }) => m.id).indexOf(old.id),
    );
    const opened = await t.http.get(`/api/admin/contactus/${msg.id}`).set('Authorization', admin);
    expect(opened.body).toMatchObject({ read: true, reply: [] });

    const empty = await t.http
      .post(`/api/admin/contactus/${msg.id}/reply`)
      .set('Authorization', admin)
      .send({ message: ' ' });
    expect([empty.status, empty.body.message]).toEqual([400, 'Please fill in all fields...']);
    const sent = await t.http
      .post(`/api/admin/contactus/${msg.id}/reply`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ message: 'يبدأ الموسم في يناير.' });
    expect(sent.body).toMatchObject({ success: true, message: 'تم إرسال الرسالة بنجاح!' });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'huda@example.com'));
    expect(mail).toMatchObject({ channel: 'email', subject: 'رد على رسالتك' });
    expect(mail.body).toContain('يبدأ الموسم في يناير.');
    expect(mail.body).toContain('When does the season start?');
    const thread = await t.http.get(`/api/admin/contactus/${msg.id}`).set('Authorization', admin);
    expect(thread.body.reply).toEqual([expect.objectContaining({ message: 'يبدأ الموسم في يناير.' })]);

    expect((await t.http.delete(`/api/admin/contactus/${msg.id}`).set('Authorization', admin)).status).toBe(200);
    expect(await t.database.db.select().from(contactReplies).where(eq(contactReplies.messageId, msg.id))).toEqual([]);
  });
});

describe('transactions and the audit log', () => {
  it('searches orders by customer, plan or DELETED, and shows the raw payment data', async () => {
    await t.database.db.insert(orders).values([
      {
        customerName: 'Plan Buyer',
        email: 'buyer@example.com',
        total: '350.00',
        status: 'paid',
        method: 'card',
        transactionRef: 'TRX-1',
        plan: { name: 'عضوية', name_en: 'Coach annual membership', duration: 1, duration_type: 'year' },
        raw: { card: { last4: '1111' } },
      },
      { customerName: 'Orphan Order', total: '10.00' },
    ]);
    const q = (text: string) =>
      t.http
        .get('/api/admin/transections')
        .query({ filter: JSON.stringify({ q: text }) })
        .set('Authorization', admin);
    expect((await q('Coach annual')).body.map((o: { customer_name: string }) => o.customer_name)).toEqual([
      'Plan Buyer',
    ]);
    expect((await q('DELETED')).body.map((o: { customer_name: string }) => o.customer_name)).toContain('Orphan Order');
    const [paid] = (await q('TRX-1')).body;
    expect(paid).toMatchObject({
      payment_data: { card: { last4: '1111' } },
      items: [{ name: 'Coach annual membership' }],
    });
    expect((await t.http.put(`/api/admin/transections/${paid.id}`).set('Authorization', admin).send({})).status).toBe(
      404,
    );
  });

  it('lists audit entries for admins, filterable by resource', async () => {
    const res = await t.http
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ resource: 'admins' }) })
      .set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((e: { resource: string }) => e.resource === 'admins')).toBe(true);
    expect((await t.http.delete(`/api/admin/audit/${res.body[0].id}`).set('Authorization', admin)).status).toBe(404);
  });
});

describe('dashboard', () => {
  it('counts members, sign-ups by week, and for admins revenue by month net of refunds', async () => {
    const [paid] = await t.database.db
      .insert(orders)
      .values({
        customerName: 'Rev',
        total: '1500.00',
        status: 'paid',
        activatedAt: new Date(),
        invoiceNumber: 'INV-T-1',
      })
      .returning();
    // Not yet paid: no invoice, no revenue.
    await t.database.db.insert(orders).values({ customerName: 'Rev', total: '900.00', status: 'pending' });
    await t.database.db.insert(refunds).values({
      orderId: paid.id,
      amount: '200.00',
      reason: 'x',
      actorName: 'Admin',
      creditNoteNumber: 'CN-T-1',
      // Counted in the month it went through (decision 026).
      settledAt: new Date(),
    });
    const res = await t.http.get('/api/admin/dashboard').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.signups).toHaveLength(12);
    expect(res.body.signups.at(-1).count).toBeGreaterThan(0);
    expect(res.body.revenue).toHaveLength(12);
    expect(res.body.revenue.at(-1).total).toBe(1300);
    expect(res.body.refundsThisMonth).toBe(200);
    expect(res.body).toHaveProperty('pendingJudges');
    expect(res.body).toHaveProperty('unreadMessages');
  });
});
