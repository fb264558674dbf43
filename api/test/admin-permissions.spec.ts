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
  'POST /api/admin/uploads/picture',
  // Correcting a member's date of birth or grade is editing an ordinary member.
  'GET /api/admin/corrections',
  'GET /api/admin/corrections/{id}',
  'POST /api/admin/corrections/{id}/approve',
  'POST /api/admin/corrections/{id}/decline',
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
