import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * The whole back-office permission matrix: every route under /api/admin (read from the OpenAPI
 * description, so a new route cannot slip past) × anonymous, student, coach, entity, sub-admin and
 * admin. Anonymous callers get 401, members 403, a sub-admin reaches only the dashboard, the
 * users' list, view, edit and export (and the picture upload their form uses) and the members'
 * correction requests; admins reach all.
 */
const SUB_ADMIN_ALLOWED = new Set([
  'GET /api/admin/dashboard',
  'GET /api/admin/users',
  'GET /api/admin/users/export',
  'GET /api/admin/users/{id}',
  'PUT /api/admin/users/{id}',
  // A member's privacy requests are shown on their page; asking for a deletion is an admin's.
  'GET /api/admin/users/{id}/privacy',
  'POST /api/admin/uploads/picture',
  // Correcting a member's date of birth or grade is editing an ordinary member.
  'GET /api/admin/corrections',
  'GET /api/admin/corrections/{id}',
  'POST /api/admin/corrections/{id}/approve',
  'POST /api/admin/corrections/{id}/decline',
  // Broadcasts: a sub-admin's segment must name a competition, season or region (the service checks it).
  'GET /api/admin/broadcasts',
  'GET /api/admin/broadcasts/{id}',
  'GET /api/admin/broadcasts/choices',
  'POST /api/admin/broadcasts',
  'POST /api/admin/broadcasts/preview',
  'PUT /api/admin/broadcasts/{id}',
  'POST /api/admin/broadcasts/{id}/cancel',
  'POST /api/admin/broadcasts/{id}/retry',
  'GET /api/admin/broadcast-recipients',
  'GET /api/admin/broadcast-recipients/{id}',
]);

let t: TestApp;
const tokens: Record<string, string | null> = {};
beforeAll(async () => {
  t = await startTestApp();
  tokens.anonymous = null;
  for (const [role, type] of [
    ['student', 0],
    ['coach', 1],
    ['entity', 2],
  ] as const) {
    tokens[role] = await signIn(t, await createUser(t, { type, email: `${role}@matrix.example` }));
  }
  const sub = await createUser(t, { type: 5, email: 'sub@matrix.example' });
  tokens.sub_admin = await adminToken(t, sub.email!, sub.password);
  tokens.admin = await adminToken(t);
});
afterAll(() => t.close());

it('answers every back-office route with the status each role should get', async () => {
  const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/') || path.startsWith('/api/gallery'))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
  expect(routes.length).toBeGreaterThan(25);

  const id = '00000000-0000-4000-8000-000000000000';
  const wrong: string[] = [];
  for (const route of routes) {
    const [method, template] = route.split(' ');
    const url = template.replace(/\{[^}]+\}/g, (p) => (p === '{index}' ? '0' : id));
    for (const [role, token] of Object.entries(tokens)) {
      let req = t.http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
      if (token) req = req.set('Authorization', token);
      const status = (await req.send({})).status;
      const expected =
        role === 'anonymous'
          ? [401]
          : ['student', 'coach', 'entity'].includes(role)
            ? [403]
            : role === 'sub_admin' && !SUB_ADMIN_ALLOWED.has(route)
              ? [403]
              : 'allowed';
      const ok = expected === 'allowed' ? ![401, 403, 500].includes(status) : expected.includes(status);
      if (!ok) wrong.push(`${route} as ${role}: ${status}`);
    }
  }
  expect(wrong).toEqual([]);
});

describe('fields only an admin may change (issue 31)', () => {
  const put = (id: string, token: string, body: object, lang = 'en') =>
    t.http.put(`/api/admin/users/${id}`).set('Authorization', token).set('Accept-Language', lang).send(body);

  it('a sub-admin cannot give out a plan, move its dates or change a member’s type', async () => {
    const coach = await createUser(t, { type: 1, subscription: false, startDate: null, endDate: null });
    for (const [body, field] of [
      [{ subcription: true, end_date: '2099-12-31' }, 'subcription'],
      [{ end_date: '2099-12-31' }, 'end_date'],
      [{ start_date: '2026-01-01' }, 'start_date'],
      [{ type: 2 }, 'type'],
    ] as const) {
      const res = await put(coach.id, tokens.sub_admin!, body);
      expect([res.status, res.body.message, res.body.field]).toEqual([
        403,
        'Only an admin may change a member’s type, plan or plan dates.',
        field,
      ]);
    }
    const ar = await put(coach.id, tokens.sub_admin!, { subcription: true }, 'ar');
    expect([ar.status, ar.body.message]).toEqual([403, 'لا يغيّر نوع العضو أو خطته أو تواريخها إلا المدير.']);
    const after = (await t.http.get(`/api/admin/users/${coach.id}`).set('Authorization', tokens.admin!)).body;
    expect(after).toMatchObject({ type: 1, subcription: false, start_date: null, end_date: null });
  });

  it('a sub-admin still edits the rest, with the whole record sent back as the form does; an admin changes all', async () => {
    const coach = await createUser(t, { type: 1, subscription: true, startDate: '2026-01-01', endDate: '2026-12-31' });
    const record = (await t.http.get(`/api/admin/users/${coach.id}`).set('Authorization', tokens.admin!)).body;
    const edited = await put(coach.id, tokens.sub_admin!, { ...record, name: 'Renamed by a sub-admin' });
    expect([edited.status, edited.body.name, edited.body.end_date]).toEqual([
      200,
      'Renamed by a sub-admin',
      '2026-12-31',
    ]);
    const byAdmin = await put(coach.id, tokens.admin!, { subcription: false, end_date: '2027-06-30', type: 2 });
    expect([byAdmin.status, byAdmin.body.subcription, byAdmin.body.end_date, byAdmin.body.type]).toEqual([
      200,
      false,
      '2027-06-30',
      2,
    ]);
  });
});
