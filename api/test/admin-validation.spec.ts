import { LIMITS } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { contactMessages, judgeApplications, plans, teams, users } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * Back-office writes are checked by class-validator DTOs, the way the member routes are: a value of
 * the wrong type is a 400 naming the field, a text one character over the contract's limit too,
 * Arabic-Indic digits are read as ASCII, and nothing is written when a check fails.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const post = (resource: string, body: object, lang = 'en') =>
  t.http.post(`/api/admin/${resource}`).set('Authorization', admin).set('Accept-Language', lang).send(body);
const put = (resource: string, id: string, body: object, lang = 'en') =>
  t.http.put(`/api/admin/${resource}/${id}`).set('Authorization', admin).set('Accept-Language', lang).send(body);

let n = 0;
const member = (over: Record<string, unknown> = {}) => {
  n += 1;
  return {
    name: `Checked Member ${n}`,
    email: `checked${n}.${Date.now()}@example.com`,
    phone_number: '0551234567',
    national_id: `4${String(Date.now()).slice(-6)}${String(n).padStart(3, '0')}`,
    nationality: 'SA',
    password: 'New-pass-123',
    cpassword: 'New-pass-123',
    ...over,
  };
};
const usersByEmail = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

describe('users', () => {
  it('refuses a name of the wrong type or one character over the limit, in both languages, saving nothing', async () => {
    const wrongType = member({ name: { first: 'Sara' } });
    const res = await post('users', wrongType);
    expect([res.status, res.body.message]).toEqual([400, 'The field "Name" is missing or invalid.']);
    const resAr = await post('users', wrongType, 'ar');
    expect([resAr.status, resAr.body.message]).toEqual([400, 'الحقل «الاسم» مفقود أو غير صالح.']);
    expect(await usersByEmail(wrongType.email)).toHaveLength(0);

    const tooLong = member({ name: 'س'.repeat(LIMITS.nameMax + 1) });
    const long = await post('users', tooLong, 'ar');
    expect([long.status, long.body.message]).toEqual([400, 'الحقل «الاسم» مفقود أو غير صالح.']);
    expect(await usersByEmail(tooLong.email)).toHaveLength(0);

    const longest = member({ name: 'س'.repeat(LIMITS.nameMax) });
    expect((await post('users', longest)).status).toBe(201);
    expect((await usersByEmail(longest.email))[0].name).toBe('س'.repeat(LIMITS.nameMax));
  });

  it('keeps the limits of the fields only a create requires (e-mail, password)', async () => {
    const password = 'P-' + 'x'.repeat(LIMITS.passwordMax);
    for (const [resource, body, field] of [
      ['users', member({ password, cpassword: password }), 'password'],
      ['users', member({ email: `${'x'.repeat(LIMITS.emailMax)}@example.com` }), 'email'],
      ['admins', { name: 'Staff', email: `staff${Date.now()}@example.com`, password, cpassword: password }, 'password'],
    ] as const) {
      const res = await post(resource, body);
      expect([res.status, res.body.message]).toEqual([
        400,
        `The field "${{ password: 'Password', email: 'Email' }[field]}" is missing or invalid.`,
      ]);
      expect(await usersByEmail(body.email)).toHaveLength(0);
    }
  });

  it('reads Arabic-Indic digits in the national ID and phone, and JSON numbers and booleans', async () => {
    const body = member({
      national_id: '٣٠٠٠٠٠٠٠١٢',
      phone_number: '٠٥٥٧٦٥٤٣٢١',
      type: 1,
      subcription: true,
      status: 'false',
      crNumber: '۱۲۳۴۵',
    });
    const res = await post('users', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ national_id: '3000000012', phone_number: '+966557654321', type: 1 });
    const [row] = await usersByEmail(body.email);
    expect(row).toMatchObject({
      nationalId: '3000000012',
      phoneNumber: '+966557654321',
      type: 1,
      subscription: true,
      isActive: false,
      crNumber: '12345',
    });

    // A missing required field is the form's one message; a wrong type is named before it.
    const missing = await post('users', member({ email: undefined }), 'ar');
    expect([missing.status, missing.body.message]).toEqual([400, 'يرجى تعبئة النموذج بعناية!']);
    const both = await post('users', member({ email: undefined, type: 'teacher' }));
    expect(both.body.message).toBe('The field "Type" is missing or invalid.');

    // An update changes only what is sent; a required name may not be emptied.
    expect((await put('users', row.id, { name: '' })).body.message).toBe('Please fill in the form carefully!');
    const renamed = await put('users', row.id, { guardian_phone: '٠٥٠١٢٣٤٥٦٧' });
    expect(renamed.status).toBe(200);
    const [after] = await usersByEmail(body.email);
    expect(after).toMatchObject({ name: row.name, guardianPhone: '0501234567', nationalId: '3000000012' });
  });
});

describe('plans', () => {
  const plan = (over: Record<string, unknown> = {}) => ({
    name: 'خطة المدرب',
    name_en: `Coach plan ${Date.now()}`,
    orignal_pirce: 400,
    price: '350',
    duration: '١٢',
    duration_type: 'month',
    type: 'coach',
    ...over,
  });
  const plansNamed = (nameEn: string) => t.database.db.select().from(plans).where(eq(plans.nameEn, nameEn));

  it('takes JSON numbers and Arabic-Indic digits, and refuses a price of the wrong type or an over-long name', async () => {
    const body = plan();
    const ok = await post('plans', body);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ price: '350.00', duration: 12 });
    expect((await plansNamed(body.name_en))[0]).toMatchObject({ price: '350.00', duration: 12 });

    const wrong = plan({ price: { amount: 350 } });
    const res = await post('plans', wrong, 'ar');
    expect([res.status, res.body.message]).toEqual([400, 'الحقل «السعر» مفقود أو غير صالح.']);
    expect(await plansNamed(wrong.name_en)).toHaveLength(0);

    const longName = plan({ name_en: 'P'.repeat(LIMITS.titleMax + 1) });
    const long = await post('plans', longName);
    expect([long.status, long.body.message]).toEqual([400, 'The field "Name in English" is missing or invalid.']);
    expect(await plansNamed(longName.name_en)).toHaveLength(0);

    // On edit a price left empty stays as it was; a duration out of range is refused.
    const id = ok.body.id as string;
    expect((await put('plans', id, { price: '', duration: 4000 })).body.message).toBe(
      'The field "Duration" is missing or invalid.',
    );
    expect((await put('plans', id, { price: '', duration: '٦' })).status).toBe(200);
    expect((await t.database.db.select().from(plans).where(eq(plans.id, id)))[0]).toMatchObject({
      price: '350.00',
      duration: 6,
    });
  });
});

describe('teams and the contact form', () => {
  it('refuses a rank of the wrong type and a missing season, then saves a team', async () => {
    const season = (await post('seasons', { name: 'موسم', name_en: `Season ${Date.now()}` })).body.id;
    const competition = (await post('competitions', { name: 'مسابقة', name_en: `Competition ${Date.now()}` })).body.id;
    const noSeason = await post('teams', { team_no: 'V-1', competition }, 'ar');
    expect([noSeason.status, noSeason.body.message]).toEqual([400, 'يرجى تعبئة النموذج بعناية!']);
    const badRank = await post('teams', { team_no: 'V-1', season, competition, ranked: 'first' });
    expect([badRank.status, badRank.body.message]).toEqual([400, 'The field "Rank" is missing or invalid.']);
    expect(await t.database.db.select().from(teams).where(eq(teams.teamNo, 'V-1'))).toHaveLength(0);

    const ok = await post('teams', { team_no: 'V-1', season, competition, ranked: '٣', score: 91.5 });
    expect(ok.status).toBe(201);
    expect((await t.database.db.select().from(teams).where(eq(teams.teamNo, 'V-1')))[0]).toMatchObject({
      ranked: 3,
      score: '91.50',
    });
  });

  it('checks the public contact form and the staff reply with the same limits', async () => {
    const email = `writer.${Date.now()}@example.com`;
    const send = (body: object, lang = 'en') => t.http.post('/api/contactus').set('Accept-Language', lang).send(body);
    const long = await send({ name: 'Sara', email, message: 'm'.repeat(LIMITS.contactMessageMax + 1) });
    expect([long.status, long.body.message]).toEqual([400, 'The field "Message" is missing or invalid.']);
    const empty = await send({ name: 'Sara', email, message: '  ' }, 'ar');
    expect([empty.status, empty.body.message]).toEqual([400, 'يرجى تعبئة جميع الحقول...']);
    expect(await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(0);

    const sent = await send({ name: 'Sara', email, phone: '٠٥٥١٢٣٤٥٦٧', message: 'Hello' });
    expect(sent.status).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toMatchObject({ name: 'Sara', phone: '+966551234567', message: 'Hello' });

    const reply = (message: unknown, lang = 'en') =>
      t.http
        .post(`/api/admin/contactus/${row.id}/reply`)
        .set('Authorization', admin)
        .set('Accept-Language', lang)
        .send({ message });
    const tooLong = await reply('r'.repeat(LIMITS.contactReplyMax + 1));
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'The field "Message" is missing or invalid.']);
    expect((await reply(['Hi'], 'ar')).body.message).toBe('الحقل «الرسالة» مفقود أو غير صالح.');
    expect((await reply('', 'en')).status).toBe(400);
  });
});

describe('the judge application (multipart)', () => {
  it('checks its text fields with the same DTO machinery: an over-long name, a wrong choice, nothing kept', async () => {
    const member = await createUser(t, { type: 1, dob: '1980-01-01' });
    const token = await signIn(t, member);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const apply = (fields: Record<string, string>, lang = 'en') => {
      let req = t.http.post('/api/invest/registration').set('Authorization', token).set('Accept-Language', lang);
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return req.attach('file_0', pdf, 'cv.pdf');
    };
    const good = { organization_name: 'Club', city: 'Riyadh', apply_as: 'Judge', pexperince: 'no' };
    const long = await apply({ ...good, organization_name: 'n'.repeat(LIMITS.titleMax + 1) }, 'ar');
    expect([long.status, long.body.message]).toEqual([400, 'الحقل «الجهة» مفقود أو غير صالح.']);
    const choice = await apply({ ...good, apply_as: 'Boss' });
    expect([choice.status, choice.body.message]).toEqual([400, 'Please fill in the form.']);
    expect(
      await t.database.db.select().from(judgeApplications).where(eq(judgeApplications.userId, member.id)),
    ).toHaveLength(0);
    expect((await apply({ ...good, organization_name: 'n'.repeat(LIMITS.titleMax) })).status).toBe(200);
  });
});

// Issue 37: a toast shows the API's message; a field is named there by its label in the staff's
// language, never by its JSON name ("competition_id", "name_en"), and one without a label by none.
describe('a field named in a message', () => {
  it('is named by its label in Arabic and English, its JSON name kept in `field` for the form', async () => {
    const plan = { name: 'باقة', name_en: 'Plan', price: '5', duration: 1, duration_type: 'month', type: 'coach' };
    const ar = await post('plans', { ...plan, price: { amount: 5 } }, 'ar');
    expect([ar.status, ar.body.message, ar.body.field]).toEqual([400, 'الحقل «السعر» مفقود أو غير صالح.', 'price']);
    const en = await post('plans', { ...plan, name_en: 'P'.repeat(LIMITS.titleMax + 1) }, 'en');
    expect([en.status, en.body.message, en.body.field]).toEqual([
      400,
      'The field "Name in English" is missing or invalid.',
      'name_en',
    ]);
    const unlabelled = await post('users', member({ nationality: { code: 'SA' } }), 'ar');
    expect([unlabelled.status, unlabelled.body.message, unlabelled.body.field]).toEqual([
      400,
      'أحد الحقول مفقود أو غير صالح.',
      'nationality',
    ]);
  });

  it('every field the API names in its own checks has a label in both catalogues', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { readdirSync, readFileSync, statSync } = require('node:fs') as typeof import('node:fs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { join } = require('node:path') as typeof import('node:path');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { en, ar } = require('../src/common/i18n') as typeof import('../src/common/i18n');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    const named = new Set<string>();
    for (const file of files(join(__dirname, '..', 'src')).filter((f) => f.endsWith('.ts'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'request\.invalid_field',\s*\{\s*field:\s*'([^']+)'/g))
        named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(4);
    const missing = [...named].filter((f) => !(`field.${f}` in en) || !(`field.${f}` in ar));
    // A header (Idempotency-Key) is for API clients only; the back-office never leaves it out.
    expect(missing).toEqual(['Idempotency-Key']);
  });
});
