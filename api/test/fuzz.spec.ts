import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * Every operation of the OpenAPI description, called with generated paths, queries and bodies,
 * anonymously and as a student, a coach and an admin: no 5xx, every refusal in the error shape, and
 * an operation that refused every call left every table as it was (nothing half-written).
 * FUZZ_RUNS calls per operation: few in `npm test`, 1,000 in `npm run test:fuzz -w api`.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
// Tables a refused call may legitimately write: counters of the rate limits.
const MAY_CHANGE = new Set(['rate_limits']);

let t: TestApp;
let tokens: Record<'none' | 'student' | 'coach' | 'admin', string | undefined>;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SIGNIN: '100000' });
  const student = await createUser(t, { type: 0 });
  const coach = await createUser(t, { type: 1 });
  tokens = {
    none: undefined,
    student: await signIn(t, student),
    coach: await signIn(t, coach),
    admin: await adminToken(t),
  };
});
afterAll(() => t.close());

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
  fields: string[];
}

const strange = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '\u0000',
  '\ud800',
  '٠١٢٣٤٥٦٧٨٩',
  'a'.repeat(5000),
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
  '{"$gt":""}',
  '[0,9]',
  '["name","DESC"]',
  '["x;drop table users","ASC"]',
);
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  strange,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
);
const value = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);
/** Percent-encoding; a lone surrogate (no UTF-8 form) goes as the invalid bytes it would be. */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};
const segment = fc.oneof(
  fc.oneof(fc.uuid(), strange, fc.string({ minLength: 1, maxLength: 20 }), fc.nat().map(String)).map(encode),
  fc.constantFrom('%ZZ', '%ED%A0%80', '%2e%2e%2f', '..', '%00', '%252e%252e'),
);
const queryKeys = ['sort', 'range', 'filter', 'q', 's', 'page', 'limit', 'home', 'type', 'id', 'to', 'region', 'lang'];
const query = fc.dictionary(
  fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 6 })),
  fc.oneof(scalar.map(String), fc.json()),
  {
    maxKeys: 4,
  },
);
const malformed = fc.constantFrom('{', '[1,', '{"a":1}{}', 'null', '"x"', '\u0000', '{"__proto__":{"admin":true}}');

function body(op: Operation) {
  const keys = fc.constantFrom(...op.fields);
  return fc.oneof(
    fc.dictionary(keys, value, { maxKeys: op.fields.length }),
    fc.dictionary(fc.oneof(keys, fc.string({ maxLength: 8 })), value, { maxKeys: 6 }),
    value,
    malformed.map((raw) => ({ raw })),
  );
}

function call(op: Operation) {
  return fc.record({
    as: fc.constantFrom('none', 'student', 'coach', 'admin' as const),
    params: fc.array(segment, { minLength: 4, maxLength: 4 }),
    query,
    body: op.method === 'get' || op.method === 'delete' ? fc.constant(undefined) : body(op),
  });
}

async function counts(): Promise<Record<string, number>> {
  const db = t.database.db;
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (MAY_CHANGE.has(name)) continue;
    const r = (await db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
      rows: { n: number }[];
    };
    out[name] = Number(r.rows[0].n);
  }
  return out;
}

it(
  `answers generated calls to every operation without a 5xx (${RUNS} per operation)`,
  async () => {
    const doc = (await t.http.get('/api/docs-json')).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const operations: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, spec] of Object.entries(methods)) {
        const ref = spec.requestBody?.content?.['application/json']?.schema?.$ref?.split('/').pop();
        const declared = Object.keys((ref && doc.components.schemas[ref]?.properties) || {});
        const common = ['id', 'name', 'email', 'password', 'type', 'status', 'title', 'national_id', 'user_id', 'code'];
        operations.push({
          method: method as Operation['method'],
          path,
          fields: [...new Set([...declared, ...common])],
        });
      }
    }
    // Signing out ends the sessions the other calls use: last.
    const signsOut = (o: Operation) => Number(o.path.startsWith('/api/logout'));
    operations.sort((a, b) => signsOut(a) - signsOut(b));
    expect(operations.length).toBeGreaterThan(100);

    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const op of operations) {
      const before = await counts();
      let accepted = false;
      const result = await fc.check(
        fc.asyncProperty(call(op), async (c) => {
          let i = 0;
          const path = op.path.replace(/\{[^}]+\}/g, () => c.params[i++]);
          const search = Object.entries(c.query).map(([k, v]) => `${encode(k)}=${encode(v)}`);
          const url = search.length ? `${path}?${search.join('&')}` : path;
          let req = t.http[op.method](url).set('Accept-Language', c.params[0].length % 2 ? 'ar' : 'en');
          const token = tokens[c.as];
          if (token) req = req.set('Authorization', token);
          if (c.body && typeof c.body === 'object' && 'raw' in c.body && typeof c.body.raw === 'string') {
            req = req.set('Content-Type', 'application/json').send(c.body.raw);
          } else if (c.body !== null && typeof c.body === 'object') {
            req = req.send(c.body);
          } else if (c.body !== undefined) {
            req = req.set('Content-Type', 'application/json').send(JSON.stringify(c.body)); // a bare JSON value
          }
          const res = await req;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status < 400) accepted = true;
          if (res.status >= 500) return false;
          if (res.status >= 400 && res.type === 'application/json') {
            const message = (res.body as { message?: unknown }).message;
            if (typeof message !== 'string' || !message) return false;
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${op.method.toUpperCase()} ${op.path}: ${JSON.stringify(result.counterexample)?.slice(0, 600)} ${result.errorInstance ?? ''} (seed ${result.seed})`,
        );
      }
      if (!accepted) {
        const after = await counts();
        const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
        if (changed.length)
          failures.push(`${op.method.toUpperCase()} ${op.path} refused every call yet changed ${changed.join(', ')}`);
      }
    }
    console.log(`fuzz: ${operations.length} operations, answers by status: ${JSON.stringify(statuses)}`);
    // The API still answers after all of it.
    expect((await t.http.get('/api/health')).status).toBe(200);
    expect(failures).toEqual([]);
  },
  30 * 60_000,
);

it('answers 400 to text the database cannot store (a NUL character), in the path, query and body', async () => {
  expect((await t.http.get('/api/posts/%00')).status).toBe(400);
  expect((await t.http.get('/api/settings?site_name=a%00b')).status).toBe(400);
  const res = await t.http
    .post('/api/contactus')
    .send({ name: 'A\u0000B', email: 'a@b.example', phone: '0551234567', message: 'x' });
  expect(res.status).toBeLessThan(500);
});
