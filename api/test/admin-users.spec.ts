import { events } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let sub: string;
let member: string;
const q = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]));

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  const subUser = await createUser(t, { type: 5, email: 'sub-admin@test.example' });
  sub = await adminToken(t, subUser.email!, subUser.password);
  await createUser(t, {
    type: 0,
    name: 'Alia Haddad',
    nationalId: '1122334455',
    phoneNumber: '+966511111111',
    subscription: true,
  });
  await createUser(t, { type: 1, name: 'Omar Coach', nationalId: '1122339999', isVerified: false });
  await createUser(t, {
    type: 2,
    name: 'Bright School',
    nationalId: '0000000000',
    email: 'info@bright.example',
    crNumber: '1010101010',
  });
  await createUser(t, { type: 0, name: 'عبدالله الطالب', nationalId: '1555555555' });
  const m = await createUser(t, { type: 0, name: 'Percent 100%_ kid', nationalId: '1666666666' });
  member = await signIn(t, m);
  await t.database.db.insert(events).values({ name: 'حدث', nameEn: 'Event', link: 'https://example.org' });
});
afterAll(() => t.close());

describe('GET /api/admin/users (ra-data-simple-rest)', () => {
  it('lists members only, with Content-Range and records carrying id', async () => {
    const res = await t.http
      .get('/api/admin/users')
      .query(q({ sort: ['name', 'ASC'], range: [0, 9] }))
      .set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('users 0-4/5');
    expect(res.body.map((u: { name: string }) => u.name)).toEqual([
      'Alia Haddad',
      'Bright School',
      'Omar Coach',
      'Percent 100%_ kid',
      'عبدالله الطالب',
    ]);
    for (const u of res.body) {
      expect(u.id).toBe(u._id);
      expect([0, 1, 2]).toContain(u.type);
      expect(JSON.stringify(u)).not.toMatch(/password|argon/i);
    }
  });

  it('pages with range and sorts descending', async () => {
    const res = await t.http
      .get('/api/admin/users')
      .query(q({ sort: ['name', 'DESC'], range: [1, 2] }))
      .set('Authorization', admin);
    expect(res.headers['content-range']).toBe('users 1-2/5');
    expect(res.body.map((u: { name: string }) => u.name)).toEqual(['Percent 100%_ kid', 'Omar Coach']);
  });

  it('searches name, national ID, e-mail and phone (substring, case-insensitive, Arabic too)', async () => {
    const search = async (text: string) =>
      (
        await t.http
          .get('/api/admin/users')
          .query(q({ filter: { q: text } }))
          .set('Authorization', admin)
      ).body.map((u: { name: string }) => u.name);
    expect(await search('haddad')).toEqual(['Alia Haddad']);
    expect(await search('112233')).toEqual(expect.arrayContaining(['Alia Haddad', 'Omar Coach']));
    expect(await search('BRIGHT.EXAMPLE')).toEqual(['Bright School']);
    expect(await search('511111')).toEqual(['Alia Haddad']);
    expect(await search('عبدالله')).toEqual(['عبدالله الطالب']);
    // % and _ are literal characters, not wildcards
    expect(await search('100%_')).toEqual(['Percent 100%_ kid']);
    expect(await search('%')).toEqual(['Percent 100%_ kid']);
  });

  it('a search pages and sorts its matches like the list (newest first, past the end empty)', async () => {
    for (const [i, day] of ['2024-01-03', '2024-01-01', '2024-01-02'].entries()) {
      await createUser(t, { type: 0, name: `Pager ${i}`, createdAt: new Date(`${day}T10:00:00Z`) });
    }
    const page = (range: number[]) =>
      t.http
        .get('/api/admin/users')
        .query(q({ filter: { q: 'pager' }, sort: ['created_at', 'DESC'], range }))
        .set('Authorization', admin);
    const first = await page([0, 1]);
    expect(first.headers['content-range']).toBe('users 0-1/3');
    expect(first.body.map((u: { name: string }) => u.name)).toEqual(['Pager 0', 'Pager 2']);
    expect((await page([2, 2])).body.map((u: { name: string }) => u.name)).toEqual(['Pager 1']);
    const past = await page([5, 9]);
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe('users */3');
  });

  it('filters by type, subscription and verified', async () => {
    const names = async (filter: Record<string, unknown>) =>
      (
        await t.http
          .get('/api/admin/users')
          .query(q({ filter, sort: ['name', 'ASC'] }))
          .set('Authorization', admin)
      ).body.map((u: { name: string }) => u.name);
    expect(await names({ type: 2 })).toEqual(['Bright School']);
    expect(await names({ subcription: true })).toEqual(['Alia Haddad']);
    expect(await names({ isVerified: false })).toEqual(['Omar Coach']);
    expect(await names({ id: [] })).toEqual([]);
  });

  it('gets one user, and 404 for a staff account or an unknown id', async () => {
    const list = await t.http.get('/api/admin/users').set('Authorization', admin);
    const one = await t.http.get(`/api/admin/users/${list.body[0].id}`).set('Authorization', admin);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(list.body[0].id);
    const me = await t.http.post('/api/getuser').set('Authorization', admin);
    expect((await t.http.get(`/api/admin/users/${me.body.user._id}`).set('Authorization', admin)).status).toBe(404);
    expect((await t.http.get('/api/admin/users/not-a-uuid').set('Authorization', admin)).status).toBe(404);
  });

  it('refuses sort, range and filter fields that are not allowed, with a 400 naming them', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ sort: JSON.stringify(['password_hash', 'ASC']) }, 'sort'],
      [{ sort: '["name"' }, 'sort'],
      [{ sort: JSON.stringify(['name', 'SIDEWAYS']) }, 'sort'],
      [{ range: JSON.stringify([5, 1]) }, 'range'],
      [{ range: JSON.stringify([0, 100000]) }, 'range'],
      [{ filter: JSON.stringify({ passwordHash: 'x' }) }, 'filter.passwordHash'],
      [{ filter: JSON.stringify({ type: 'student' }) }, 'filter.type'],
      [{ filter: '[1]' }, 'filter'],
    ];
    for (const [query, param] of cases) {
      const res = await t.http.get('/api/admin/users').query(query).set('Authorization', admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`The list parameter "${param}" is invalid.`);
    }
  });
});

describe('roles on the back-office API', () => {
  it('lets a sub-admin list users but not events', async () => {
    expect((await t.http.get('/api/admin/users').set('Authorization', sub)).status).toBe(200);
    const events = await t.http.get('/api/admin/events').set('Authorization', sub);
    expect(events.status).toBe(403);
    expect(events.body).toEqual({ success: false, message: 'You are not allowed to do this.' });
  });

  it('lets an admin list events', async () => {
    const res = await t.http.get('/api/admin/events').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('events 0-0/1');
    expect(res.body[0]).toMatchObject({ name: 'حدث', name_en: 'Event', type: 'wro', status: true });
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    expect((await t.http.get('/api/admin/users').set('Authorization', member)).status).toBe(403);
    expect((await t.http.get('/api/admin/users')).status).toBe(401);
  });
});
