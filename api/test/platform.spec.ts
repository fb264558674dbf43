import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ModulesContainer } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants';
import { PUBLIC_KEY, ROLES_KEY } from '../src/auth/roles';
import { loadConfig } from '../src/core/config';
import { startDraining } from '../src/health/health.service';
import { createPlan } from './builders';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/** The back-office's entry script as its built index.html names it (`assets/index-<hash>.js`). */
function adminScript(dist: string): string {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`npm run build\` first`);
  const script = /src="\/admin\/(assets\/index-[^"]+\.js)"/.exec(readFileSync(index, 'utf8'))?.[1];
  if (!script) throw new Error('no entry script in the back-office index.html');
  return script;
}

/** The back-office's largest script (the entry is a small loader: its packing says little). */
function largestScript(dist: string): string {
  const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const size = (f: string) => statSync(join(dist, 'assets', f)).size;
  return `assets/${scripts.sort((a, b) => size(b) - size(a))[0]}`;
}

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SIGNIN: '3' });
  });
  afterAll(() => t.close());

  it('sends the back-office precompressed, hashed files cached for good, the page revalidated', async () => {
    // The entry named by index.html, and the largest script (a hashed file as well).
    expect(existsSync(join(t.config.adminDist, adminScript(t.config.adminDist)))).toBe(true);
    const script = largestScript(t.config.adminDist);
    const raw = readFileSync(join(t.config.adminDist, script));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await t.http
        .get(`/admin/${script}`)
        .set('Accept-Encoding', accept)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      // Nothing to revalidate a file that never changes.
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
      // What goes on the wire (the client unpacks it) is a fraction of the script, and unpacks to it exactly.
      expect(Number(res.headers['content-length'])).toBeLessThan(raw.length / 2.5);
      expect((res.body as Buffer).equals(raw)).toBe(true);
    }
    const page = await t.http.get('/admin/users');
    expect(page.headers['cache-control']).toBe('no-cache');
    // A hashed file that is not there is a 404, not the page in its place.
    const missing = await t.http.get('/admin/assets/index-missing0.js');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Not found.');
    // In development the source maps are there for the developer.
    expect((await t.http.get(`/admin/${script}.map`)).status).toBe(200);
  });

  it('health checks the database and names the release, which every answer carries', async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/);
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      version,
      commit: expect.stringMatching(/^[0-9a-f]{7,40}$|^unknown$/),
    });
    expect(res.headers['x-app-version']).toBe(version);
    for (const path of ['/api/posts', '/api/nowhere', '/admin/', '/uploads/users/none.jpg'])
      expect((await t.http.get(path)).headers['x-app-version']).toBe(version);
  });

  it('answers liveness always and readiness while the database and the store answer and it is not draining', async () => {
    expect((await t.http.get('/api/health/live')).body).toEqual({ status: 'ok' });
    const ready = await t.http.get('/api/health/ready');
    expect([ready.status, ready.body]).toEqual([
      200,
      { status: 'ok', database: 'up', store: 'up', version: t.config.build.version },
    ]);
    startDraining();
    try {
      const draining = await t.http.get('/api/health/ready');
      expect([draining.status, draining.body.status]).toEqual([503, 'draining']);
      // Still serving what comes meanwhile.
      expect((await t.http.get('/api/regions')).status).toBe(200);
    } finally {
      startDraining(false);
    }
  });

  it('tells staff, and only staff, about the running release (/api/about)', async () => {
    expect((await t.http.get('/api/about')).status).toBe(401);
    const member = await signIn(t, await createUser(t, { type: 0 }));
    expect((await t.http.get('/api/about').set('Authorization', member)).status).toBe(403);
    const res = await t.http.get('/api/about').set('Authorization', await adminToken(t));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: t.config.build.version,
      commit: t.config.build.commit,
      node: process.versions.node,
      database: t.database.kind,
      migrations: { pending: [] },
    });
    expect(res.body.migrations.applied).toBeGreaterThan(30);
  });

  it('serves the 13 Saudi regions in English and Arabic', async () => {
    const res = await t.http.get('/api/regions');
    expect(res.body.regions).toHaveLength(13);
    expect(res.body.regions[0]).toMatchObject({ code: 'SA-01', en_name: 'Riyadh', ar_name: 'الرياض' });
  });

  it('serves nationalities in both languages and Saudi cities by region, with no outside call', async () => {
    const ar = await t.http.get('/api/countries').set('Accept-Language', 'ar');
    expect(ar.body.data).toEqual(expect.arrayContaining([{ iso2: 'SA', country: 'السعودية' }]));
    const en = await t.http.get('/api/countries').query({ lang: 'en' });
    expect(en.body.data).toEqual(expect.arrayContaining([{ iso2: 'SA', country: 'Saudi Arabia' }]));
    const regions = (await t.http.get('/api/regions')).body.regions;
    const riyadh = await t.http.get('/api/cities').query({ region: regions[0]._id });
    expect(riyadh.body.cities).toContain('Riyadh');
    expect(riyadh.body.cities).not.toContain('Jeddah');
    expect(riyadh.body.data).toContainEqual({ name: 'Al Kharj', ar_name: 'الخرج', region: regions[0]._id });
    expect((await t.http.get('/api/cities')).body.cities).toContain('Jeddah');
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/adduser-steb', '/api/admin/users']));
  });

  it('declares who may call every route (default deny)', () => {
    const undeclared: string[] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const proto = wrapper.metatype?.prototype as Record<string, unknown> | undefined;
        if (!proto) continue;
        for (const name of Object.getOwnPropertyNames(proto)) {
          const handler = proto[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
          const declared = ([handler, wrapper.metatype].filter(Boolean) as object[]).some(
            (target) => Reflect.getMetadata(ROLES_KEY, target) || Reflect.getMetadata(PUBLIC_KEY, target),
          );
          if (!declared) undeclared.push(`${wrapper.name}.${name}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('rate limits sign-in attempts on one account, with a translated 429', async () => {
    const user = await createUser(t, { type: 0 });
    const attempt = () =>
      t.http
        .post('/api/adduser-steb')
        .set('Accept-Language', 'ar')
        .send({ national_id: user.nationalId, password: 'wrong-password', type: 0, loginType: 'signin' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.');
    // Even the right password waits out the window.
    const right = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: user.nationalId, password: user.password, type: 0, loginType: 'signin' });
    expect(right.status).toBe(429);
  });

  it('rate limits opening payments per member, not per address', async () => {
    const plan = await createPlan(t);
    const buyer = await signIn(t, await createUser(t, { type: 1 }));
    const buy = (token: string) => t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.id });
    for (let i = 0; i < 3; i++) expect((await buy(buyer)).status).toBe(200);
    const blocked = await buy(buyer);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts. Please wait a minute and try again.');
    expect(await t.database.query('select count(*)::int as n from orders where plan_id = $1', [plan.id])).toEqual([
      { n: 3 },
    ]);
    // Another member from the same address is not held up by the first.
    expect((await buy(await signIn(t, await createUser(t, { type: 1 })))).status).toBe(200);
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/config-test', JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123' };
  it.each([
    [{ API_PORT: 'abc' }, 'API_PORT'],
    [{ API_PORT: '70000' }, 'API_PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'two' }, 'WEB_CONCURRENCY'],
    // The embedded database serves one process.
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
    [
      {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@localhost/db',
        SMTP_URL: 'smtp://localhost:25',
        WHATSAPP_TOKEN: 't',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
        WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
        JWT_SECRET: '',
      },
      'JWT_SECRET',
    ],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ WHATSAPP_TOKEN: 'abc' }, 'WHATSAPP_PHONE_NUMBER_ID'],
    [{ OTP_LENGTH: '3' }, 'OTP_LENGTH'],
    [{ NODE_ENV: 'production' }, 'DATABASE_URL'],
    [
      {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@localhost/db',
        SMTP_URL: 'smtp://localhost:25',
        WHATSAPP_TOKEN: 't',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
        WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
        TELR_STORE_ID: '1',
        TELR_AUTH_KEY: 'k',
        MEMBER_PROXY_SECRET: 'member-proxy-secret-member-proxy-secret-0123',
      },
      'SELLER_VAT_NUMBER',
    ],
    [{ SELLER_VAT_NUMBER: '123456789012345' }, 'SELLER_VAT_NUMBER'],
    // The status webhook's secrets, with WhatsApp on in production, and never short.
    [
      {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@localhost/db',
        SMTP_URL: 'smtp://localhost:25',
        WHATSAPP_TOKEN: 't',
        WHATSAPP_PHONE_NUMBER_ID: '1',
      },
      'WHATSAPP_APP_SECRET',
    ],
    [
      {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@localhost/db',
        SMTP_URL: 'smtp://localhost:25',
        WHATSAPP_TOKEN: 't',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
      },
      'WHATSAPP_VERIFY_TOKEN',
    ],
    [{ WHATSAPP_APP_SECRET: 'short' }, 'WHATSAPP_APP_SECRET'],
  ])('a bad value stops the start and names the variable: %o', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`Configuration error: ${name} `));
  });

  it('runs one process in development and one per core in production, the jobs in one of them', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@localhost/db',
      SMTP_URL: 'smtp://localhost:25',
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
      WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
      MEMBER_PROXY_SECRET: 'member-proxy-secret-member-proxy-secret-0123',
      MEMBER_URL: 'https://member.example.sa',
      PUBLIC_API_URL: 'https://api.example.sa',
      TELR_STORE_ID: '1',
      TELR_AUTH_KEY: 'key',
      SELLER_VAT_NUMBER: '300000000000003',
    };
    expect(loadConfig(base)).toMatchObject({ webConcurrency: 1, runJobs: true });
    expect(loadConfig(production).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ ...production, WEB_CONCURRENCY: '3', API_WORKER_JOBS: '0' })).toMatchObject({
      webConcurrency: 3,
      runJobs: false,
    });
  });

  it('takes good values', () => {
    const c = loadConfig({ ...base, API_PORT: '4100', DEMO: '0', DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(c).toMatchObject({ port: 4100, demo: false, databaseUrl: 'postgres://u@localhost:5432/db' });
  });
});

describe('production mode', () => {
  it('has no development routes', async () => {
    const t = await startTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      SMTP_URL: 'smtp://127.0.0.1:1',
      WHATSAPP_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
      WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
      TELR_STORE_ID: '1',
      TELR_AUTH_KEY: 'key',
      SELLER_VAT_NUMBER: '300000000000003',
      MEMBER_PROXY_SECRET: 'member-proxy-secret-member-proxy-secret-0123',
      LOG_LEVEL: 'silent',
    });
    try {
      expect((await t.http.get('/api/dev/outbox')).status).toBe(404);
      // With Telr configured there is no sandbox payment page.
      expect((await t.http.get(`/api/sandbox/pay/SBX${'0'.repeat(24)}`)).status).toBe(404);
      expect((await t.http.get('/api/health')).status).toBe(200);
      // No source maps for anyone; the script itself still served.
      const script = adminScript(t.config.adminDist);
      expect((await t.http.get(`/admin/${script}.map`)).status).toBe(404);
      expect((await t.http.get(`/admin/${script}`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
