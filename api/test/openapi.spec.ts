import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openapiSchemaToJsonSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import Ajv from 'ajv';
import { AccountType } from '@platform/contract';
import { createPlan } from './builders';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

const ROOT = join(__dirname, '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}
interface Report {
  totals: { errors: number; warnings: number };
  problems: Problem[];
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};
type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<
    string,
    { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
};

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  dir = mkdtempSync(join(tmpdir(), 'openapi-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const describeDoc = async () => (await t.http.get('/api/docs-json')).body as Doc;

/** `redocly lint` with the repository's redocly.yaml, on a document; its JSON report. */
async function lint(doc: unknown, name = 'openapi.json'): Promise<Report> {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc));
  const args = [
    REDOCLY,
    'lint',
    file,
    '--config',
    join(ROOT, 'redocly.yaml'),
    '--format',
    'json',
    '--max-problems',
    '10000',
  ];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NODE_OPTIONS: '' };
  // The linter exits 1 when it finds an error; its report is on standard output either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 64 << 20 }).catch(
    (err: { stdout?: string; stderr?: string }) => {
      if (!err.stdout) throw err;
      return { stdout: err.stdout };
    },
  );
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as Report;
}

const errors = (report: Report) =>
  report.problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);

it('the OpenAPI description passes Redocly’s linter with no error (issue 36)', async () => {
  const doc = await describeDoc();
  // OPENAPI_OUT=file keeps the document, to read it or lint it by hand (npx redocly lint file).
  if (process.env.OPENAPI_OUT) writeFileSync(process.env.OPENAPI_OUT, JSON.stringify(doc, null, 2));
  const report = await lint(doc);
  expect(errors(report)).toEqual([]);
  expect(report.totals.errors).toBe(0);
});

it('the linter fails on a planted error: an operation without its error answers or its security', async () => {
  const doc = await describeDoc();
  const op = doc.paths['/api/accounts'].get;
  delete op.security;
  for (const status of Object.keys(op.responses)) if (status.startsWith('4')) delete op.responses[status];
  (doc as { security?: unknown }).security = undefined;
  const found = errors(await lint(doc, 'planted.json'));
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^security-defined: .* at #\/paths\/~1api~1accounts\/get/),
      expect.stringMatching(/^operation-4xx-response: .* at #\/paths\/~1api~1accounts\/get/),
    ]),
  );
});

it('every operation answers the one error shape, and protected ones name their security scheme', async () => {
  const doc = await describeDoc();
  expect(doc.components.schemas.Error).toMatchObject({ required: ['success', 'message'] });
  const wrong: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const [status, answer] of Object.entries(op.responses)) {
        if (/^[45]/.test(status) && !answer.$ref?.startsWith('#/components/responses/'))
          wrong.push(`${name} ${status}`);
      }
      if (!op.responses['400']) wrong.push(`${name}: no 400`);
      // Back-office and member routes are protected; the sign-in and public reference data are not.
      if (path.startsWith('/api/admin/') && !op.security?.some((s) => 'token' in s)) wrong.push(`${name}: no security`);
      if (op.security?.some((s) => 'token' in s) && !op.responses['401']) wrong.push(`${name}: no 401`);
    }
  }
  expect(wrong).toEqual([]);
  expect(doc.paths['/api/admin-login'].post.security).toEqual([]);
  expect(doc.paths['/api/accounts'].get.security).toEqual([{ token: [] }]);
  expect(Object.keys(doc.paths['/api/adduser-steb'].post.responses)).toEqual(
    expect.arrayContaining(['200', '400', '429']),
  );
});

it('back-office lists document sort, range and filter, and their Content-Range header', async () => {
  const doc = await describeDoc();
  const list = doc.paths['/api/admin/users'].get;
  expect(list.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
    expect.arrayContaining(['sort', 'range', 'filter']),
  );
  expect(list.responses['200'].headers).toHaveProperty('Content-Range');
});

it('every JSON success answer names its shape from the contract, not the generic Answer (issue 36)', async () => {
  const doc = await describeDoc();
  const generic: string[] = [];
  let typed = 0;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      for (const [status, answer] of Object.entries(op.responses)) {
        const schema = answer.content?.['application/json']?.schema;
        if (!status.startsWith('2') || !schema) continue;
        const text = JSON.stringify(schema);
        if (text.includes('#/components/schemas/Answer"') || text.includes('#/components/schemas/Record"')) {
          // The List-Unsubscribe address answers a redirect (@Redirect), never a body.
          if (op.operationId !== 'UnsubscribeController_page')
            generic.push(`${method.toUpperCase()} ${path} (${op.operationId})`);
        } else typed++;
      }
    }
  }
  expect(generic).toEqual([]);
  expect(typed).toBeGreaterThan(150);
  // The contract's shapes the answers name are in the description (and Redocly finds no dangling reference).
  expect(doc.components.schemas).toHaveProperty('HomeView');
  expect(doc.components.schemas).toHaveProperty('MemberUser');
});

/** The schema of an operation's success answer, as JSON Schema (the description's refs resolved by ajv). */
function validator(doc: Doc) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // OpenAPI 3.0's dialect (nullable, …) as JSON Schema, by the maintained converter; the answers'
  // $refs resolve inside the root schema, which carries the components beside it.
  const json = (schema: unknown) => {
    const { $schema: _draft, ...converted } = openapiSchemaToJsonSchema(schema as object) as Record<string, unknown>;
    return converted;
  };
  const components = {
    schemas: Object.fromEntries(Object.entries(doc.components.schemas).map(([name, schema]) => [name, json(schema)])),
  };
  return (path: string, method: string, body: unknown) => {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`no operation ${method} ${path}`);
    const status = Object.keys(op.responses).find((s) => s.startsWith('2'))!;
    const schema = op.responses[status].content?.['application/json']?.schema;
    if (!schema) throw new Error(`${method} ${path}: no JSON answer`);
    const validate = ajv.compile({ ...json(schema), components });
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${method} ${path}${e.instancePath} ${e.message}`);
  };
}

it('real answers validate against the shapes the description gives them (a sample, member and back-office)', async () => {
  const doc = await describeDoc();
  const check = validator(doc);
  await createPlan(t);
  const student = await createUser(t, { type: AccountType.Student });
  const member = await signIn(t, student);
  const coach = await signIn(t, await createUser(t, { type: AccountType.Coach }));
  const admin = await adminToken(t);
  const calls: [path: string, method: 'get' | 'post', url: string, token?: string][] = [
    ['/api/site', 'get', '/api/site'],
    ['/api/health', 'get', '/api/health'],
    ['/api/regions', 'get', '/api/regions'],
    ['/api/cities', 'get', '/api/cities'],
    ['/api/posts', 'get', '/api/posts'],
    ['/api/categories', 'get', '/api/categories'],
    ['/api/announcements', 'get', '/api/announcements'],
    ['/api/events', 'get', '/api/events'],
    ['/api/plans', 'get', '/api/plans?type=coach'],
    ['/api/registrations', 'get', '/api/registrations', coach],
    ['/api/public/competitions', 'get', '/api/public/competitions'],
    ['/api/home', 'get', '/api/home', member],
    ['/api/getuser', 'post', '/api/getuser', member],
    ['/api/accounts', 'get', '/api/accounts', member],
    ['/api/team-invitations', 'get', '/api/team-invitations', member],
    ['/api/privacy', 'get', '/api/privacy', member],
    ['/api/accounts/correction', 'get', '/api/accounts/correction', member],
    ['/api/orders', 'post', '/api/orders', member],
    ['/api/certificates', 'get', '/api/certificates', member],
    ['/api/research', 'get', '/api/research', member],
    ['/api/admin/dashboard', 'get', '/api/admin/dashboard', admin],
    ['/api/admin/users', 'get', '/api/admin/users', admin],
    ['/api/admin/users/{id}', 'get', `/api/admin/users/${student.id}`, admin],
    ['/api/admin/audit', 'get', '/api/admin/audit', admin],
    ['/api/admin/broadcasts/choices', 'get', '/api/admin/broadcasts/choices', admin],
    ['/api/about', 'get', '/api/about', admin],
    ['/api/gallery', 'get', '/api/gallery', admin],
    // Every back-office resource has its contract record type (admins, content, seasons, settings, ...).
    ['/api/admin/admins', 'get', '/api/admin/admins', admin],
    ['/api/admin/plans', 'get', '/api/admin/plans', admin],
    ['/api/admin/settings', 'get', '/api/admin/settings', admin],
    ['/api/admin/events', 'get', '/api/admin/events', admin],
    ['/api/admin/event-days', 'get', '/api/admin/event-days', admin],
    ['/api/admin/partners', 'get', '/api/admin/partners', admin],
  ];
  const wrong: string[] = [];
  for (const [path, method, url, token] of calls) {
    const req = method === 'get' ? t.http.get(url) : t.http.post(url).send({});
    const res = await (token ? req.set('Authorization', token) : req);
    if (res.status >= 300) wrong.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    else wrong.push(...check(path, method, res.body));
  }
  // Records written through the resources' routes: the create's answer, then the list's.
  const writes: [path: string, body: Record<string, unknown>][] = [
    ['/api/admin/categories', { name: 'تصنيف', name_en: 'Category' }],
    ['/api/admin/announcements', { name: 'إعلان', name_en: 'Announcement', link: 'https://example.com/news' }],
    ['/api/admin/seasons', { name: 'موسم', name_en: 'Season' }],
    ['/api/admin/competitions', { name: 'مسابقة', name_en: 'Competition' }],
  ];
  for (const [path, body] of writes) {
    const created = await t.http.post(path).set('Authorization', admin).send(body);
    if (created.status !== 201) wrong.push(`post ${path}: ${created.status} ${JSON.stringify(created.body)}`);
    else wrong.push(...check(path, 'post', created.body));
    const listed = await t.http.get(path).set('Authorization', admin);
    expect((listed.body as unknown[]).length).toBeGreaterThan(0);
    wrong.push(...check(path, 'get', listed.body));
  }
  expect(wrong).toEqual([]);
  const plans = (await t.http.get('/api/admin/plans').set('Authorization', admin)).body as Record<string, unknown>[];
  expect(plans.length).toBeGreaterThan(0);
  // A record type's field of the wrong type fails the check (a competition's ranking rules missing).
  const competitions = (await t.http.get('/api/admin/competitions').set('Authorization', admin)).body as Record<
    string,
    unknown
  >[];
  const { ranking: _ranking, ...noRanking } = competitions[0];
  expect(check('/api/admin/competitions', 'get', [noRanking])).toEqual([
    expect.stringMatching(/must have required property 'ranking'/),
  ]);
  expect(check('/api/admin/plans', 'get', [{ ...plans[0], archived: 'no' }])).toEqual([
    expect.stringMatching(/^get \/api\/admin\/plans\/0\/archived must be boolean/),
  ]);

  // The check can fail: a field of the wrong type, a required one missing.
  const home = (await t.http.get('/api/home').set('Authorization', member)).body as Record<string, unknown>;
  expect(check('/api/home', 'get', { ...home, fullAccess: 'yes' })).toEqual([
    expect.stringMatching(/^get \/api\/home\/fullAccess must be boolean/),
  ]);
  const { user: _user, ...noUser } = home;
  expect(check('/api/home', 'get', noUser)).toEqual([expect.stringMatching(/must have required property 'user'/)]);
});
