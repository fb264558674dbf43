import { and, desc, eq } from 'drizzle-orm';
import { auditLog, outbox, profileCorrections, users } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * Date of birth and grade: set at sign-up, changed afterwards only by staff, directly (audited) or
 * by approving the member's correction request. Issue 29: a child posted `{"dob":"1990-01-01"}` to
 * their own profile and was at once an adult (guardian links stop) or in another age group.
 */
let t: TestApp;
let admin: string;
let subAdmin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  const sub = await createUser(t, { type: 5, email: 'sub@corrections.example' });
  subAdmin = await adminToken(t, sub.email!, sub.password);
});
afterAll(() => t.close());

const education = (grade: string) => ({ school_name: 'Riyadh School', education_admin: '', level: 'Jonior', grade });

/** A signed-in student of grade 7 born in 2013, with their own phone and language. */
async function student(fields: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(t, {
    type: 0,
    dob: '2013-05-10',
    education: education('7'),
    // A mobile number (050…): a random second digit could make one libphonenumber does not take as a mobile.
    phoneNumber: `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    guardianName: 'Ahmad',
    guardianPhone: '+966551112222',
    ...fields,
  });
  return { user, token: await signIn(t, user) };
}

const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const profile = (token: string, body: object, lang = 'en') =>
  t.http.post('/api/accounts').set('Authorization', token).set('Accept-Language', lang).send(body);
const ask = (token: string, body: object, lang = 'en') =>
  t.http.post('/api/accounts/correction').set('Authorization', token).set('Accept-Language', lang).send(body);
const decide = (token: string, id: string, what: 'approve' | 'decline', lang = 'en') =>
  t.http.post(`/api/admin/corrections/${id}/${what}`).set('Authorization', token).set('Accept-Language', lang).send();
const messagesTo = (to: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));

describe("the member's own profile", () => {
  it('refuses a new date of birth from a student (the attack), in their language, naming the field; nothing changes', async () => {
    const { user, token } = await student();
    const res = await profile(token, { dob: '1990-01-01' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      field: 'dob',
      message:
        'Your date of birth is set at sign-up and cannot be changed here. To correct it, send a correction request from your profile: staff check it.',
    });
    const arabic = await profile(token, { dob: '1990-01-01' }, 'ar');
    expect(arabic.status).toBe(400);
    expect(arabic.body.message).toMatch(/^يُحدَّد تاريخ الميلاد عند التسجيل/);
    // Sent with the rest of the form, the other fields are not saved either.
    expect((await profile(token, { name: 'Grown Up', dob: '1990-01-01' })).status).toBe(400);
    const after = await row(user.id);
    expect(after).toMatchObject({ dob: '2013-05-10', name: user.name });
    const me = await t.http.get('/api/accounts').set('Authorization', token);
    expect(me.body.user).toMatchObject({ dob: '2013-05-10', minor: true });
  });

  it("refuses a student's new grade, in Arabic digits too; the stored grade stays", async () => {
    const { user, token } = await student();
    const res = await profile(token, { education: { grade: '12' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'education.grade' });
    expect(res.body.message).toMatch(/^Your grade is set at sign-up/);
    expect((await profile(token, { education: { grade: '١٠' } }, 'ar')).body.message).toMatch(/^يُحدَّد الصف الدراسي/);
    expect((await row(user.id)).education).toEqual(education('7'));
  });

  it("refuses a coach's new date of birth too", async () => {
    const coach = await createUser(t, { type: 1, dob: '1990-02-02' });
    const res = await profile(await signIn(t, coach), { dob: '1970-01-01' });
    expect(res.status).toBe(400);
    expect((await row(coach.id)).dob).toBe('1990-02-02');
  });

  it('takes the whole profile form back with the same date of birth and grade (Arabic digits included)', async () => {
    const { user, token } = await student();
    const me = (await t.http.get('/api/accounts').set('Authorization', token)).body.user;
    const res = await profile(token, {
      ...me,
      name: 'Lina Renamed',
      education: { ...me.education, grade: '٧', school_name: 'New School' },
    });
    expect(res.status).toBe(200);
    expect(await row(user.id)).toMatchObject({
      name: 'Lina Renamed',
      dob: '2013-05-10',
      education: { ...education('7'), school_name: 'New School' },
    });
    // An empty value (a form that leaves the field out or blank) changes nothing either.
    expect((await profile(token, { dob: '', education: { grade: '' } })).status).toBe(200);
    expect(await row(user.id)).toMatchObject({ dob: '2013-05-10', education: { grade: '7' } });
  });

  it('lets an account without a date of birth or grade give it once, as at sign-up', async () => {
    const { user, token } = await student({ dob: null, education: education('') });
    expect((await profile(token, { dob: '2012-01-01', education: { grade: '8' } })).status).toBe(200);
    expect(await row(user.id)).toMatchObject({ dob: '2012-01-01', education: { grade: '8' } });
    expect((await profile(token, { dob: '2000-01-01' })).status).toBe(400);
  });

  it('answers junk dates and grades with a 400, never a 500', async () => {
    const { token } = await student();
    for (const body of [
      { dob: '2013-02-31' },
      { dob: 'yesterday' },
      { dob: 12 },
      { dob: ['2013-05-10'] },
      { education: { grade: 'x' } },
      { education: { grade: { $gt: 1 } } },
      { education: 'grade 12' },
    ]) {
      const res = await profile(token, body);
      expect([res.status, body]).toEqual([400, body]);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('a correction request', () => {
  it('is asked, approved by staff, applied to the account, audited as the staff member, and the member is told in their language', async () => {
    const { user, token } = await student({ language: 'ar' });
    const asked = await ask(token, { dob: '2012-05-10', grade: '٨', reason: 'My birth certificate says 2012.' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      success: true,
      message: 'Your correction request was sent. Staff will check it, and you will be told of their decision.',
      correction: { dob: '2012-05-10', grade: '8', current_dob: '2013-05-10', current_grade: '7', state: 'open' },
    });
    const id = asked.body.correction._id as string;
    // Nothing changes before staff decide.
    expect((await row(user.id)).dob).toBe('2013-05-10');
    const mine = await t.http.get('/api/accounts/correction').set('Authorization', token);
    expect(mine.body.correction).toMatchObject({ _id: id, state: 'open' });

    // Staff find it among the open requests.
    const list = await t.http
      .get('/api/admin/corrections')
      .query({ filter: JSON.stringify({ state: 'open', q: user.nationalId }) })
      .set('Authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        user_id: user.id,
        user_name: user.name,
        user_type: 0,
        dob: '2012-05-10',
        grade: '8',
        current_dob: '2013-05-10',
        current_grade: '7',
        reason: 'My birth certificate says 2012.',
        state: 'open',
      }),
    ]);

    const approved = await decide(admin, id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: 'The correction was applied to the account, and the member is told.',
      record: { state: 'approved', current_dob: '2012-05-10', current_grade: '8', decided_by: expect.any(String) },
    });
    expect(await row(user.id)).toMatchObject({ dob: '2012-05-10', education: education('8') });

    const [change] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, user.id)));
    expect(change).toMatchObject({
      actorName: expect.any(String),
      action: 'update',
      before: { dob: '2013-05-10', grade: '7' },
      after: { dob: '2012-05-10', grade: '8', correction: id },
    });
    expect(change.actorId).not.toBeNull();
    const [decision] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(decision).toMatchObject({ resource: 'corrections', action: 'approve', actorId: change.actorId });

    // Told in Arabic, on their own phone, without their own words.
    const [told] = await messagesTo(user.phoneNumber!);
    expect(told).toMatchObject({ channel: 'whatsapp', subject: 'تم تصحيح بيانات حسابك' });
    expect(told.body).toContain('الصف الدراسي: 8');
    expect(told.body).not.toContain('birth certificate');

    // Decided once.
    expect((await decide(admin, id, 'decline')).status).toBe(409);
    expect((await decide(admin, id, 'approve')).body.message).toBe('This request has already been decided.');
  });

  it("is declined: the account stays, the member (a minor without a phone: the guardian's) is told", async () => {
    const { user, token } = await student({ phoneNumber: null, guardianPhone: '+966557770001' });
    const id = (await ask(token, { dob: '2005-01-01', reason: 'Please, I want to play with the seniors' })).body
      .correction._id;
    const res = await decide(subAdmin, id, 'decline', 'ar');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('رُفض الطلب، وأُبلغ العضو بذلك.');
    expect(await row(user.id)).toMatchObject({ dob: '2013-05-10' });
    const [told] = await messagesTo('+966557770001');
    expect(told.subject).toBe('Your correction request was declined');
    expect(told.body).not.toMatch(/seniors|2005/);
    const [decision] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(decision).toMatchObject({ resource: 'corrections', action: 'decline' });
    // Decided, so the member may ask again.
    expect((await ask(token, { dob: '2013-05-11' })).status).toBe(200);
  });

  it('is one open request per member; it can be withdrawn', async () => {
    const { user, token } = await student();
    expect((await ask(token, { dob: '2013-05-11' })).status).toBe(200);
    const again = await ask(token, { grade: '6' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'You already have a correction request waiting for staff. Wait for their decision, or withdraw it first.',
    );
    // Two at once: the database keeps one.
    await t.http.delete('/api/accounts/correction').set('Authorization', token);
    const both = await Promise.all([ask(token, { grade: '6' }), ask(token, { grade: '8' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const open = await t.database.db
      .select()
      .from(profileCorrections)
      .where(and(eq(profileCorrections.userId, user.id), eq(profileCorrections.state, 'open')));
    expect(open).toHaveLength(1);
    const withdrawn = await t.http.delete('/api/accounts/correction').set('Authorization', token);
    expect(withdrawn.body).toEqual({ success: true, message: 'Your correction request was withdrawn.' });
    expect((await t.http.delete('/api/accounts/correction').set('Authorization', token)).status).toBe(404);
  });

  it('refuses nothing to correct, bad values, a grade for a coach, and entities', async () => {
    const { token } = await student();
    const nothing = await ask(token, { dob: '2013-05-10', grade: '7' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(
      'Please enter a date of birth or grade that differs from the one on your account.',
    );
    expect((await ask(token, {})).status).toBe(400);
    expect((await ask(token, { dob: '2099-01-01' })).body).toMatchObject({ field: 'dob' });
    expect((await ask(token, { grade: '13' })).body).toMatchObject({
      field: 'grade',
      message: 'Please choose a grade from 1 to 12.',
    });
    expect((await ask(token, { dob: '2013-05-11', reason: 'x'.repeat(301) })).status).toBe(400);
    for (const junk of [{ dob: { a: 1 } }, { grade: [7] }, { reason: 5 }, { grade: '7.5' }, { dob: 'None' }]) {
      const res = await ask(token, junk);
      expect([res.status, junk]).toEqual([400, junk]);
    }
    const coach = await signIn(t, await createUser(t, { type: 1, dob: '1990-02-02' }));
    expect((await ask(coach, { grade: '5' })).body.message).toBe('Only students have a grade.');
    expect((await ask(coach, { dob: '1990-02-03' })).status).toBe(200);
    const entity = await signIn(t, await createUser(t, { type: 2 }));
    expect((await ask(entity, { dob: '1990-02-03' })).status).toBe(403);
    expect((await t.http.post('/api/accounts/correction').send({ dob: '1990-02-03' })).status).toBe(401);
  });

  it('is decided by staff only: members are refused, unknown ids are 404', async () => {
    const { token } = await student();
    const id = (await ask(token, { grade: '9' })).body.correction._id;
    expect((await decide(token, id, 'approve')).status).toBe(403);
    expect((await t.http.post(`/api/admin/corrections/${id}/approve`)).status).toBe(401);
    expect((await t.http.get('/api/admin/corrections').set('Authorization', token)).status).toBe(403);
    expect((await decide(admin, '00000000-0000-4000-8000-000000000000', 'approve')).status).toBe(404);
    expect((await decide(admin, 'not-an-id', 'approve')).status).toBe(404);
    // A sub-admin edits ordinary members, so decides these too.
    expect((await decide(subAdmin, id, 'approve')).status).toBe(200);
  });

  it('lists with filters for staff', async () => {
    const coach = await createUser(t, { type: 1, dob: '1991-01-01', name: 'Filter Coach' });
    await ask(await signIn(t, coach), { dob: '1991-01-02' });
    const get = (filter: object) =>
      t.http
        .get('/api/admin/corrections')
        .query({ filter: JSON.stringify(filter) })
        .set('Authorization', subAdmin);
    const coaches = await get({ user_type: 1, state: 'open' });
    expect(coaches.status).toBe(200);
    expect(coaches.body.map((r: { user_name: string }) => r.user_name)).toContain('Filter Coach');
    expect(
      coaches.body.every((r: { user_type: number; state: string }) => r.user_type === 1 && r.state === 'open'),
    ).toBe(true);
    expect((await get({ user: coach.id })).body).toHaveLength(1);
    expect((await get({ state: 'approved' })).body.every((r: { state: string }) => r.state === 'approved')).toBe(true);
    expect((await get({ state: 'lost' })).status).toBe(400);
  });
});

describe("staff's direct edit", () => {
  it("changes a student's date of birth and grade in the users resource, audited with before and after", async () => {
    const { user } = await student();
    const res = await t.http
      .put(`/api/admin/users/${user.id}`)
      .set('Authorization', subAdmin)
      .send({ dob: '2012-12-12', grade: '٩' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dob: '2012-12-12', grade: '9' });
    expect(await row(user.id)).toMatchObject({ dob: '2012-12-12', education: education('9') });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, user.id)));
    expect(entry).toMatchObject({
      action: 'update',
      before: { dob: '2013-05-10', grade: '7' },
      after: { dob: '2012-12-12', grade: '9' },
    });
    const coach = await createUser(t, { type: 1 });
    const refused = await t.http.put(`/api/admin/users/${coach.id}`).set('Authorization', admin).send({ grade: 5 });
    expect(refused.status).toBe(400);
    expect(
      (await t.http.put(`/api/admin/users/${user.id}`).set('Authorization', admin).send({ grade: 13 })).status,
    ).toBe(400);
  });
});
