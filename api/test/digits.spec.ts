import { toAsciiDigits } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { contactMessages, users } from '../src/db/schema';
import { en, ar } from '../src/common/i18n';
import { adminToken, startTestApp, type TestApp } from './harness';

/** Digits as Arabic phone keyboards type them (٠١٢٣٤٥٦٧٨٩, ۰۱۲۳۴۵۶۷۸۹), sent by a JSON client. */
const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
const eastern = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x6f0 + Number(d)));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const codeTo = async (to: string) => {
  const outbox = await t.http.get('/api/dev/outbox').query({ to });
  return /\b(\d{6})\b/.exec(outbox.body.messages[0]?.body ?? '')?.[1] ?? '';
};
const signin = async (id: string, password: string) =>
  (await t.http.post('/api/adduser-steb').send({ national_id: id, password, type: 0, loginType: 'signin' }).expect(200))
    .headers.authorization as string;

describe('Arabic-Indic digits', () => {
  it('the contract writes both Arabic forms as ASCII and leaves other text alone', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('صف ٥ - grade 5')).toBe('صف 5 - grade 5');
  });

  it('a student signs up, verifies and signs in typing Arabic digits; the database holds ASCII', async () => {
    const signup = await t.http.post('/api/adduser-steb').send({
      loginType: 'signup',
      userInof: {
        type: '0',
        name: 'طالبة',
        email: 'arabic.digits@test.example',
        national_id: arabic('1087654321'),
        date_birth: '2010-05-05',
        phone_number: eastern('0551234567'),
        password: 'Student-pass-1',
        cpassword: 'Student-pass-1',
        schoolname: 'مدرسة',
        guardianname: 'ولي الأمر',
        guardianphone: arabic('0557654321'),
        grade: arabic('7'),
        ElevelSelected: 'Jonior',
        accept_terms: true,
        guardian_consent: 'on',
      },
    });
    expect(signup.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.nationalId, '1087654321'));
    expect(row).toMatchObject({ nationalId: '1087654321', phoneNumber: '+966551234567' });
    expect(JSON.stringify(row)).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);

    // The code step, with the phone and the code typed in Arabic digits.
    const ticket = signup.body.user._id as string;
    const sent = await t.http.post('/api/otp').send({ user_id: ticket, phone_number: arabic('+966551234567') });
    expect(sent.status).toBe(200);
    const outbox = await t.http.get('/api/dev/outbox').query({ to: '+966551234567' });
    const code = /\b(\d{6})\b/.exec(outbox.body.messages[0]?.body ?? '')?.[1];
    expect(code).toBeTruthy();
    const verified = await t.http.post('/api/verify').send({ user_id: ticket, code: eastern(code!) });
    expect(verified.status).toBe(200);
    // Verified and signed in at once: the answer carries a session the member can use.
    const me = await t.http.post('/api/getuser').set('Authorization', verified.headers.authorization);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ national_id: '1087654321', isVerified: true });

    const signin = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: eastern('1087654321'), password: 'Student-pass-1', type: 0, loginType: 'signin' });
    expect(signin.status).toBe(200);
    expect(signin.headers.authorization).toBeTruthy();

    // The profile's digit fields too: the grade sent back in Arabic digits is the same grade (a new one
    // goes through a correction request, corrections.spec.ts).
    const update = await t.http
      .post('/api/accounts')
      .set('Authorization', signin.headers.authorization)
      .send({ education: { grade: arabic('7') } });
    expect(update.status).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, row.id));
    expect(after.education).toMatchObject({ grade: '7' });
    const asked = await t.http
      .post('/api/accounts/correction')
      .set('Authorization', signin.headers.authorization)
      .send({ grade: arabic('8') });
    expect(asked.body.correction).toMatchObject({ grade: '8' });
  });

  it('staff type them in the back-office user form too', async () => {
    const res = await t.http
      .post('/api/admin/users')
      .set('Authorization', await adminToken(t))
      .send({
        name: 'عضو جديد',
        email: 'staff.typed@test.example',
        phone_number: arabic('0559876543'),
        national_id: eastern('1076543210'),
        nationality: 'SA',
        password: 'New-pass-123',
        cpassword: 'New-pass-123',
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ national_id: '1076543210', phone_number: '+966559876543' });
  });

  it('the reset code and a new phone number with its code, typed in Arabic digits', async () => {
    // Reset by e-mail: the code typed in Arabic-Indic digits.
    const forgot = await t.http.post('/api/otp/forget').send({ email: 'arabic.digits@test.example' });
    const resetCode = await codeTo('arabic.digits@test.example');
    const check = await t.http
      .post('/api/verify/forget')
      .send({ user_id: forgot.body.user._id, code: arabic(resetCode) });
    expect(check.status).toBe(200);
    expect(check.body.rs_token).toBeTruthy();

    // A new phone number, then its code, both in Eastern Arabic-Indic digits.
    const token = await signin('1087654321', 'Student-pass-1');
    const change = await t.http
      .post('/api/accounts')
      .set('Authorization', token)
      .send({ phone_number: eastern('0561112222') });
    expect(change.status).toBe(200);
    expect(change.body.phone_pending).toBeDefined();
    const phoneCode = await codeTo('+966561112222');
    const confirmed = await t.http
      .post('/api/accounts/phone')
      .set('Authorization', token)
      .send({ code: eastern(phoneCode) });
    expect(confirmed.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.nationalId, '1087654321'));
    expect(row.phoneNumber).toBe('+966561112222');
  });

  it('the contact form takes a phone in Arabic digits', async () => {
    const res = await t.http.post('/api/contactus').send({
      name: 'ولي أمر',
      email: 'parent.digits@test.example',
      phone: arabic('0551239876'),
      message: 'سؤال',
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'parent.digits@test.example'));
    expect(row.phone).toBe('+966551239876');
  });

  it("an entity's supervisor ID and phones in Arabic digits are stored as ASCII", async () => {
    const res = await t.http.post('/api/adduser-steb').send({
      loginType: 'signup',
      userInof: {
        type: '2',
        name: 'مدرسة الأرقام',
        email: 'office@digits-school.sa',
        phone_number: arabic('0552223333'),
        password: 'Entity-pass-1',
        cpassword: 'Entity-pass-1',
        entityType: 'School',
        tax_id: arabic('300000000000003'),
        crNumber: eastern('1010101010'),
        supervisor_name: 'هدى',
        supervisor_email: 'huda@digits-school.sa',
        supervisor_id: arabic('1234567890'),
        supervisor_phone: eastern('0501234567'),
        accept_terms: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.supervisor).toMatchObject({ supervisor_id: '1234567890', phone_number: '+966501234567' });
    expect(res.body.user).toMatchObject({ phone_number: '+966552223333', tax_id: '300000000000003' });
  });
});

describe('the WhatsApp number is a mobile, and a refusal names its field', () => {
  const student = (change: Record<string, string> = {}) => ({
    loginType: 'signup',
    userInof: {
      type: '0',
      name: 'Field Test',
      email: `field.${Math.random().toString(36).slice(2)}@test.example`,
      national_id: `10${Math.floor(Math.random() * 1e8)
        .toString()
        .padStart(8, '0')}`,
      date_birth: '2011-01-01',
      phone_number: '0551230000',
      password: 'Student-pass-1',
      cpassword: 'Student-pass-1',
      schoolname: 'School',
      guardianname: 'Guardian',
      guardianphone: '0551230001',
      grade: '5',
      ElevelSelected: 'Elementry',
      accept_terms: 'on',
      guardian_consent: 'on',
      ...change,
    },
  });

  it('refuses a Saudi landline at sign-up, in both languages, naming the phone field', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const res = await t.http
        .post('/api/adduser-steb')
        .set('Accept-Language', lang)
        .send(student({ phone_number: arabic('0114123456') }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: (lang === 'ar' ? ar : en)['signup.phone_not_mobile'],
        field: 'userInof.phone_number',
      });
    }
    expect(await t.database.db.select().from(users).where(eq(users.phoneNumber, '+966114123456'))).toHaveLength(0);
  });

  it('refuses a landline for the code and for a new profile number', async () => {
    const signup = await t.http.post('/api/adduser-steb').send(student({ national_id: '1055500011' }));
    expect(signup.status).toBe(200);
    const otp = await t.http.post('/api/otp').send({ user_id: signup.body.user._id, phone_number: '+966114123456' });
    expect(otp.status).toBe(400);
    expect(otp.body).toMatchObject({ message: en['signup.phone_not_mobile'], field: 'phone_number' });

    const token = await signin('1087654321', 'Student-pass-1');
    const change = await t.http.post('/api/accounts').set('Authorization', token).send({ phone_number: '0114123456' });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ message: en['signup.phone_not_mobile'], field: 'phone_number' });
  });

  it.each([
    [{ email: 'not-an-email' }, 400, 'signup.email', 'userInof.email'],
    [{ national_id: '12345' }, 400, 'signup.national_id', 'userInof.national_id'],
    [{ phone_number: '12' }, 400, 'signup.phone', 'userInof.phone_number'],
    [{ name: '' }, 400, 'signup.fields_empty', 'userInof.name'],
    [{ guardianphone: '12' }, 400, 'signup.phone', 'userInof.guardianphone'],
    [{ national_id: '1087654321' }, 409, 'signup.duplicate_national_id', 'userInof.national_id'],
    [{ email: 'arabic.digits@test.example' }, 409, 'signup.duplicate_email', 'userInof.email'],
  ] as const)('%o answers %i with the field', async (change, status, key, field) => {
    const res = await t.http.post('/api/adduser-steb').send(student(change));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, message: en[key], field });
  });

  it("an entity's free e-mail names the e-mail field", async () => {
    const res = await t.http.post('/api/adduser-steb').send({
      loginType: 'signup',
      userInof: {
        type: '2',
        name: 'Gmail School',
        email: 'school@gmail.com',
        phone_number: '0552224444',
        password: 'Entity-pass-1',
        cpassword: 'Entity-pass-1',
        entityType: 'School',
        tax_id: '3',
        crNumber: '4',
        supervisor_name: 'S',
        supervisor_email: 's@school.sa',
        supervisor_id: '1',
        supervisor_phone: '0501234567',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: en['signup.business_email'], field: 'userInof.email' });
  });
});
