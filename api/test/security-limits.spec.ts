import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { hashPassword, passwordWork } from '../src/auth/password';
import { loadConfig, repoRoot } from '../src/core/config';
import { sessions } from '../src/db/schema';
import { adminToken, createUser, startTestApp, type TestApp } from './harness';
import { stopped, untilServing } from './processes';

/**
 * Issue 22: client addresses and sign-in limits. The limits are the defaults (RATE_LIMIT_SIGNIN 10
 * attempts per account, RATE_LIMIT_ADDRESS 60 failed attempts per address, a minute each).
 */
const SECRET = 'member-proxy-secret-member-proxy-secret-0123';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SIGNIN: '10', MEMBER_PROXY_SECRET: SECRET });
});
afterAll(() => t.close());
// Each test starts with fresh counters: every request here comes from the same socket address.
beforeEach(() => t.database.query('DELETE FROM rate_limits'));

type Headers = Record<string, string>;
const fromMember = (address: string, secret = SECRET): Headers => ({
  'X-Member-Proxy-Secret': secret,
  'X-Member-Client-Address': address,
});
const signin = (nationalId: string, password: string, headers: Headers = {}) =>
  t.http
    .post('/api/adduser-steb')
    .set(headers)
    .send({ national_id: nationalId, password, type: 0, loginType: 'signin' });
/** A national ID no account has: the attempt fails after the same password work. */
let unknown = 0;
const nobody = () => `39${String(process.pid % 1e4).padStart(4, '0')}${String(++unknown).padStart(4, '0')}`;
async function lastSessionAddress(userId: string) {
  const [row] = await t.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row?.ip;
}

describe('the client address', () => {
  it('is the socket’s: a spoofed X-Forwarded-For does not change it, with or without the secret', async () => {
    const student = await createUser(t, { type: 0 });
    const spoofed = await signin(student.nationalId!, student.password, { 'X-Forwarded-For': '203.0.113.9' });
    expect(spoofed.status).toBe(200);
    expect(await lastSessionAddress(student.id)).toMatch(/127\.0\.0\.1$/);
    // With the member server's secret, its forwarded address counts, and still not X-Forwarded-For.
    const forwarded = await signin(student.nationalId!, student.password, {
      ...fromMember('198.51.100.7'),
      'X-Forwarded-For': '203.0.113.9',
    });
    expect(forwarded.status).toBe(200);
    expect(await lastSessionAddress(student.id)).toBe('198.51.100.7');
  });

  it('believes a forwarded address from no one but the member server (a wrong or missing secret)', async () => {
    const student = await createUser(t, { type: 0 });
    for (const headers of [
      fromMember('198.51.100.8', 'not-the-secret'),
      { 'X-Member-Client-Address': '198.51.100.8' },
    ]) {
      expect((await signin(student.nationalId!, student.password, headers)).status).toBe(200);
      expect(await lastSessionAddress(student.id)).toMatch(/127\.0\.0\.1$/);
    }
    // Not an address at all: the socket's.
    expect((await signin(student.nationalId!, student.password, fromMember('not-an-ip'))).status).toBe(200);
    expect(await lastSessionAddress(student.id)).toMatch(/127\.0\.0\.1$/);
  });

  it('counts X-Forwarded-For from the right, as many hops as TRUST_PROXY_HOPS, never the leftmost value', async () => {
    const behindProxy = await startTestApp({ TRUST_PROXY_HOPS: '1', MEMBER_PROXY_SECRET: SECRET });
    try {
      const student = await createUser(behindProxy, { type: 0 });
      const res = await behindProxy.http
        .post('/api/adduser-steb')
        .set('X-Forwarded-For', '203.0.113.9, 192.0.2.44')
        .send({ national_id: student.nationalId, password: student.password, type: 0, loginType: 'signin' });
      expect(res.status).toBe(200);
      const [row] = await behindProxy.database.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.userId, student.id));
      expect(row.ip).toBe('192.0.2.44');
    } finally {
      await behindProxy.close();
    }
  });

  it('is required from the environment in production (MEMBER_PROXY_SECRET)', () => {
    const production = {
      NODE_ENV: 'production',
      MEMBER_URL: 'https://member.example.sa',
      PUBLIC_API_URL: 'https://api.example.sa',
      DATA_DIR: '/tmp/config-test',
      DATABASE_URL: 'postgres://x@localhost/db',
      SMTP_URL: 'smtp://localhost:25',
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
      WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
      TELR_STORE_ID: '1',
      TELR_AUTH_KEY: 'k',
      SELLER_VAT_NUMBER: '300000000000003',
      JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123',
    };
    expect(() => loadConfig(production)).toThrow(/Configuration error: MEMBER_PROXY_SECRET /);
    expect(() => loadConfig({ ...production, MEMBER_PROXY_SECRET: 'short' })).toThrow(/MEMBER_PROXY_SECRET/);
    expect(loadConfig({ ...production, MEMBER_PROXY_SECRET: SECRET }).memberProxySecret).toBe(SECRET);
    expect(() => loadConfig({ ...production, MEMBER_PROXY_SECRET: SECRET, TRUST_PROXY_HOPS: 'x' })).toThrow(
      /TRUST_PROXY_HOPS/,
    );
  });
});

describe('the member server', () => {
  it('forwards its browser’s address to the API with the secret, never the leftmost X-Forwarded-For', async () => {
    const server = join(repoRoot(), 'member/server.mjs');
    expect(existsSync(join(repoRoot(), 'member/build/server/index.js'))).toBe(true); // npm test builds first
    await t.app.listen(0, '127.0.0.1');
    const api = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api`;
    const port = await freePort();
    // Behind one proxy of its own (TRUST_PROXY_HOPS=1): the browser is the rightmost X-Forwarded-For entry.
    const member = spawn(process.execPath, [server], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        MEMBER_URL: 'https://member.example.sa',
        PUBLIC_API_URL: 'https://api.example.sa',
        PORT: String(port),
        HOST: '127.0.0.1',
        API_URL: api,
        SESSION_SECRET: 'member-session-secret-member-session-secret',
        MEMBER_PROXY_SECRET: SECRET,
        TRUST_PROXY_HOPS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      const site = `http://127.0.0.1:${port}`;
      await untilServing(`${site}/auth/join-us`, member);
      const student = await createUser(t, { type: 0 });
      const res = await fetch(`${site}/student/signin`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: site,
          'X-Forwarded-For': '203.0.113.66, 198.51.100.23',
          // What a browser writes in the member server's own header is overwritten.
          'X-Member-Client-Address': '192.0.2.99',
        },
        body: new URLSearchParams({ national_id: student.nationalId!, password: student.password }),
      });
      expect(res.status).toBe(302);
      expect(await lastSessionAddress(student.id)).toBe('198.51.100.23');
    } finally {
      await stopped(member);
    }
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise((ok) => probe.close(ok));
  return port;
}

describe('sign-in limits', () => {
  it('lets a classroom of 40 students behind one address sign in within a minute', async () => {
    const students = await Promise.all(Array.from({ length: 40 }, () => createUser(t, { type: 0 })));
    // A minute of this process's CPU (the API and its password threads), not of the clock: a machine
    // loaded by other work must not fail it, a server too slow for a classroom still does.
    const started = process.cpuUsage();
    const answers = await Promise.all(students.map((s) => signin(s.nationalId!, s.password)));
    expect(answers.map((a) => a.status)).toEqual(students.map(() => 200));
    const cpu = process.cpuUsage(started);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(60_000);
    // And again, as when the class signs in after a break: successes are not counted against the address.
    const again = await Promise.all(students.map((s) => signin(s.nationalId!, s.password)));
    expect(again.map((a) => a.status)).toEqual(students.map(() => 200));
  });

  it('throttles 40 wrong passwords for one account, even from 40 addresses, and then the right one too', async () => {
    const student = await createUser(t, { type: 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await signin(student.nationalId!, 'wrong-password', fromMember(`198.51.100.${i + 1}`))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
    const right = await signin(student.nationalId!, student.password, fromMember('198.51.100.200'));
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts. Please wait a minute and try again.');
    expect(await lastSessionAddress(student.id)).toBeUndefined();
  });

  it('rotating X-Forwarded-For does not escape the per-address limit of failed attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await signin(nobody(), 'wrong-password', { 'X-Forwarded-For': `203.0.113.${i}` })).status);
    }
    expect(statuses).toEqual([...Array(60).fill(401), 429]);
    // The blocked address waits, even with a right password; another client does not.
    const student = await createUser(t, { type: 0 });
    expect((await signin(student.nationalId!, student.password, { 'X-Forwarded-For': '192.0.2.1' })).status).toBe(429);
    expect((await signin(student.nationalId!, student.password, fromMember('192.0.2.1'))).status).toBe(200);
  });

  it('counts a forwarded address with the right secret as that client, whatever else it rotates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (
          await signin(nobody(), 'wrong-password', {
            ...fromMember('198.51.100.77'),
            'X-Forwarded-For': `203.0.113.${i}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(60).fill(401), 429]);
    // Another member-site visitor, and a direct client, are not held up by that one.
    expect((await signin(nobody(), 'wrong-password', fromMember('198.51.100.78'))).status).toBe(401);
    expect((await signin(nobody(), 'wrong-password')).status).toBe(401);
    // A wrong secret does not borrow someone else's address either: it is the socket's own count.
    expect((await signin(nobody(), 'wrong-password', fromMember('198.51.100.77', 'guess'))).status).toBe(401);
  });

  it('counts a burst of concurrent wrong attempts before their passwords are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 80 }, () => signin(nobody(), 'wrong-password')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe('password hashing', () => {
  it('runs at most PASSWORD_HASH_CONCURRENCY (2) hashes at once; the rest queue', async () => {
    expect(t.config.passwordHashConcurrency).toBe(2);
    const peaks: number[] = [];
    const hashes = Array.from({ length: 6 }, (_, i) =>
      hashPassword(`password-${i}`).finally(() => peaks.push(passwordWork.active)),
    );
    expect(passwordWork.active).toBe(2);
    expect(passwordWork.waiting).toBe(4);
    expect(await Promise.all(hashes)).toHaveLength(6);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(2);
    expect(passwordWork.active).toBe(0);
    expect(passwordWork.waiting).toBe(0);
  });

  it("hashes at OWASP's cost unless a test run asks for argon2id's smallest, refused outside NODE_ENV=test", () => {
    const base = { DATA_DIR: t.config.dataDir, JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123' };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).passwordHashCost).toBe('owasp');
    expect(loadConfig({ ...base, NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).passwordHashCost).toBe('test');
    expect(() => loadConfig({ ...base, NODE_ENV: 'development', PASSWORD_HASH_COST: 'test' })).toThrow(
      /PASSWORD_HASH_COST test is only for NODE_ENV=test/,
    );
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toThrow(
      /PASSWORD_HASH_COST test is only for NODE_ENV=test/,
    );
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });
});

describe('the access log', () => {
  it('never shows a session token, password, code or the member server’s secret', async () => {
    let written = '';
    const logged = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const logging = await startTestApp({ LOG_LEVEL: 'info', MEMBER_PROXY_SECRET: SECRET }, { logDestination: logged });
    try {
      const student = await createUser(logging, { type: 0 });
      const signedIn = await logging.http
        .post('/api/adduser-steb')
        .set(fromMember('198.51.100.9'))
        .send({ national_id: student.nationalId, password: student.password, type: 0, loginType: 'signin' });
      const token = signedIn.headers.authorization as string;
      expect(token).toBeTruthy();
      // The contract's query form still works, and the header form too (it keeps the token out of URLs).
      const byQuery = await logging.http.get('/api/loginseason').query({ token, type: 'wro' });
      expect(byQuery.status).toBe(200);
      expect(byQuery.body.user.jwt).toBe(token);
      const byHeader = await logging.http.get('/api/loginseason').set('Authorization', `Bearer ${token}`);
      expect(byHeader.status).toBe(200);
      expect(byHeader.body.user._id).toBe(student.id);
      expect((await logging.http.get('/api/loginseason').set('Authorization', 'not-a-token')).status).toBe(401);
      await logging.http.get('/api/posts').query({ password: 'Query-pass-1', code: '123456', limit: 2 });
      await new Promise((r) => setImmediate(r));

      expect(written).toContain('/api/loginseason?token=%5Bredacted%5D&type=wro');
      expect(written).toContain('"limit":"2"');
      for (const secret of [token, token.split('.')[2], student.password, 'Query-pass-1', '123456', SECRET]) {
        expect(written).not.toContain(secret);
      }
    } finally {
      await logging.close();
    }
  });
});

describe('limits a body field or an address switch does not defeat (issue 31)', () => {
  const KEY = 'partner-key-partner-key-0123456789';
  let clientId: string;
  beforeAll(async () => {
    clientId = `academy-${process.pid}`;
    const res = await t.http
      .post('/api/admin/partners')
      .set('Authorization', await adminToken(t))
      .send({ name: 'Academy', client_id: clientId, key: KEY, origins: ['https://academy.example'], status: true });
    expect(res.status).toBe(201);
  });
  const check = (body: Record<string, unknown>, headers: Headers = {}) =>
    t.http.post('/api/iframe/checker').set(headers).send(body);
  const tooMany = {
    en: 'Too many attempts. Please wait a minute and try again.',
    ar: 'محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  };

  it('counts partner key checks per address, whatever national_id the body names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await check({ id: clientId, key: `guess-${i}`, national_id: nobody() })).status);
    expect(statuses).toEqual([...Array(10).fill(404), 429, 429]);
    const ar = await check({ id: clientId, key: KEY }).set('Accept-Language', 'ar');
    expect([ar.status, ar.body.message]).toEqual([429, tooMany.ar]);
    // Another client checks the right key.
    const other = await check({ id: clientId, key: KEY }, fromMember('198.51.100.150'));
    expect([other.status, other.body.valid]).toEqual([200, true]);
  });

  it('counts wrong keys per partner client id, even from 80 addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++)
      statuses.push((await check({ id: clientId, key: `guess-${i}` }, fromMember(`203.0.113.${i + 1}`))).status);
    expect(statuses).toEqual([...Array(60).fill(404), ...Array(20).fill(429)]);
    // Guessing through the embedded sign-in is counted against the same partner.
    const signin = await t.http
      .post('/api/adduser')
      .set(fromMember('203.0.113.200'))
      .set('Accept-Language', 'en')
      .send({ client_id: clientId, key: 'guess-again', national_id: nobody(), password: 'x' });
    expect([signin.status, signin.body.message]).toEqual([429, tooMany.en]);
    // Another partner is not held up.
    expect((await check({ id: 'another-partner', key: 'guess' }, fromMember('203.0.113.201'))).status).toBe(404);
  });

  it('counts every contact message per address, whatever e-mail the body names', async () => {
    const send = (i: number, headers: Headers = {}) =>
      t.http
        .post('/api/contactus')
        .set(headers)
        .set('Accept-Language', i % 2 ? 'ar' : 'en')
        .send({ name: 'Sender', email: `sender${i}.${Date.now()}@test.example`, message: `Message ${i}` });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await send(i));
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(201), 429]);
    expect(answers[10].body.message).toBe(tooMany.en);
    expect((await send(11)).body.message).toBe(tooMany.ar);
    // Another visitor of the member site still writes.
    expect((await send(13, fromMember('198.51.100.151'))).status).toBe(201);
  });

  it('counts every sign-up per address, whatever national ID the body names; a classroom of 40 still signs up', async () => {
    let n = 0;
    const signup = (valid = true) => {
      n += 1;
      return t.http.post('/api/adduser-steb').send({
        loginType: 'signup',
        userInof: {
          name: `Classroom Student ${n}`,
          national_id: nobody(),
          date_birth: '2012-04-01',
          countrySelected: 'SA',
          email: `class${n}.${Date.now()}@test.example`,
          phone_number: `+96650${String(1_000_000 + n * 7919).slice(-7)}`,
          password: valid ? 'Student-pass-1' : 'x',
          cpassword: valid ? 'Student-pass-1' : 'y',
          type: 0,
          schoolname: 'Riyadh School',
          ElevelSelected: 'Jonior',
          regionSelected: 'Riyadh',
          grade: '7',
          guardianname: 'Ahmad',
          guardianphone: '+966551112222',
          accept_terms: true,
          guardian_consent: true,
        },
      });
    };
    const classroom = await Promise.all(Array.from({ length: 40 }, () => signup()));
    expect(classroom.map((a) => [a.status, a.body.message])).toEqual(
      classroom.map(() => [200, 'Registered successfully!']),
    );
    // Refused sign-ups count too (20 more make 60), and then every sign-up from that address waits.
    const refused = [];
    for (let i = 0; i < 20; i++) refused.push((await signup(false)).status);
    expect(refused).toEqual(Array(20).fill(400));
    const late = await signup();
    expect([late.status, late.body.message]).toEqual([429, tooMany.en]);
    // Signing in is still counted by its failures only: a student of the class signs in.
    const student = await createUser(t, { type: 0 });
    expect((await signin(student.nationalId!, student.password)).status).toBe(200);
  });
  it('counts every code sent per address, whichever account or e-mail the body names', async () => {
    // A small limit, so the test is a handful of quick calls (the default is 60 a minute: a classroom).
    const small = await startTestApp({ RATE_LIMIT_ADDRESS: '5', MEMBER_PROXY_SECRET: SECRET });
    try {
      const forgot = (i: number, headers: Headers = {}) =>
        small.http
          .post('/api/otp/forget')
          .set(headers)
          .send({ email: `victim${i}.${process.pid}@test.example` });
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) answers.push((await forgot(i)).status);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
      // Another address still asks.
      expect((await forgot(7, fromMember('198.51.100.160'))).status).toBe(200);
      // Codes to phones through made-up tickets: refused, and counted all the same.
      const otp = () =>
        small.http.post('/api/otp').send({ user_id: `ticket-${nobody()}`, phone_number: '+966500000000' });
      const sends: number[] = [];
      for (let i = 0; i < 6; i++) sends.push((await otp()).status);
      expect(sends.slice(0, 5).every((status) => status !== 429)).toBe(true);
      expect(sends[5]).toBe(429);
    } finally {
      await small.close();
    }
  });
});
