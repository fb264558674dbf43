import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { ageOn, isMinor, platformDay } from '@platform/contract';
import { outbox, settings, users, verifications } from '../src/db/schema';
import { createUser, signIn, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let seq = 0;
const nid = () => `3${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(3, '0')}`;

function student(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lina Student',
    national_id: nid(),
    date_birth: '2012-04-01',
    countrySelected: 'SA',
    email: `lina${++seq}@example.com`,
    phone_number: '0551234567',
    password: 'Student-pass-1',
    cpassword: 'Student-pass-1',
    type: 0,
    schoolname: 'Riyadh School',
    ElevelSelected: 'Jonior',
    regionSelected: 'Riyadh',
    grade: '7',
    guardianname: 'Ahmad',
    guardianphone: '+966551112222',
    ...overrides,
  };
}

/** Both consents ticked unless the test says otherwise (a key set to undefined is left out). */
const signup = (info: Record<string, unknown>, lang = 'en') =>
  t.http
    .post('/api/adduser-steb')
    .set('Accept-Language', lang)
    .send({ loginType: 'signup', userInof: { accept_terms: true, guardian_consent: true, ...info } });

/** A sign-up's ticket (what /otp and /verify take, never the id) and the new account's id (to read its rows). */
async function signedUp(info: Record<string, unknown>) {
  const res = await signup(info);
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.nationalId, info.national_id as string));
  return { ticket: res.body.user._id as string, id: row.id };
}

/** The newest code sent to a destination, read from the dev outbox route as a person would. */
async function codeSentTo(to: string): Promise<string> {
  const res = await t.http.get('/api/dev/outbox').query({ to });
  const body = res.body.messages[0]?.body as string;
  return /(\d{6})/.exec(body)![1];
}

describe('sign-up (POST /api/adduser-steb, loginType signup)', () => {
  it('creates a student: unverified, subscription on, phone in E.164, education kept', async () => {
    const info = student();
    const res = await signup(info);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Registered successfully!',
      user: { isVerified: false, type: 0, subcription: true },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.nationalId, info.national_id));
    expect(row).toMatchObject({
      nationalId: info.national_id,
      phoneNumber: '+966551234567',
      nationality: 'SA',
      guardianPhone: '+966551112222',
      dob: '2012-04-01',
    });
    expect(row.education).toEqual({
      school_name: 'Riyadh School',
      education_admin: '',
      level: 'Jonior',
      grade: '7',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('takes the JSON numbers and booleans the contract sends ("type": 0, "subscription": true, "grade": 7); the server still decides', async () => {
    const info = student({ type: 0, subscription: true, grade: 7 });
    const res = await signup(info);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ type: 0, subcription: true, isVerified: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.nationalId, info.national_id));
    expect(row.education?.grade).toBe('7');

    // A coach saying `subscription: true` still starts without a plan, and unverified.
    const coachInfo = { ...student(), type: 1, ElevelSelected: 'Master', subscription: true, isVerified: true };
    const coach = await signup(coachInfo);
    expect(coach.status).toBe(200);
    expect(coach.body.user).toMatchObject({ type: 1, subcription: false, fullAccess: false, isVerified: false });
    const [coachRow] = await t.database.db.select().from(users).where(eq(users.nationalId, coachInfo.national_id));
    expect(coachRow).toMatchObject({ type: 1, subscription: false, isVerified: false, endDate: null });
  });

  it('refuses text where a number is required, naming the field', async () => {
    const grade = await signup(student({ grade: 'seven' }));
    expect(grade.status).toBe(400);
    expect(grade.body).toMatchObject({ success: false, field: 'userInof.grade' });
    const type = await signup(student({ type: 'student' }));
    expect(type.status).toBe(400);
    expect(type.body).toMatchObject({ success: false, message: 'Unknown account type.', field: 'userInof.type' });
  });

  it('creates a coach (subscription off) and an entity with the ten-zero ID and a supervisor', async () => {
    const regions = (await t.http.get('/api/regions')).body.regions;
    const coach = await signup({
      ...student(),
      type: 1,
      ElevelSelected: 'Master of Engineering',
      region: regions[0]._id,
    });
    expect(coach.status).toBe(200);
    expect(coach.body.user).toMatchObject({ type: 1, subcription: false, region: regions[0]._id });

    const entity = await signup({
      name: 'Bright Academy',
      email: `office${++seq}@bright-academy.sa`,
      phone_number: '+966512223333',
      password: 'Entity-pass-1',
      cpassword: 'Entity-pass-1',
      type: '2',
      entityType: 'School',
      tax_id: '300000000000003',
      crNumber: '1010101010',
      region: regions[1]._id,
      supervisor_name: 'Huda',
      supervisor_email: 'huda@bright-academy.sa',
      supervisor_id: '1234567890',
      supervisor_phone: '0501234567',
    });
    expect(entity.status).toBe(200);
    expect(entity.body.user).toMatchObject({
      type: 2,
      national_id: '0000000000',
      subcription: false,
      entityType: 'School',
    });
    expect(entity.body.user.supervisor).toEqual({
      name: 'Huda',
      email: 'huda@bright-academy.sa',
      phone_number: '+966501234567',
      supervisor_id: '1234567890',
    });
  });

  it("takes the old contract's 'None' filler (any case) for fields that do not apply, and stores nothing for it", async () => {
    const info = student({
      type: 1,
      ElevelSelected: 'Master of Science',
      schoolname: ' none ',
      grade: 'None',
      guardianname: 'NONE',
      guardianphone: 'None',
      region: 'None',
      regionSelected: 'none',
      entityType: 'None',
      tax_id: 'None',
      crNumber: 'None',
      supervisor_name: 'None',
      supervisor_email: 'None',
      supervisor_id: 'None',
      supervisor_phone: 'None',
    });
    const res = await signup(info);
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.nationalId, info.national_id));
    expect(row).toMatchObject({ guardianName: null, guardianPhone: null, city: null, regionId: null, taxId: null });
    expect(row.education).toEqual({ school_name: '', education_admin: '', level: 'Master of Science', grade: '' });
    // What the API answers never carries the filler either, but for apply_as: the contract's state, never shown.
    const { apply_as: _state, ...shown } = res.body.user as Record<string, unknown>;
    expect(JSON.stringify(shown)).not.toMatch(/"none"/i);
    // A field that is required for the role is still required: the filler is not a value.
    expect((await signup(student({ guardianname: 'None' }))).body.message).toBe('Please fill in all fields...');
  });

  it("the migration turns the 'None' values already stored into empty ones", async () => {
    const dir = join(__dirname, '..', 'src', 'db', 'migrations');
    const file = readdirSync(dir).find(
      (f) => f.endsWith('.sql') && readFileSync(join(dir, f), 'utf8').includes("filler 'None'"),
    );
    const old = await createUser(t, {
      type: 0,
      guardianName: 'None',
      guardianPhone: ' none ',
      city: 'NONE',
      education: { school_name: 'Al Noor', education_admin: 'None', level: 'Jonior', grade: 'none' },
    });
    const entity = await createUser(t, {
      type: 2,
      taxId: 'None',
      supervisor: { name: 'Huda', email: 'None', phone_number: '+966501234567', supervisor_id: 'None' },
    });
    // The statements are safe to run again on a database that already has them.
    for (const statement of readFileSync(join(dir, file!), 'utf8').split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));
    const [a] = await t.database.db.select().from(users).where(eq(users.id, old.id));
    expect(a).toMatchObject({ guardianName: null, guardianPhone: null, city: null });
    expect(a.education).toEqual({ school_name: 'Al Noor', education_admin: '', level: 'Jonior', grade: '' });
    const [b] = await t.database.db.select().from(users).where(eq(users.id, entity.id));
    expect(b.taxId).toBeNull();
    expect(b.supervisor).toEqual({ name: 'Huda', email: '', phone_number: '+966501234567', supervisor_id: '' });
  });

  it.each([
    [{ name: '' }, 'Please fill in all fields...'],
    [{ national_id: '12345' }, 'The National ID must be exactly 10 digits.'],
    [{ national_id: '12345678ab' }, 'The National ID must be exactly 10 digits.'],
    [{ phone_number: '12' }, 'Please enter a valid phone number'],
    [{ cpassword: 'different-pass' }, 'The passwords do not match.'],
    [{ password: 'short', cpassword: 'short' }, 'The password must be at least 8 characters long.'],
    [{ grade: '13' }, 'Please fill in all fields...'],
    [{ ElevelSelected: 'Expert' }, 'Please fill in all fields...'],
    [{ guardianname: 'None' }, 'Please fill in all fields...'],
    [{ date_birth: '2030-01-01' }, 'Please enter a valid date of birth.'],
    [{ countrySelected: 'XX' }, 'Please choose a nationality from the list.'],
    [{ region: 'not-a-region' }, 'Please choose a region from the list.'],
    [{ email: 'not-an-email' }, 'Please enter a valid e-mail address.'],
    [{ type: 3 }, 'Researcher registration is not open yet.'],
    [{ type: 4 }, 'Unknown account type.'],
  ])('refuses %o with its message', async (change, message) => {
    const res = await signup(student(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a free e-mail for an entity, and empty entity fields', async () => {
    const base = {
      name: 'X Co',
      phone_number: '+966512223333',
      password: 'Entity-pass-1',
      cpassword: 'Entity-pass-1',
      type: 2,
      entityType: 'Company',
      tax_id: '3',
      crNumber: '4',
      supervisor_name: 'S',
      supervisor_email: 's@xco.sa',
      supervisor_id: '1',
      supervisor_phone: '0501234567',
    };
    const gmail = await signup({ ...base, email: 'someone@gmail.com' });
    expect(gmail.body.message).toBe('Only a business e-mail address is allowed.');
    const empty = await signup({ ...base, email: 'a@xco.sa', crNumber: '' });
    expect(empty.body.message).toBe('Please fill in the empty fields.');
    const arabic = await signup({ ...base, email: 'someone@hotmail.com' }, 'ar');
    expect(arabic.body.message).toBe('يُسمح فقط بالبريد الإلكتروني الخاص بالجهة');
  });

  it('answers a duplicate national ID or e-mail with 409 and a clear message', async () => {
    const first = student();
    expect((await signup(first)).status).toBe(200);
    // Verified: an unverified sign-up only waits for its phone (unverified-signups.spec.ts).
    await t.database.db.update(users).set({ isVerified: true }).where(eq(users.nationalId, first.national_id));
    const sameId = await signup(student({ national_id: first.national_id }));
    expect(sameId.status).toBe(409);
    expect(sameId.body.message).toBe('This National ID is already registered. Please sign in instead.');
    const sameEmail = await signup(student({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('This e-mail is already registered. Please sign in instead.');
  });

  it('ignores fields a member may not set (mass assignment)', async () => {
    const info = student();
    const res = await signup({
      ...info,
      isVerified: true,
      subcription: true,
      end_date: '2099-01-01',
      isActive: false,
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.nationalId, info.national_id));
    expect(row.isVerified).toBe(false);
    expect(row.endDate).toBeNull();
    expect(row.isActive).toBe(true);
  });

  it('refuses a body without userInof', async () => {
    const res = await t.http.post('/api/adduser-steb').send({ loginType: 'signup' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The field "Your details" is missing or invalid.');
  });
});

describe('entity sign-up: the kind of organisation', () => {
  let n = 0;
  const entity = (overrides: Record<string, unknown> = {}) => ({
    name: 'Al Noor Public School',
    email: `office${++n}@alnoor-school.edu.sa`,
    phone_number: '+966512223333',
    password: 'Entity-pass-1',
    cpassword: 'Entity-pass-1',
    type: 2,
    entityType: 'School',
    supervisor_name: 'Huda',
    supervisor_email: 'huda@alnoor-school.edu.sa',
    supervisor_id: '1012345678',
    supervisor_phone: '0501234567',
    ...overrides,
  });
  const stored = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  it.each(['public_school', 'government', 'non_profit'])(
    'signs up a %s without a VAT or commercial-register number',
    async (kind) => {
      const info = entity({ entityKind: kind, tax_id: 'None', crNumber: '' });
      const res = await signup(info);
      expect(res.status).toBe(200);
      expect(await stored(info.email)).toMatchObject({ entityKind: kind, taxId: null, crNumber: null });
    },
  );

  it.each(['private_school', 'company'])("requires both numbers of a %s, in the member's language", async (kind) => {
    const noVat = await signup(entity({ entityKind: kind, crNumber: '1010101010' }));
    expect(noVat.status).toBe(400);
    expect(noVat.body).toMatchObject({
      field: 'userInof.tax_id',
      message: 'A private school or company must give its VAT number and commercial registration number.',
    });
    const noCr = await signup(entity({ entityKind: kind, tax_id: '300000000000003' }), 'ar');
    expect(noCr.body).toMatchObject({
      field: 'userInof.crNumber',
      message: 'على المدرسة الأهلية أو الشركة إدخال الرقم الضريبي ورقم السجل التجاري.',
    });
    const arabic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
    const info = entity({ entityKind: kind, tax_id: arabic('300000000000003'), crNumber: '1010101010' });
    expect((await signup(info)).status).toBe(200);
    expect(await stored(info.email)).toMatchObject({
      entityKind: kind,
      taxId: '300000000000003',
      crNumber: '1010101010',
    });
  });

  it('keeps the old rule for a client that sends no kind (both numbers, the kind unknown), and refuses an unknown kind', async () => {
    expect((await signup(entity())).body).toMatchObject({
      field: 'userInof.tax_id',
      message: 'Please fill in the empty fields.',
    });
    const info = entity({ tax_id: '3', crNumber: '4' });
    expect((await signup(info)).status).toBe(200);
    expect(await stored(info.email)).toMatchObject({ entityKind: null, taxId: '3', crNumber: '4' });
    for (const kind of ['charity', 'Company', ['company'], { a: 1 }]) {
      const res = await signup(entity({ entityKind: kind, tax_id: '3', crNumber: '4' }));
      expect([res.status, kind]).toEqual([400, kind]);
    }
    expect((await signup(entity({ entityKind: 'charity' }))).body).toMatchObject({
      field: 'userInof.entityKind',
      message: 'Please choose the kind of organisation.',
    });
  });

  it('applies the same rule on the profile: a public school may clear its numbers, a company may not', async () => {
    const school = await createUser(t, { type: 2, entityKind: 'public_school', taxId: '3', crNumber: '4' });
    const post = async (user: typeof school, body: object) =>
      t.http
        .post('/api/accounts')
        .set('Authorization', await signIn(t, user))
        .send(body);
    expect((await post(school, { tax_id: '', crNumber: '' })).status).toBe(200);
    expect(await stored(school.email!)).toMatchObject({ taxId: null, crNumber: null });
    const me = await t.http.get('/api/accounts').set('Authorization', await signIn(t, school));
    expect(me.body.user).toMatchObject({ entityKind: 'public_school', tax_id: null });
    // Becoming a company needs both numbers.
    expect((await post(school, { entityKind: 'company' })).body).toMatchObject({ field: 'tax_id' });
    // A VAT number as ZATCA writes it (15 digits, the first and the last 3: issue 34's buyers).
    expect((await post(school, { entityKind: 'company', tax_id: '310122393500003', crNumber: '4' })).status).toBe(200);
    expect((await post(school, { crNumber: '' })).body).toMatchObject({ field: 'crNumber' });
    // An entity from before the kind was asked keeps the old rule.
    const old = await createUser(t, { type: 2, taxId: '3', crNumber: '4' });
    expect((await post(old, { tax_id: '' })).body.message).toBe('Please fill in the empty fields.');
    expect((await post(old, { entityKind: 'government', tax_id: '' })).status).toBe(200);
    expect((await post(old, { entityKind: 'club' })).status).toBe(400);
  });

  it('shows the kind to staff', async () => {
    const school = await createUser(t, { type: 2, entityKind: 'government' });
    const admin = await t.http
      .post('/api/admin-login')
      .send({ national_id: 'admin@test.example', password: 'Admin-pass-123', type: 4, loginType: 'signin' });
    const res = await t.http.get(`/api/admin/users/${school.id}`).set('Authorization', admin.headers.authorization);
    expect(res.body).toMatchObject({ entityKind: 'government' });
  });
});

describe('consent at sign-up', () => {
  /** A birth date `years` years before today on the platform's clock, moved by `days`. */
  const bornYearsAgo = (years: number, days = 0) => {
    const [y, md] = [Number(platformDay().slice(0, 4)), platformDay().slice(5)];
    // On 29 February, the birthday years ago was the 28th.
    const d = new Date(`${y - years}-${md === '02-29' ? '02-28' : md}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const accountOf = async (nationalId: string) =>
    (await t.database.db.select().from(users).where(eq(users.nationalId, nationalId)))[0];

  it('refuses a sign-up without the terms and privacy accepted, naming the field, and writes nothing', async () => {
    for (const accept_terms of [undefined, false, 'false', 'None', '']) {
      const info = student({ accept_terms });
      const res = await signup(info);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'Please accept the terms of use and the privacy policy to register.',
        field: 'userInof.accept_terms',
      });
      expect(await accountOf(info.national_id)).toBeUndefined();
    }
    const arabic = await signup(student({ accept_terms: undefined }), 'ar');
    expect(arabic.body.message).toBe('يرجى الموافقة على شروط الاستخدام وسياسة الخصوصية لإتمام التسجيل.');
  });

  it('records when the terms were accepted and which version (when staff last saved the policies)', async () => {
    const [policies] = await t.database.db.select().from(settings).where(eq(settings.siteName, 'WRO'));
    for (const accept_terms of [true, 'true', 'on']) {
      const info = student({ accept_terms });
      expect((await signup(info)).status).toBe(200);
      const row = await accountOf(info.national_id);
      expect(row.termsVersion).toBe(policies.updatedAt.toISOString());
      expect(row.termsAcceptedAt).toBeInstanceOf(Date);
      expect(row.guardianConsentAt).toEqual(row.termsAcceptedAt);
    }
  });

  it("needs a guardian's consent for a student under 18 on the platform's clock, and records it", async () => {
    const minor = student({ date_birth: bornYearsAgo(18, 1), guardian_consent: undefined });
    const refused = await signup(minor);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: "A student under 18 needs a parent's or guardian's consent: please tick the guardian's consent box.",
      field: 'userInof.guardian_consent',
    });
    expect(await accountOf(minor.national_id)).toBeUndefined();
    expect((await signup({ ...minor, guardian_consent: 'false' }, 'ar')).body.message).toBe(
      'يحتاج الطالب دون 18 عامًا إلى موافقة ولي الأمر: يرجى تحديد مربع موافقة ولي الأمر.',
    );
    expect((await signup({ ...minor, guardian_consent: 'on' })).status).toBe(200);
    const row = await accountOf(minor.national_id);
    expect(row.guardianConsentAt).toBeInstanceOf(Date);
    expect(row.guardianName).toBe('Ahmad');

    // Eighteen today is an adult: no guardian's consent asked, none recorded; nor of a coach.
    const adult = student({ date_birth: bornYearsAgo(18), guardian_consent: undefined });
    expect((await signup(adult)).status).toBe(200);
    expect((await accountOf(adult.national_id)).guardianConsentAt).toBeNull();
    const coach = student({
      type: 1,
      ElevelSelected: 'BSc',
      date_birth: bornYearsAgo(17),
      guardian_consent: undefined,
    });
    expect((await signup(coach)).status).toBe(200);
  });

  it("counts age in whole years on the platform's clock (Asia/Riyadh)", () => {
    // 21:30 UTC on 9 March is already 10 March in Riyadh.
    const now = new Date('2026-03-09T21:30:00Z');
    expect(ageOn('2008-03-10', now)).toBe(18);
    expect(ageOn('2008-03-11', now)).toBe(17);
    expect(isMinor('2008-03-11', now)).toBe(true);
    expect(isMinor('2008-03-10', now)).toBe(false);
    expect(isMinor(null, now)).toBe(false);
    expect(ageOn('not a date', now)).toBeNull();
  });
});

describe('phone verification by one-time code', () => {
  it('sends a code by WhatsApp through the outbox, verifies once, and the member can sign in', async () => {
    const info = student({ phone_number: '0559990001' });
    const { ticket, id } = await signedUp(info);
    const sent = await t.http.post('/api/otp').send({ user_id: ticket, phone_number: '+966 55 999 0002' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      message: 'Verification code sent to your phone number',
      length: 6,
    });
    expect(sent.body.destination).toBe('+9665•••••002');
    const [row] = await t.database.db.select().from(verifications).where(eq(verifications.userId, id));
    const code = await codeSentTo('+966559990002');
    expect(row.codeHash).not.toContain(code);

    const wrong = await t.http
      .post('/api/verify')
      .send({ user_id: ticket, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect code');

    const ok = await t.http.post('/api/verify').send({ user_id: ticket, code });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Verified successfully!');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ isVerified: true, phoneNumber: '+966559990002' });

    const reused = await t.http.post('/api/verify').send({ user_id: ticket, code });
    expect(reused.status).toBe(400);
    await signIn(t, {
      nationalId: info.national_id as string,
      email: null,
      type: 0,
      password: info.password as string,
    });
  });

  it('allows 5 tries, then the code is dead even if right', async () => {
    const { ticket } = await signedUp(student());
    await t.http.post('/api/otp').send({ user_id: ticket, phone_number: '0559990003' });
    const code = await codeSentTo('+966559990003');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.http.post('/api/verify').send({ user_id: ticket, code: wrongCode })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const sixth = await t.http.post('/api/verify').send({ user_id: ticket, code });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many wrong codes. Please ask for a new one.');
  });

  it('refuses an expired code', async () => {
    const { ticket, id } = await signedUp(student());
    await t.http.post('/api/otp').send({ user_id: ticket, phone_number: '0559990004' });
    const code = await codeSentTo('+966559990004');
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.userId, id));
    const res = await t.http.post('/api/verify').send({ user_id: ticket, code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The code has expired. Please ask for a new one.');
  });

  it('refuses a second code within 30 seconds, an unknown user, a bad phone and an empty code', async () => {
    const { ticket } = await signedUp(student());
    expect((await t.http.post('/api/otp').send({ user_id: ticket, phone_number: '0559990005' })).status).toBe(200);
    expect((await t.http.post('/api/otp').send({ user_id: ticket, phone_number: '0559990005' })).status).toBe(429);
    const unknown = await t.http
      .post('/api/otp')
      .send({ user_id: '00000000-0000-4000-8000-000000000000', phone_number: '0559990005' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This verification step is not valid. Please start again.');
    expect((await t.http.post('/api/otp').send({ user_id: ticket, phone_number: 'abc' })).body.message).toBe(
      'Please enter a valid phone number',
    );
    expect((await t.http.post('/api/verify').send({ user_id: ticket, code: '' })).body.message).toBe('Incorrect code');
  });

  it('sends at most RATE_LIMIT_CODES codes (5) an hour to one account, then again after the hour', async () => {
    const { ticket, id } = await signedUp(student());
    const send = () =>
      t.http.post('/api/otp').set('Accept-Language', 'ar').send({ user_id: ticket, phone_number: '0559990007' });
    // Each code more than 30 seconds after the one before.
    const age = (what: string) => t.database.query(`UPDATE verifications SET ${what} WHERE user_id = $1`, [id]);
    for (let i = 0; i < 5; i++) {
      expect((await send()).status).toBe(200);
      await age(`created_at = now() - interval '31 seconds'`);
    }
    const sixth = await send();
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, '+966559990007'))).toHaveLength(5);
    await age(`sends_since = now() - interval '61 minutes'`);
    expect((await send()).status).toBe(200);
  });

  it('writes the WhatsApp text in Arabic for an Arabic caller', async () => {
    const { ticket } = await signedUp(student());
    await t.http.post('/api/otp').set('Accept-Language', 'ar').send({ user_id: ticket, phone_number: '0559990006' });
    const [msg] = await t.database.db.select().from(outbox).where(eq(outbox.to, '+966559990006'));
    expect(msg.channel).toBe('whatsapp');
    expect(msg.body).toMatch(/^رمز التحقق الخاص بك هو \d{6}/);
  });
});

describe('password reset by e-mail code', () => {
  it('e-mails a code, exchanges it for rs_token, sets the password once, ends every session', async () => {
    const member = await createUser(t, { type: 1, email: 'reset-me@example.com' });
    const oldToken = await signIn(t, member);
    const forgot = await t.http.post('/api/otp/forget').send({ email: 'Reset-Me@example.com' });
    expect(forgot.body).toMatchObject({
      success: true,
      message: 'A password reset e-mail was sent to your e-mail address!',
      user: { _id: expect.any(String) },
    });
    expect(forgot.body.user._id).not.toBe(member.id);
    const code = await codeSentTo('reset-me@example.com');

    const check = await t.http.post('/api/verify/forget').send({ user_id: forgot.body.user._id, code });
    expect(check.status).toBe(200);
    const rs = check.body.rs_token;
    const update = await t.http
      .post('/api/update-password/')
      .set('Authorization', rs)
      .send({ password: 'Brand-new-pass-1' });
    expect(update.body).toEqual({ success: true, message: 'Password updated successfully!', type: 1 });
    expect((await t.http.post('/api/getuser').set('Authorization', oldToken)).status).toBe(401);
    await signIn(t, { ...member, password: 'Brand-new-pass-1' });

    const again = await t.http
      .post('/api/update-password/')
      .set('Authorization', rs)
      .send({ password: 'Another-pass-2' });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('This reset has expired. Please start again.');
  });

  it('answers an unknown e-mail exactly like a known one, and its codes never match', async () => {
    const res = await t.http.post('/api/otp/forget').send({ email: 'nobody@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('A password reset e-mail was sent to your e-mail address!');
    expect(res.body.user._id).toEqual(expect.any(String));
    const check = await t.http.post('/api/verify/forget').send({ user_id: res.body.user._id, code: '123456' });
    expect(check.status).toBe(400);
    expect(check.body.message).toBe('Incorrect code');
  });

  it('refuses a missing e-mail, a forged reset token, a short password', async () => {
    expect((await t.http.post('/api/otp/forget').send({})).body.message).toBe('Please enter your e-mail address.');
    expect(
      (
        await t.http
          .post('/api/update-password/')
          .set('Authorization', 'forged')
          .send({ password: 'x'.repeat(10) })
      ).status,
    ).toBe(401);
    const member = await createUser(t, { type: 0, email: 'short@example.com' });
    const forgot = await t.http.post('/api/otp/forget').send({ email: 'short@example.com' });
    const code = await codeSentTo('short@example.com');
    const rs = (await t.http.post('/api/verify/forget').send({ user_id: forgot.body.user._id, code })).body.rs_token;
    const res = await t.http.post('/api/update-password/').set('Authorization', rs).send({ password: 'short' });
    expect(res.status).toBe(400);
    // A session token is not a reset token.
    const session = await signIn(t, member);
    expect(
      (await t.http.post('/api/update-password/').set('Authorization', session).send({ password: 'Long-enough-1' }))
        .status,
    ).toBe(401);
  });
});
