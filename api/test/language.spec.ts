import { eq } from 'drizzle-orm';
import { auditLog, outbox, users } from '../src/db/schema';
import { guessLanguage } from '../src/accounts/language';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';
import { teamFixtures } from './team-fixtures';

/**
 * Issue 30, "A language per member": the account's language is the page's at sign-up, the member
 * changes it in the account settings, staff see and change it, and the next message comes in it.
 */
let t: TestApp;
let admin: string;
let season: string;
const { openRegistration, coachUser, student, register } = teamFixtures(
  () => t,
  () => admin,
  () => season,
  'Language',
);

beforeAll(async () => {
  t = await startTestApp({ MEMBER_URL: 'http://member.test:3000' });
  admin = await adminToken(t);
  season = (
    await t.http.post('/api/admin/seasons').set('Authorization', admin).send({ name: 'موسم', name_en: 'Season' })
  ).body.id;
});
afterAll(() => t.close());

let seq = 0;
const nid = () => `3${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(3, '0')}`;
/** A random Saudi mobile (+96650 and seven digits). */
const mobile = () => `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const person = (type: 0 | 1, overrides: Record<string, unknown> = {}) => ({
  name: type === 0 ? 'لينا' : 'خالد',
  national_id: nid(),
  date_birth: type === 0 ? '2012-04-01' : '1985-04-01',
  countrySelected: 'SA',
  email: `lang${++seq}@example.com`,
  phone_number: mobile(),
  password: 'Member-pass-1',
  cpassword: 'Member-pass-1',
  type: String(type),
  schoolname: 'مدرسة الرياض',
  ElevelSelected: type === 0 ? 'Jonior' : 'Master',
  grade: '7',
  guardianname: 'أحمد',
  guardianphone: mobile(),
  accept_terms: true,
  guardian_consent: true,
  ...overrides,
});

const entity = (overrides: Record<string, unknown> = {}) => ({
  name: 'أكاديمية النور',
  email: `office${++seq}@noor-academy.sa`,
  phone_number: mobile(),
  password: 'Entity-pass-1',
  cpassword: 'Entity-pass-1',
  type: '2',
  entityType: 'School',
  entityKind: 'public_school',
  supervisor_name: 'هدى',
  supervisor_email: 'huda@noor-academy.sa',
  supervisor_id: '1234567890',
  supervisor_phone: '0501234567',
  accept_terms: true,
  ...overrides,
});

const signup = (info: Record<string, unknown>, lang?: string) => {
  const req = t.http.post('/api/adduser-steb');
  if (lang) req.set('Accept-Language', lang);
  return req.send({ loginType: 'signup', userInof: info });
};

const row = async (where: { email: string }) =>
  (await t.database.db.select().from(users).where(eq(users.email, where.email)))[0];

describe('sign-up: the page’s language becomes the account’s', () => {
  it('stores Arabic for a student, a coach and an entity signing up in Arabic', async () => {
    // The member site sends its language in the body and in Accept-Language.
    const lina = person(0, { language: 'ar' });
    expect((await signup(lina, 'ar')).status).toBe(200);
    // A client of the old contract sends only Accept-Language.
    const khalid = person(1);
    expect((await signup(khalid, 'ar-SA,ar;q=0.9,en;q=0.5')).status).toBe(200);
    // The body's field wins over the header.
    const school = entity({ language: 'ar' });
    const res = await signup(school, 'en');
    expect(res.status).toBe(200);
    expect(res.body.user.language).toBe('ar');
    for (const info of [lina, khalid, school])
      expect(await row(info)).toMatchObject({ language: 'ar', languageChosen: true });
  });

  it('stores English for a sign-up in English, or with no language at all (the request’s language)', async () => {
    const en = person(0, { language: 'en' });
    expect((await signup(en, 'ar')).status).toBe(200);
    const none = person(1);
    expect((await signup(none)).status).toBe(200);
    expect(await row(en)).toMatchObject({ language: 'en', languageChosen: true });
    expect(await row(none)).toMatchObject({ language: 'en', languageChosen: true });
  });

  it('refuses any other language in the caller’s language, and creates no account', async () => {
    for (const language of ['fr', 'AR', 'arabic', 7, ['ar']]) {
      const info = person(0, { language });
      const res = await signup(info, 'ar');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'يرجى اختيار العربية أو الإنجليزية.',
        field: 'userInof.language',
      });
      expect(await row(info)).toBeUndefined();
    }
    const res = await signup(person(1, { language: 'fr' }), 'en');
    expect(res.body.message).toBe('Please choose Arabic or English.');
  });
});

describe('the account settings: POST /api/accounts/language', () => {
  it('saves the member’s choice and answers in the page’s language', async () => {
    const member = await createUser(t, { type: 1 });
    expect(member).toMatchObject({ language: 'en', languageChosen: false });
    const token = await signIn(t, member);
    const res = await t.http
      .post('/api/accounts/language')
      .set('Authorization', token)
      .set('Accept-Language', 'en')
      .send({ language: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Saved: your messages will now be in Arabic.',
      user: { _id: member.id, language: 'ar' },
    });
    expect(await row({ email: member.email! })).toMatchObject({ language: 'ar', languageChosen: true });
    expect((await t.http.post('/api/getuser').set('Authorization', token)).body.user.language).toBe('ar');

    const back = await t.http
      .post('/api/accounts/language')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ language: 'en' });
    expect(back.body.message).toBe('تم الحفظ: ستصلك رسائلنا من الآن باللغة الإنجليزية.');
    expect((await row({ email: member.email! })).language).toBe('en');
  });

  it('refuses anything but ar or en with a 400 in the caller’s language, and keeps the language', async () => {
    const member = await createUser(t, { type: 0, language: 'ar', languageChosen: true });
    const token = await signIn(t, member);
    for (const [body, lang, message] of [
      [{ language: 'fr' }, 'ar', 'يرجى اختيار العربية أو الإنجليزية.'],
      [{ language: 'fr' }, 'en', 'Please choose Arabic or English.'],
      [{ language: '' }, 'en', 'Please choose Arabic or English.'],
      [{}, 'ar', 'يرجى اختيار العربية أو الإنجليزية.'],
      [{ language: { $ne: 'x' } }, 'en', 'Please choose Arabic or English.'],
    ] as const) {
      const res = await t.http
        .post('/api/accounts/language')
        .set('Authorization', token)
        .set('Accept-Language', lang)
        .send(body);
      expect([res.status, res.body.success, res.body.message]).toEqual([400, false, message]);
    }
    expect(await row({ email: member.email! })).toMatchObject({ language: 'ar', languageChosen: true });
  });

  it('is the only member route that changes it: the profile form’s body cannot', async () => {
    const member = await createUser(t, { type: 0, language: 'ar', languageChosen: true });
    const token = await signIn(t, member);
    const res = await t.http
      .post('/api/accounts')
      .set('Authorization', token)
      .send({ name: 'Lina', language: 'en', languageChosen: false });
    expect(res.status).toBe(200);
    expect(await row({ email: member.email! })).toMatchObject({ language: 'ar', languageChosen: true });
  });

  it('is for signed-in members only', async () => {
    expect((await t.http.post('/api/accounts/language').send({ language: 'ar' })).status).toBe(401);
    expect(
      (await t.http.post('/api/accounts/language').set('Authorization', admin).send({ language: 'ar' })).status,
    ).toBe(403);
  });
});

describe('the next message comes in the member’s language', () => {
  it('a member who chose Arabic is invited in Arabic by a coach on an English page, and so is their guardian', async () => {
    const { competition } = await openRegistration();
    const guardianPhone = mobile();
    const lina = await student({ phoneNumber: mobile(), guardianPhone, guardianName: 'أحمد' });
    const other = await student({ phoneNumber: mobile() });
    await t.http
      .post('/api/accounts/language')
      .set('Authorization', await signIn(t, lina))
      .send({ language: 'ar' });

    const coach = await coachUser();
    const made = await register(
      await signIn(t, coach),
      competition,
      { members: [lina.nationalId, other.nationalId] },
      'en',
    );
    expect(made.status).toBe(201);
    const teamNo = made.body.team.team_no as string;
    const arabic = /[\u0600-\u06ff]/;
    const [toLina] = await t.database.db.select().from(outbox).where(eq(outbox.to, lina.phoneNumber!));
    expect(toLina.body).toContain(teamNo);
    expect(toLina.body).toMatch(arabic);
    // The guardian (who has no account) gets the child's language.
    const [toGuardian] = await t.database.db.select().from(outbox).where(eq(outbox.to, guardianPhone));
    expect(toGuardian.body).toContain(teamNo);
    expect(toGuardian.body).toMatch(arabic);
    // The other student never chose: English, as before.
    const [toOther] = await t.database.db.select().from(outbox).where(eq(outbox.to, other.phoneNumber!));
    expect(toOther.body).toContain(teamNo);
    expect(toOther.body).not.toMatch(arabic);
  });
});

describe('staff: the users resource', () => {
  const q = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]));

  it('shows the language and whether it was chosen, filters by it, and refuses an unknown filter value', async () => {
    const chosen = await createUser(t, { type: 0, name: 'Filter Arabic', language: 'ar', languageChosen: true });
    await createUser(t, { type: 0, name: 'Filter English' });
    const shown = await t.http.get(`/api/admin/users/${chosen.id}`).set('Authorization', admin);
    expect(shown.body).toMatchObject({ language: 'ar', language_chosen: true });
    const list = await t.http
      .get('/api/admin/users')
      .query(q({ filter: { q: 'Filter', language: 'ar' }, range: [0, 9] }))
      .set('Authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body.map((u: { name: string }) => u.name)).toEqual(['Filter Arabic']);
    const bad = await t.http
      .get('/api/admin/users')
      .query(q({ filter: { language: 'fr' } }))
      .set('Authorization', admin);
    expect(bad.status).toBe(400);
  });

  it('an admin changes it (chosen from then on, audited); the form sending back the same one leaves a guess a guess', async () => {
    const member = await createUser(t, { type: 1, name: 'Staff Edit' });
    const same = await t.http
      .put(`/api/admin/users/${member.id}`)
      .set('Authorization', admin)
      .send({ name: 'Staff Edited', language: 'en' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Staff Edited', language: 'en', language_chosen: false });

    const res = await t.http.put(`/api/admin/users/${member.id}`).set('Authorization', admin).send({ language: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'ar', language_chosen: true });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, member.id));
    expect(entries.some((e) => e.before?.language === 'en' && e.after?.language === 'ar')).toBe(true);

    const bad = await t.http
      .put(`/api/admin/users/${member.id}`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ language: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('يرجى اختيار العربية أو الإنجليزية.');
    expect((await row({ email: member.email! })).language).toBe('ar');
  });

  it('a new user: the language staff chose, or guessed from the nationality and phone when left out', async () => {
    const base = (n: number) => ({
      name: `Created ${n}`,
      email: `created${n}.${Date.now()}@example.com`,
      phone_number: mobile(),
      national_id: nid(),
      password: 'Member-pass-1',
      cpassword: 'Member-pass-1',
      type: 0,
    });
    const chosen = await t.http
      .post('/api/admin/users')
      .set('Authorization', admin)
      .send({ ...base(1), nationality: 'SA', language: 'en' });
    expect(chosen.status).toBe(201);
    expect(chosen.body).toMatchObject({ language: 'en', language_chosen: true });
    const egyptian = await t.http
      .post('/api/admin/users')
      .set('Authorization', admin)
      .send({ ...base(2), nationality: 'EG' });
    expect(egyptian.body).toMatchObject({ language: 'ar', language_chosen: false });
    const indian = await t.http
      .post('/api/admin/users')
      .set('Authorization', admin)
      .send({ ...base(3), nationality: 'IN' });
    expect(indian.body).toMatchObject({ language: 'en', language_chosen: false });
  });

  it('a sub-admin changes a member’s language but not a staff account’s, and creates nobody', async () => {
    const subUser = await createUser(t, { type: 5, email: `sub${Date.now()}@test.example` });
    const sub = await adminToken(t, subUser.email!, subUser.password);
    const member = await createUser(t, { type: 0 });
    const ok = await t.http.put(`/api/admin/users/${member.id}`).set('Authorization', sub).send({ language: 'ar' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ language: 'ar', language_chosen: true });

    const staff = await createUser(t, { type: 4, email: `staff${Date.now()}@test.example` });
    const refused = await t.http
      .put(`/api/admin/admins/${staff.id}`)
      .set('Authorization', sub)
      .send({ language: 'ar' });
    expect(refused.status).toBe(403);
    expect((await row({ email: staff.email! })).language).toBe('en');
    const create = await t.http
      .post('/api/admin/users')
      .set('Authorization', sub)
      .send({ name: 'X', email: 'x@example.com', language: 'ar' });
    expect(create.status).toBe(403);

    // An admin may set a staff account's language.
    const byAdmin = await t.http
      .put(`/api/admin/admins/${staff.id}`)
      .set('Authorization', admin)
      .send({ language: 'ar' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ language: 'ar', language_chosen: true });
  });
});

describe('the guess for an account nobody chose a language for', () => {
  it('is Arabic for an Arab League nationality, else by the Saudi phone when there is no nationality', () => {
    const none = { nationality: null, phoneNumber: null, guardianPhone: null };
    expect(guessLanguage({ ...none, nationality: 'SA' })).toBe('ar');
    expect(guessLanguage({ ...none, nationality: 'eg' })).toBe('ar');
    expect(guessLanguage({ ...none, nationality: 'IN', phoneNumber: '+966501234567' })).toBe('en');
    expect(guessLanguage({ ...none, phoneNumber: '+966501234567' })).toBe('ar');
    expect(guessLanguage({ ...none, guardianPhone: '+966501234567' })).toBe('ar');
    expect(guessLanguage({ ...none, phoneNumber: '+447700900123', guardianPhone: '+966501234567' })).toBe('en');
    expect(guessLanguage(none)).toBe('en');
  });
});
