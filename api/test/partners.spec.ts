import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import { partners, sessions, users } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const KEY = 'k3y-for-the-partner-page-0123456789';

async function addPartner(fields: Record<string, unknown> = {}) {
  return t.http
    .post('/api/admin/partners')
    .set('Authorization', admin)
    .send({
      name: 'Courses partner',
      client_id: `partner-${Date.now()}`,
      key: KEY,
      origins: ['http://127.0.0.1:3999'],
      status: true,
      ...fields,
    });
}

describe('partners (back-office)', () => {
  it('keeps the key only as a hash and never answers it', async () => {
    const res = await addPartner({ client_id: 'academy' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ client_id: 'academy', origins: ['http://127.0.0.1:3999'], status: true });
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    const [row] = await t.database.db.select().from(partners).where(eq(partners.clientId, 'academy'));
    expect(row.keyHash).not.toContain(KEY);
    const list = await t.http.get('/api/admin/partners').set('Authorization', admin);
    expect(JSON.stringify(list.body)).not.toMatch(/key_hash|keyHash/);
    // A second partner cannot take the same client id.
    const clash = await addPartner({ client_id: 'academy' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Another partner already uses this client id.');
  });

  it('refuses origins that are not bare origins, short keys and odd client ids', async () => {
    for (const origins of [
      ['https://partner.example/path'],
      ['javascript:alert(1)'],
      ['*'],
      ['https://user:pw@partner.example'],
    ]) {
      const res = await addPartner({ origins });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('https://example.com');
    }
    expect((await addPartner({ key: 'short' })).body.message).toBe('The key must be at least 24 characters long.');
    expect((await addPartner({ client_id: '../x' })).body.message).toBe(
      'The client id may use letters, digits, dot, dash and underscore (3 to 64).',
    );
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://p${i}.example`);
    expect((await addPartner({ origins: tooMany })).body.message).toContain('https://example.com');
    expect((await addPartner({ origins: [] })).body.message).toBe('Please fill in the form carefully!');
    expect((await addPartner({ key: '' })).body.message).toBe('Please fill in the form carefully!');
  });

  it('takes origins as text, one a line, and on edit keeps the key left empty but not an emptied list', async () => {
    const res = await addPartner({ origins: 'https://a.example/\n\n https://b.example:8443, https://a.example' });
    expect([res.status, res.body.origins]).toEqual([201, ['https://a.example', 'https://b.example:8443']]);
    const [before] = await t.database.db.select().from(partners).where(eq(partners.id, res.body.id));
    const edit = (body: object) =>
      t.http.put(`/api/admin/partners/${res.body.id}`).set('Authorization', admin).send(body);
    const renamed = await edit({ name: 'Renamed partner', key: '' });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Renamed partner']);
    const [after] = await t.database.db.select().from(partners).where(eq(partners.id, res.body.id));
    expect(after.keyHash).toBe(before.keyHash);
    expect((await edit({ origins: '' })).body.message).toBe('Please fill in the form!');
    expect((await edit({ key: 'short' })).body.message).toBe('The key must be at least 24 characters long.');
  });

  it('is for admins only', async () => {
    const sub = await createUser(t, { type: 5, email: `sub${Date.now()}@test.example`, password: 'Sub-admin-pass-1' });
    const login = await t.http.post('/api/admin-login').send({ national_id: sub.email, password: 'Sub-admin-pass-1' });
    const res = await t.http.get('/api/admin/partners').set('Authorization', login.headers.authorization);
    expect(res.status).toBe(403);
  });
});

describe('the embedded sign-in', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = (await addPartner()).body.client_id;
  });

  it('the checker answers whether the id and key pair is registered', async () => {
    const ok = await t.http.post('/api/iframe/checker').send({ id: clientId, key: KEY });
    expect(ok.body).toEqual({
      success: true,
      valid: true,
      partner: { name: 'Courses partner', client_id: clientId, origins: ['http://127.0.0.1:3999'] },
    });
    // An unknown id or a wrong key: 404 with a message, as the embedded sign-in answers (a failed attempt, counted).
    for (const body of [{ id: clientId, key: `${KEY}x` }, { id: 'nobody', key: KEY }, { id: ['x'], key: {} }, {}]) {
      const res = await t.http.post('/api/iframe/checker').send(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'This partner is not registered.' });
    }
  });

  it('signs in a subscribed member and refuses an expired or reversed plan with the spec message', async () => {
    const valid = await createUser(t, { type: 1, subscription: true, startDate: '2026-01-01', endDate: '2099-01-01' });
    const ok = await t.http.post('/api/adduser').send({
      client_id: clientId,
      key: KEY,
      national_id: valid.nationalId,
      password: valid.password,
      loginType: 'signin',
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.authorization).toBeTruthy();
    expect(ok.body.token).toBe(ok.headers.authorization);
    expect(ok.body.user).toEqual({
      _id: valid.id,
      name: valid.name,
      type: 1,
      subscriptionValid: true,
      end_date: '2099-01-01',
    });

    for (const fields of [
      { subscription: false },
      { subscription: true, startDate: '2020-01-01', endDate: '2021-01-01' },
      { subscription: true, startDate: '2099-02-01', endDate: '2099-01-01' },
    ]) {
      const member = await createUser(t, { type: 1, ...fields });
      const res = await t.http
        .post('/api/adduser')
        .set('Accept-Language', 'en')
        .send({ client_id: clientId, key: KEY, national_id: member.nationalId, password: member.password });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'Your subscription is not active or has expired. To renew it, sign in on the WRO Platform, open Account › Subscriptions and choose a plan; then sign in here again.',
      );
      expect(res.headers.authorization).toBeUndefined();
    }
    const student = await createUser(t, { type: 0, subscription: true });
    const s = await t.http
      .post('/api/adduser')
      .send({ client_id: clientId, key: KEY, national_id: student.nationalId, password: student.password });
    expect(s.status).toBe(200);
  });

  // Issue 36: the embedded sign-in's body is a DTO; a field of the wrong type is a 400 naming it,
  // in the caller's language (the checker keeps answering anything but a known pair with its 404).
  it('a sign-in body of the wrong shape is a 400 naming the field, in the caller’s language', async () => {
    const member = await createUser(t, { type: 0, subscription: true });
    for (const [body, field, english, arabic] of [
      [
        { client_id: clientId, key: KEY, national_id: member.nationalId, password: 12345678 },
        'password',
        'Password',
        'كلمة المرور',
      ],
      [
        { client_id: [clientId], key: KEY, national_id: member.nationalId, password: member.password },
        'client_id',
        'Client ID',
        'معرّف العميل',
      ],
      [
        { client_id: clientId, key: KEY, national_id: { $gt: '' }, password: member.password },
        'national_id',
        'National ID',
        'رقم الهوية',
      ],
    ] as const) {
      const en = await t.http.post('/api/adduser').set('Accept-Language', 'en').send(body);
      expect([en.status, en.body]).toEqual([
        400,
        { success: false, message: `The field "${english}" is missing or invalid.`, field },
      ]);
      const ar = await t.http.post('/api/adduser').set('Accept-Language', 'ar').send(body);
      expect([ar.status, ar.body.message]).toEqual([400, `الحقل «${arabic}» مفقود أو غير صالح.`]);
      expect(ar.headers.authorization).toBeUndefined();
    }
    // A body that is not an object at all.
    const list = await t.http.post('/api/iframe/checker').set('Accept-Language', 'ar').send([clientId, KEY]);
    expect([list.status, list.body.success]).toEqual([400, false]);
    expect(list.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('an unknown partner or a wrong key signs nobody in', async () => {
    const member = await createUser(t, { type: 0, subscription: true });
    const res = await t.http.post('/api/adduser').send({
      client_id: clientId,
      key: 'wrong-key-wrong-key-wrong-key',
      national_id: member.nationalId,
      password: member.password,
    });
    expect(res.status).toBe(404);
    expect(res.headers.authorization).toBeUndefined();
  });

  // Issue 31, finding 6: the embed handed the partner a 30-day member session that read the member's
  // profile and the national IDs of the children on their teams.
  it('gives the partner a short-lived token about the member alone, never a member session', async () => {
    const coach = await createUser(t, { type: 1, subscription: true, startDate: '2026-01-01', endDate: '2099-01-01' });
    const before = await t.database.db.select().from(sessions).where(eq(sessions.userId, coach.id));
    const res = await t.http
      .post('/api/adduser')
      .send({ client_id: clientId, key: KEY, national_id: coach.nationalId, password: coach.password });
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    // No session was opened for the partner.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, coach.id))).toHaveLength(
      before.length,
    );
    // It lasts minutes, and is for this partner.
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ typ: 'partner', sub: coach.id, aud: clientId });
    expect((claims.exp as number) - (claims.iat as number)).toBe(10 * 60);
    // The partner reads who the member is and whether the plan is active, read now.
    const read = () => t.http.get('/api/iframe/member').set('Authorization', `Bearer ${token}`);
    expect((await read()).body).toEqual({
      success: true,
      member: { _id: coach.id, name: coach.name, type: 1, subscriptionValid: true, end_date: '2099-01-01' },
    });
    await t.database.db.update(users).set({ endDate: '2026-01-02' }).where(eq(users.id, coach.id));
    expect((await read()).body.member).toMatchObject({ subscriptionValid: false, end_date: '2026-01-02' });
    // The token opens nothing of the member's: not the profile, the home page or the teams.
    for (const [method, path] of [
      ['get', '/api/accounts'],
      ['get', '/api/home'],
      ['get', '/api/teams'],
      ['post', '/api/getuser'],
    ] as const) {
      const r = await t.http[method](path).set('Authorization', token);
      expect([path, r.status]).toEqual([path, 401]);
    }
    // A member's own session token is not a partner token; an expired or altered one is refused;
    // a partner switched off loses its tokens.
    const jwt = t.app.get(JwtService);
    const expired = await jwt.signAsync({ typ: 'partner', sub: coach.id, aud: clientId }, { expiresIn: -1 });
    const session = await signIn(t, coach);
    for (const bad of [session, expired, `${token.slice(0, -2)}xx`, 'nonsense', '']) {
      const r = await t.http.get('/api/iframe/member').set('Authorization', `Bearer ${bad}`);
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('This sign-in has expired or is not valid. Ask the member to sign in again.');
    }
    await t.database.db.update(partners).set({ status: false }).where(eq(partners.clientId, clientId));
    expect((await read()).status).toBe(401);
    await t.database.db.update(partners).set({ status: true }).where(eq(partners.clientId, clientId));
    expect((await read()).status).toBe(200);
  });
});
