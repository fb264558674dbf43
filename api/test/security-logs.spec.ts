import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { redactUrl } from '@platform/contract';
import { repoRoot } from '../src/core/config';
import { adminToken, createUser, startTestApp, type TestApp } from './harness';
import { stopped, untilServing } from './processes';

/**
 * Issue 31, finding 1: no token of any kind in any log line. Every route that carries a secret in its
 * path (the guardian's link, the partner embed's key, the sandbox payment page) or in its query
 * (`?token=`), called on the API directly and through the member server, in development and in
 * production: neither the API's log nor the member server's output shows one.
 */
const SECRET = 'member-proxy-secret-member-proxy-secret-0123';
const PRODUCTION = {
  NODE_ENV: 'production',
  MEMBER_URL: 'https://member.example.sa',
  PUBLIC_API_URL: 'https://api.example.sa',
  DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  WHATSAPP_TOKEN: 'token',
  WHATSAPP_PHONE_NUMBER_ID: '1',
  WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
  WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
  TELR_STORE_ID: '1',
  TELR_AUTH_KEY: 'key',
  SELLER_VAT_NUMBER: '300000000000003',
  OUTBOX_WORKER: '0',
  PAYMENT_RECONCILE_MS: '86400000',
};

/** Secrets shaped as the platform makes them: a guardian link (24 random bytes), a partner key, a sandbox reference. */
const GUARDIAN_TOKEN = 'Gq7vT2xLw9PbN4sKd8RmYc3Hj6FtZa1E';
const PARTNER_KEY = 'pk-Zr8Lq2Wm5Tx9Vb3Nc7Hd4Js6';
const SANDBOX_REF = 'SBX0A1B2C3D4E5F60718293A4B5';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise((ok) => probe.close(ok));
  return port;
}

function capture() {
  const sink = { text: '' };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.text += chunk.toString();
      done();
    },
  });
  return { sink, stream };
}

/** The member server as production runs it, its standard output and error kept. */
async function startMember(api: string): Promise<{ site: string; output: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  let output = '';
  const member: ChildProcess = spawn(process.execPath, [join(repoRoot(), 'member/server.mjs')], {
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
      COOKIE_SECURE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  member.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  member.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const site = `http://127.0.0.1:${port}`;
  await untilServing(`${site}/auth/join-us`, member);
  return { site, output: () => output, stop: () => stopped(member) };
}

/** A form post as the member site's own page sends it. */
const post = (site: string, path: string, form: Record<string, string>) =>
  fetch(`${site}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site },
    body: new URLSearchParams(form),
  });

/** Every form a secret could take in a log: as it is, URL-encoded, and its distinctive middle. */
const forms = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  ...(secret.length > 16 ? [secret.slice(4, -4)] : []),
];

describe('redactUrl (the contract’s one redaction, used by both servers)', () => {
  it.each([
    [`/api/team-invitations/guardian/${GUARDIAN_TOKEN}`, '/api/team-invitations/guardian/[redacted]'],
    [`/api/team-invitations/guardian/${GUARDIAN_TOKEN}/accept`, '/api/team-invitations/guardian/[redacted]/accept'],
    [`/API/Team-Invitations/Guardian/${GUARDIAN_TOKEN}/`, '/API/Team-Invitations/Guardian/[redacted]/'],
    [`//api//team-invitations/guardi%61n/${GUARDIAN_TOKEN}`, '//api//team-invitations/guardi%61n/[redacted]'],
    [
      `/invitations/${GUARDIAN_TOKEN}?_data=routes%2Finvitations.%24token`,
      '/invitations/[redacted]?_data=routes%2Finvitations.%24token',
    ],
    [`/invitations/${GUARDIAN_TOKEN}.data`, '/invitations/[redacted]'],
    [`/embeded/login/academy/${PARTNER_KEY}?lang=ar`, '/embeded/login/academy/[redacted]?lang=ar'],
    [`/api/sandbox/pay/${SANDBOX_REF}`, '/api/sandbox/pay/[redacted]'],
    ['/api/loginseason?token=abc.def.ghi&type=wro', '/api/loginseason?token=%5Bredacted%5D&type=wro'],
    ['/api/posts?limit=2&page=1', '/api/posts?limit=2&page=1'],
    ['/account/verify/verification/', '/account/verify/verification/'],
  ])('%s → %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });
});

describe.each([
  ['development', {}],
  ['production', PRODUCTION],
] as const)('the logs in %s', (_mode, env) => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info', MEMBER_PROXY_SECRET: SECRET, ...env }, { logDestination: log.stream });
  });
  afterAll(() => t.close());

  it('show no token of any route that carries one, called directly or through the member server', async () => {
    expect(existsSync(join(repoRoot(), 'member/build/server/index.js'))).toBe(true); // npm test builds first
    const admin = await adminToken(t);
    const partner = await t.http
      .post('/api/admin/partners')
      .set('Authorization', admin)
      .send({
        name: 'Partner',
        client_id: 'academy',
        key: PARTNER_KEY,
        origins: ['http://127.0.0.1:3999'],
        status: true,
      });
    expect(partner.status).toBe(201);
    const student = await createUser(t, { type: 0, subscription: true });
    const signedIn = await t.http
      .post('/api/adduser-steb')
      .send({ national_id: student.nationalId, password: student.password, type: 0, loginType: 'signin' });
    const session = signedIn.headers.authorization as string;
    expect(session).toBeTruthy();

    // The API's routes, called directly.
    await t.http.get(`/api/team-invitations/guardian/${GUARDIAN_TOKEN}`);
    await t.http.post(`/api/team-invitations/guardian/${GUARDIAN_TOKEN}/accept`);
    await t.http.post(`/api/team-invitations/guardian/${GUARDIAN_TOKEN}/decline`);
    await t.http.get(`/API/Team-Invitations/Guardian/${GUARDIAN_TOKEN}`);
    await t.http.get(`/api/sandbox/pay/${SANDBOX_REF}`);
    await t.http.post(`/api/sandbox/pay/${SANDBOX_REF}`).type('form').send({ action: 'pay' });
    await t.http.get('/api/loginseason').query({ token: session, type: 'wro' });
    await t.http.get('/api/posts').query({ key: PARTNER_KEY, code: '123456', limit: 2 });

    // The member site's pages that carry them, through a member server in production.
    await t.app.listen(0, '127.0.0.1');
    const member = await startMember(`http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api`);
    try {
      const invitation = await fetch(`${member.site}/invitations/${GUARDIAN_TOKEN}`);
      expect(invitation.status).toBe(404);
      for (const intent of ['accept', 'decline']) await post(member.site, `/invitations/${GUARDIAN_TOKEN}`, { intent });
      await fetch(`${member.site}/invitations/${GUARDIAN_TOKEN}.data`);
      const embed = await fetch(`${member.site}/embeded/login/academy/${PARTNER_KEY}?lang=ar`);
      expect(embed.status).toBe(200);
      const embedded = await post(member.site, `/embeded/login/academy/${PARTNER_KEY}?lang=ar`, {
        national_id: student.nationalId!,
        password: student.password,
      });
      expect(embedded.status).toBe(200);
      await fetch(`${member.site}/embeded/login/academy/wrong-${PARTNER_KEY}`, { redirect: 'manual' });
    } finally {
      // Its output read to the end: the last lines it logged are checked too.
      await member.stop();
    }

    const logs = { api: log.sink.text, member: member.output() };
    // The calls were logged, their secrets redacted.
    expect(logs.api).toContain('"url":"/api/team-invitations/guardian/[redacted]/accept"');
    expect(logs.api).toContain('"url":"/api/iframe/checker"');
    for (const secret of [GUARDIAN_TOKEN, PARTNER_KEY, SANDBOX_REF, session, session.split('.')[2], '123456', SECRET]) {
      for (const [where, text] of Object.entries(logs)) {
        for (const form of forms(secret)) {
          const at = text.indexOf(form);
          // The log line around a leak, to see where it came from.
          expect([where, form, at < 0 ? null : text.slice(Math.max(0, at - 300), at + 100)]).toEqual([
            where,
            form,
            null,
          ]);
        }
      }
    }
  });
});
