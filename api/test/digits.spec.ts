import { toAsciiDigits } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { adminToken, startTestApp, type TestApp } from './harness';

/** Digits as Arabic phone keyboards type them (٠١٢٣٤٥٦٧٨٩, ۰۱۲۳۴۵۶۷۸۹), sent by a JSON client. */
const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
const eastern = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x6f0 + Number(d)));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

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

    const signin = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: eastern('1087654321'), password: 'Student-pass-1', type: 0, loginType: 'signin' });
    expect(signin.status).toBe(200);
    expect(signin.headers.authorization).toBeTruthy();

    // The profile's digit fields too.
    const update = await t.http
      .post('/api/accounts')
      .set('Authorization', signin.headers.authorization)
      .send({ education: { grade: arabic('8') } });
    expect(update.status).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, row.id));
    expect(after.education).toMatchObject({ grade: '8' });
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
});
