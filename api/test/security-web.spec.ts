import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../src/core/config';
import { categories, sessions } from '../src/db/schema';
import { ADMIN, adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * Issue 22, hardening: HSTS and the OpenAPI page in production, the back-office's policy, and the
 * back-office session in an httpOnly SameSite=Strict cookie with a CSRF proof and an idle timeout.
 */

/** What NODE_ENV=production requires; the harness still opens its own test database. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  WHATSAPP_TOKEN: 'token',
  WHATSAPP_PHONE_NUMBER_ID: '1',
  WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
  WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
  TELR_STORE_ID: '1',
  TELR_AUTH_KEY: 'key',
  SELLER_VAT_NUMBER: '300000000000003',
  MEMBER_PROXY_SECRET: 'member-proxy-secret-member-proxy-secret-0123',
  MEMBER_URL: 'https://member.example.sa',
  PUBLIC_API_URL: 'https://api.example.sa',
  OUTBOX_WORKER: '0',
  PAYMENT_RECONCILE_MS: '86400000',
  LOG_LEVEL: 'silent',
  TRUST_PROXY_HOPS: '1',
};

const cookieSignIn = (t: TestApp, lang = 'en') =>
  t.http
    .post('/api/admin-login')
    .set('X-Admin-Session', 'cookie')
    .set('Accept-Language', lang)
    .send({ national_id: ADMIN.email, password: ADMIN.password, type: 4, loginType: 'signin' });

/** The `admin_session=…` pair of a response's Set-Cookie, to send back as a browser would. */
function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const set = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const line = set.find((c) => c.startsWith('admin_session='));
  if (!line) throw new Error(`no admin_session cookie in ${JSON.stringify(set)}`);
  return line.split(';')[0];
}

describe('production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(PRODUCTION);
  });
  afterAll(() => t.close());

  it('sends HSTS on the API and the back-office over https only (issue 31)', async () => {
    for (const path of ['/api/health', '/admin/']) {
      // Behind the load balancer that ended TLS (TRUST_PROXY_HOPS=1 believes its X-Forwarded-Proto).
      const res = await t.http.get(path).set('X-Forwarded-Proto', 'https');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // Plain http: a browser ignores HSTS there, and a scanner reports it as a misconfiguration.
      const plain = await t.http.get(path);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
    // A client's own X-Forwarded-Proto is not believed without a proxy in front.
    const direct = await startTestApp({ ...PRODUCTION, TRUST_PROXY_HOPS: '0' });
    try {
      const spoofed = await direct.http.get('/api/health').set('X-Forwarded-Proto', 'https');
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });

  it('does not serve the OpenAPI description without API_DOCS=1', async () => {
    expect((await t.http.get('/api/docs')).status).toBe(404);
    expect((await t.http.get('/api/docs-json')).status).toBe(404);
    expect(loadConfig({ ...PRODUCTION, JWT_SECRET: 'Jq7vX2pL9mN4rT8wY3zB6cF1hK5sD0gA', API_DOCS: '1' }).apiDocs).toBe(
      true,
    );
  });

  it('sets the back-office cookie httpOnly, SameSite=Strict, Secure, on /api, without the token in a header', async () => {
    const res = await cookieSignIn(t);
    expect(res.status).toBe(200);
    expect(res.headers.authorization).toBeUndefined();
    expect(typeof res.body.csrf).toBe('string');
    const line = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('admin_session='))!;
    const attributes = line.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api', 'secure']));
    expect(attributes.some((a) => a.startsWith('max-age') || a.startsWith('expires'))).toBe(false);
  });
});

describe('development defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves the OpenAPI page and no HSTS (plain http on a developer machine)', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('puts the OpenAPI page under its own policy (issue 31)', async () => {
    for (const path of ['/api/docs', '/api/docs/']) {
      const res = await t.http.get(path).redirects(1);
      expect(res.status).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('sends a Permissions-Policy that turns off what the platform never uses (issue 31)', async () => {
    for (const path of ['/api/health', '/admin/', '/api/posts', '/api/nowhere']) {
      const policy = String((await t.http.get(path)).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect([path, policy]).toEqual([path, expect.stringContaining(feature)]);
    }
  });

  it('gives the back-office a strict script policy and refuses framing', async () => {
    const res = await t.http.get('/admin/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('back-office session cookie', () => {
  let t: TestApp;
  let cookie: string;
  let csrf: string;
  let categoryId: string;
  beforeAll(async () => {
    t = await startTestApp({ STAFF_IDLE_MINUTES: '30' });
    const res = await cookieSignIn(t);
    cookie = sessionCookie(res);
    csrf = res.body.csrf as string;
    const [row] = await t.database.db
      .insert(categories)
      .values({ name: 'فئة', nameEn: 'Category', status: true })
      .returning();
    categoryId = row.id;
  });
  afterAll(() => t.close());

  const nameOf = async () =>
    (await t.database.db.select().from(categories).where(eq(categories.id, categoryId)))[0].nameEn;
  const rename = (nameEn: string) =>
    t.http.put(`/api/admin/categories/${categoryId}`).set('Cookie', cookie).send({ name_en: nameEn });

  it('is not set for API clients, which keep the token in the Authorization header', async () => {
    const res = await t.http
      .post('/api/admin-login')
      .send({ national_id: ADMIN.email, password: ADMIN.password, type: 4, loginType: 'signin' });
    expect(res.headers.authorization).toBeTruthy();
    expect(res.headers['set-cookie']).toBeUndefined();
    const bearer = await t.http
      .put(`/api/admin/categories/${categoryId}`)
      .set('Authorization', `Bearer ${res.headers.authorization}`)
      .send({ name_en: 'By bearer' });
    expect(bearer.status).toBe(200);
    expect(await nameOf()).toBe('By bearer');
  });

  it('reads with the cookie alone and hands the CSRF token back to a reloaded page', async () => {
    const list = await t.http.get('/api/admin/categories').set('Cookie', cookie);
    expect(list.status).toBe(200);
    const me = await t.http.get('/api/admin-session').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, csrf, user: { email: ADMIN.email, type: 4 } });
  });

  it('refuses a state-changing call with the cookie but without the CSRF proof (403), and writes nothing', async () => {
    const before = await nameOf();
    const bare = await rename('Forged');
    expect(bare.status).toBe(403);
    expect(bare.body).toEqual({
      success: false,
      message: 'This request did not come from the back-office page. Reload the page and try again.',
    });
    const wrong = await rename('Forged').set('X-CSRF-Token', csrf.slice(1) + 'x');
    expect(wrong.status).toBe(403);
    const arabic = await rename('Forged').set('Accept-Language', 'ar');
    expect(arabic.body.message).toBe('لم يصدر هذا الطلب من صفحة لوحة التحكم. أعد تحميل الصفحة ثم حاول مرة أخرى.');
    const otherSite = await rename('Forged').set('X-CSRF-Token', csrf).set('Origin', 'https://evil.example');
    expect(otherSite.status).toBe(403);
    const crossSite = await rename('Forged').set('X-CSRF-Token', csrf).set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(403);
    const logout = await t.http.post('/api/logout').set('Cookie', cookie);
    expect(logout.status).toBe(403);
    expect(await nameOf()).toBe(before);
  });

  it('accepts the call with the session CSRF token from the page’s own origin', async () => {
    const host = 'admin.test.example';
    const res = await rename('Renamed')
      .set('X-CSRF-Token', csrf)
      .set('Host', host)
      .set('Origin', `https://${host}`)
      .set('Sec-Fetch-Site', 'same-origin');
    expect(res.status).toBe(200);
    expect(await nameOf()).toBe('Renamed');
  });

  it("does not accept another session's CSRF token", async () => {
    const other = await cookieSignIn(t);
    expect(other.body.csrf).not.toBe(csrf);
    expect((await rename('Other').set('X-CSRF-Token', other.body.csrf as string)).status).toBe(403);
  });

  it('ends a staff session idle longer than STAFF_IDLE_MINUTES; activity extends it', async () => {
    const res = await cookieSignIn(t);
    const idleCookie = sessionCookie(res);
    const [{ id }] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    const seen = (minutesAgo: number) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(sessions.id, id));

    // 20 minutes idle: still alive, and the call moves the last-seen time to now.
    await seen(20);
    const before = Date.now();
    expect((await t.http.get('/api/admin-session').set('Cookie', idleCookie)).status).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);

    // 31 minutes idle: ended, the row revoked, the cookie cleared.
    await seen(31);
    const ended = await t.http.get('/api/admin-session').set('Cookie', idleCookie);
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe('Your session has ended. Please sign in again.');
    expect(String(ended.headers['set-cookie'])).toMatch(/admin_session=;/);
    const [revoked] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(revoked.revokedAt).not.toBeNull();
    await seen(0);
    expect((await t.http.get('/api/admin-session').set('Cookie', idleCookie)).status).toBe(401);
  });

  it('applies the idle timeout to staff bearer tokens too, but not to members', async () => {
    const token = await adminToken(t);
    const member = await createUser(t, { type: 0 });
    const memberToken = await signIn(t, member);
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 6 * 3_600_000) });
    expect((await t.http.get('/api/admin/categories').set('Authorization', token)).status).toBe(401);
    expect((await t.http.post('/api/getuser').set('Authorization', memberToken)).status).toBe(200);
  });

  it('signs out with the CSRF proof: the session ends and the cookie is cleared', async () => {
    const res = await cookieSignIn(t);
    const own = sessionCookie(res);
    const out = await t.http
      .post('/api/logout')
      .set('Cookie', own)
      .set('X-CSRF-Token', res.body.csrf as string);
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/admin_session=;.*Path=\/api/);
    expect((await t.http.get('/api/admin-session').set('Cookie', own)).status).toBe(401);
  });
});

describe('answers with personal data are never stored by a browser or a proxy (issue 31)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Reference lists, the same for everyone and for a long time: the only answers a cache may keep. */
  const PUBLIC = new Set([
    '/api/regions',
    '/api/countries',
    '/api/cities',
    // The key that signs certificates' credentials (issue 33): the same for everyone, fetched by verifiers.
    '/api/certificates/jwks.json',
  ]);

  it('every API answer says no-store, for members, staff and anonymous callers, unless it is public reference data', async () => {
    const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
    const reads = Object.entries(doc.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path)
      .filter((path) => !path.startsWith('/api/docs'));
    expect(reads).toEqual(expect.arrayContaining(['/api/accounts', '/api/home', '/api/teams', '/api/admin/users']));
    const callers: Record<string, string | null> = {
      anonymous: null,
      student: await signIn(t, await createUser(t, { type: 0 })),
      coach: await signIn(
        t,
        await createUser(t, { type: 1, subscription: true, startDate: '2026-01-01', endDate: '2999-12-31' }),
      ),
      admin: await adminToken(t),
    };
    const id = '00000000-0000-4000-8000-000000000000';
    const wrong: string[] = [];
    for (const template of reads) {
      const path = template.replace(/\{[^}]+\}/g, (p) => (p === '{index}' ? '0' : p === '{type}' ? 'coach' : id));
      for (const [who, token] of Object.entries(callers)) {
        const req = t.http.get(path);
        if (token) req.set('Authorization', token);
        const cache = String((await req).headers['cache-control']);
        const ok = PUBLIC.has(template) ? /^public, max-age=\d+$/.test(cache) : /(^|, )no-store$/.test(cache);
        if (!ok) wrong.push(`${path} as ${who}: ${cache}`);
      }
    }
    // The member's own answers named in the finding, signed in (POST /api/getuser too).
    const getuser = await t.http.post('/api/getuser').set('Authorization', callers.student!);
    expect([getuser.status, getuser.headers['cache-control']]).toEqual([200, 'no-store']);
    expect(wrong).toEqual([]);
  });
});
