import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/** Attacks that must fail, one test each. More live next to their features (profile, research, media, admin-permissions). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.');
const me = (token: string) => t.http.get('/api/accounts').set('Authorization', token);

describe('tokens', () => {
  it('refuses a token whose payload was changed (another user), keeping the old signature', async () => {
    const a = await createUser(t, { type: 0 });
    const b = await createUser(t, { type: 0 });
    const [header, payload, signature] = parts(await signIn(t, a));
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${b64({ ...claims, sub: b.id })}.${signature}`;
    expect((await me(forged)).status).toBe(401);
  });

  it('refuses an alg:none token', async () => {
    const a = await createUser(t, { type: 0 });
    const [, payload] = parts(await signIn(t, a));
    expect((await me(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const a = await createUser(t, { type: 0 });
    const [header, payload] = parts(await signIn(t, a));
    const signature = createHmac('sha256', 'not-the-secret').update(`${header}.${payload}`).digest('base64url');
    expect((await me(`${header}.${payload}.${signature}`)).status).toBe(401);
  });

  it("refuses a revoked session's token", async () => {
    const a = await createUser(t, { type: 0 });
    const token = await signIn(t, a);
    expect((await me(token)).status).toBe(200);
    await t.http.post('/api/logout').set('Authorization', token);
    expect((await me(token)).status).toBe(401);
  });
});

describe('privileges', () => {
  it('a member cannot raise their own type or subscription through the profile update', async () => {
    const a = await createUser(t, { type: 1 });
    const token = await signIn(t, a);
    await t.http
      .post('/api/accounts')
      .set('Authorization', token)
      .send({ type: 4, subcription: true, end_date: '2099-01-01', isVerified: true, plan: { name: 'x' } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect([row.type, row.subscription, row.endDate, row.plan]).toEqual([1, false, null, null]);
    expect((await t.http.get('/api/admin/users').set('Authorization', token)).status).toBe(403);
  });

  it('a sub-admin can neither create an admin, edit one, nor make a member staff', async () => {
    const sub = await createUser(t, { type: 5, email: 'sub@security.example' });
    const token = await adminToken(t, sub.email!, sub.password);
    const created = await t.http.post('/api/admin/admins').set('Authorization', token).send({
      name: 'X',
      email: 'x@x.example',
      phone_number: '0551111111',
      national_id: '1111111111',
      nationality: 'SA',
      password: 'Xx-pass-1234',
      cpassword: 'Xx-pass-1234',
      type: 4,
    });
    expect(created.status).toBe(403);
    const [admin] = await t.database.db.select().from(users).where(eq(users.type, 4));
    expect(
      (await t.http.put(`/api/admin/users/${admin.id}`).set('Authorization', token).send({ name: 'Owned' })).status,
    ).toBe(404);
    expect(
      (await t.http.put(`/api/admin/admins/${admin.id}`).set('Authorization', token).send({ status: false })).status,
    ).toBe(403);
    const member = await createUser(t, { type: 0 });
    expect(
      (await t.http.put(`/api/admin/users/${member.id}`).set('Authorization', token).send({ type: 4 })).status,
    ).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row.type).toBe(0);
  });
});

describe('injection and traversal', () => {
  it('treats sort, filter and search text as data, never as SQL', async () => {
    const admin = await adminToken(t);
    const list = (query: Record<string, string>) =>
      t.http.get('/api/admin/users').query(query).set('Authorization', admin);
    expect((await list({ sort: JSON.stringify(['name; DROP TABLE users; --', 'ASC']) })).status).toBe(400);
    expect((await list({ sort: JSON.stringify(['name', 'ASC; DROP TABLE users']) })).status).toBe(400);
    expect((await list({ filter: JSON.stringify({ 'type) OR (1=1': 1 }) })).status).toBe(400);
    const q = await list({ filter: JSON.stringify({ q: "' OR '1'='1" }) });
    expect([q.status, q.body]).toEqual([200, []]);
    const gallery = await t.http.get("/api/gallery?s=' OR 1=1 --&type=image").set('Authorization', admin);
    expect([gallery.status, gallery.body.galleries]).toEqual([200, []]);
    expect((await t.database.db.select().from(users)).length).toBeGreaterThan(0);
  });

  it('never serves a file outside the uploads, whatever the path', async () => {
    for (const path of [
      '/uploads/../secrets.json',
      '/uploads/%2e%2e/secrets.json',
      '/uploads/..%2fsecrets.json',
      '/uploads/.%2e/db/PG_VERSION',
    ]) {
      const res = await t.http.get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text).not.toContain('jwtSecret');
    }
    const member = await createUser(t, { type: 0 });
    const token = await signIn(t, member);
    expect((await t.http.get('/api/research/..%2f..%2fsecrets.json/file').set('Authorization', token)).status).toBe(
      404,
    );
    const admin = await adminToken(t);
    expect(
      (await t.http.get('/api/admin/judges/00000000-0000-4000-8000-000000000000/cv/..').set('Authorization', admin))
        .status,
    ).toBe(404);
  });
});

describe('account enumeration', () => {
  it('answers an unknown ID and a wrong password alike', async () => {
    const a = await createUser(t, { type: 0 });
    const wrong = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: a.nationalId, password: 'Wrong-pass-1', type: 0, loginType: 'signin' });
    const unknown = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: '1999999999', password: 'Wrong-pass-1', type: 0, loginType: 'signin' });
    expect([wrong.status, wrong.body]).toEqual([unknown.status, unknown.body]);
  });
});
