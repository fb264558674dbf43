import * as argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { setPasswordHashCost } from '../src/auth/password';
import { sessions, users } from '../src/db/schema';
import { ADMIN, adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signinBody = (national_id: unknown, password: unknown, type: unknown = 0) => ({
  national_id,
  password,
  type,
  loginType: 'signin',
});

describe('member sign-in (POST /api/adduser-steb)', () => {
  it('signs a student in: token in the Authorization header, a session row, getuser answers the account', async () => {
    const student = await createUser(t, { type: 0, name: 'Sara' });
    const res = await t.http.post('/api/adduser-steb').send(signinBody(student.nationalId, student.password, 0));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Signed in successfully!' });
    const token = res.headers.authorization;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, student.id));
    expect(rows).toHaveLength(1);

    const me = await t.http.post('/api/getuser').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      _id: student.id,
      name: 'Sara',
      type: 0,
      national_id: student.nationalId,
      isVerified: true,
    });
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|password/i);
  });

  it('accepts the type as a numeric string', async () => {
    const coach = await createUser(t, { type: 1 });
    const res = await t.http.post('/api/adduser-steb').send(signinBody(coach.nationalId, coach.password, '1'));
    expect(res.status).toBe(200);
  });

  it('signs an entity in by e-mail, case-insensitively', async () => {
    const entity = await createUser(t, { type: 2, nationalId: '0000000000', email: 'Office@School.example' });
    const res = await t.http.post('/api/adduser-steb').send(signinBody('office@school.EXAMPLE', entity.password, 2));
    expect(res.status).toBe(200);
  });

  it('answers a wrong password and an unknown ID alike (no account enumeration)', async () => {
    const student = await createUser(t, { type: 0 });
    const wrong = await t.http.post('/api/adduser-steb').send(signinBody(student.nationalId, 'not-the-password', 0));
    const unknown = await t.http.post('/api/adduser-steb').send(signinBody('1999999999', 'whatever-password', 0));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ success: false, message: 'The ID or password is incorrect.' });
    expect(decodeURIComponent(wrong.headers.e_message)).toBe(wrong.body.message);
    expect(wrong.headers.authorization).toBeUndefined();
  });

  it('does not let a coach in through the student form', async () => {
    const coach = await createUser(t, { type: 1 });
    const res = await t.http.post('/api/adduser-steb').send(signinBody(coach.nationalId, coach.password, 0));
    expect(res.status).toBe(401);
  });

  it('answers in Arabic when the caller asks for Arabic', async () => {
    const res = await t.http
      .post('/api/adduser-steb')
      .set('Accept-Language', 'ar-SA,ar;q=0.9')
      .send(signinBody('1999999999', 'x', 0));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('رقم الهوية أو كلمة المرور غير صحيحة.');
    expect(decodeURIComponent(res.headers.e_message)).toBe(res.body.message);
  });

  it("gives the spec's message when a field is empty", async () => {
    for (const body of [signinBody('', 'x'), signinBody('1234567890', ''), { type: 0, loginType: 'signin' }]) {
      const res = await t.http.post('/api/adduser-steb').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in all fields: the National ID or password is empty.');
    }
  });

  it("upgrades a password hash made with older settings at the member's next sign-in", async () => {
    // At production's cost (the harness runs at the test cost, PASSWORD_HASH_COST=test).
    setPasswordHashCost('owasp');
    try {
      const u = await createUser(t, { type: 0 });
      const old = await argon2.hash(u.password, { type: argon2.argon2id });
      await t.database.db.update(users).set({ passwordHash: old }).where(eq(users.id, u.id));
      await signIn(t, u);
      const [after] = await t.database.db.select().from(users).where(eq(users.id, u.id));
      expect(after.passwordHash).not.toBe(old);
      expect(after.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      await signIn(t, u);
    } finally {
      setPasswordHashCost('test');
    }
  });

  it('refuses a disabled account and ends its sessions', async () => {
    const student = await createUser(t, { type: 0 });
    const token = await signIn(t, student);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, student.id));
    expect((await t.http.post('/api/getuser').set('Authorization', token)).status).toBe(401);
    const again = await t.http.post('/api/adduser-steb').send(signinBody(student.nationalId, student.password, 0));
    expect(again.status).toBe(403);
  });
});

describe('sessions', () => {
  it('loginseason confirms a live token and logout ends it at once', async () => {
    const student = await createUser(t, { type: 0 });
    const token = await signIn(t, student);
    const live = await t.http.get('/api/loginseason').query({ token });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ success: true, user: { jwt: token, _id: student.id } });

    const out = await t.http.post('/api/logout').set('Authorization', token);
    expect(out.status).toBe(200);
    expect((await t.http.post('/api/getuser').set('Authorization', token)).status).toBe(401);
    expect((await t.http.get('/api/loginseason').query({ token })).status).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, student.id));
    expect(row.revokedAt).not.toBeNull();
  });

  it('rejects a missing, forged or garbage token with 401', async () => {
    expect((await t.http.post('/api/getuser')).status).toBe(401);
    expect((await t.http.post('/api/getuser').set('Authorization', 'garbage')).status).toBe(401);
    const forged =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJzdWIiOiJ4In0.invalidsig';
    const res = await t.http.post('/api/getuser').set('Authorization', forged);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect((await t.http.get('/api/loginseason')).status).toBe(401);
  });
});

describe('back-office sign-in (POST /api/admin-login)', () => {
  it('signs the admin in by e-mail', async () => {
    const token = await adminToken(t);
    const me = await t.http.post('/api/getuser').set('Authorization', token);
    expect(me.body.user).toMatchObject({ email: ADMIN.email, type: 4 });
  });

  it('signs a sub-admin in', async () => {
    const sub = await createUser(t, { type: 5, email: 'sub@test.example' });
    const token = await adminToken(t, 'sub@test.example', sub.password);
    expect((await t.http.post('/api/getuser').set('Authorization', token)).body.user.type).toBe(5);
  });

  it('does not let a member into the back-office, with the same answer as a wrong password', async () => {
    const member = await createUser(t, { type: 0, email: 'kid@test.example' });
    const res = await t.http
      .post('/api/admin-login')
      .send({ national_id: 'kid@test.example', password: member.password, type: 4 });
    expect(res.status).toBe(401);
    const wrong = await t.http
      .post('/api/admin-login')
      .send({ national_id: ADMIN.email, password: 'nope-nope', type: 4 });
    expect(wrong.body).toEqual(res.body);
  });

  it("gives the spec's message when a field is empty", async () => {
    const res = await t.http.post('/api/admin-login').send({ national_id: '', password: '', type: 4 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all fields: the e-mail address or password is empty.');
  });
});

describe('bad input never gives a 500', () => {
  it('malformed JSON → 400 with a message', async () => {
    const res = await t.http
      .post('/api/adduser-steb')
      .set('Content-Type', 'application/json')
      .send('{"national_id": "12');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    expect(res.headers.e_message).toBeDefined();
  });

  it('a 1 MB body → 413', async () => {
    const res = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: 'x'.repeat(1024 * 1024), password: 'x', type: 0, loginType: 'signin' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });

  it('wrong types name the field', async () => {
    const res = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: 1234567890, password: 'x', type: 0, loginType: 'signin' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The field "National ID" is missing or invalid.');
  });

  it('an unknown role → 400 "Unknown account type."', async () => {
    for (const type of [7, 4, 'admin', null]) {
      const res = await t.http.post('/api/adduser-steb').send(signinBody('1234567890', 'x', type));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown account type.');
    }
  });

  it('a JSON array or a string as the body → 400', async () => {
    const arr = await t.http.post('/api/adduser-steb').send([1, 2]);
    expect(arr.status).toBe(400);
    const str = await t.http.post('/api/adduser-steb').set('Content-Type', 'application/json').send('"hello"');
    expect(str.status).toBe(400);
  });

  it('an unknown route → 404 in the error shape', async () => {
    const res = await t.http.get('/api/no-such-thing').set('Accept-Language', 'ar');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'غير موجود.' });
  });
});
