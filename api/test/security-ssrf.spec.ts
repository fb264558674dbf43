import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/core/config';
import { events } from '../src/db/schema';
import { isPrivateAddress } from '../src/teams/external-results';
import { createUser, signIn, startTestApp, type TestApp } from './harness';

/** A local HTTP server standing for a site; it records what reaches it. */
/** Every local site a test starts; closed after each test, passed or failed, so jest can exit. */
const open = new Set<Server>();
afterEach(async () => {
  await Promise.all(
    [...open].map((server) => {
      server.closeAllConnections();
      return new Promise<void>((ok) => server.close(() => ok()));
    }),
  );
  open.clear();
});

async function site(answer: (url: string, res: import('node:http').ServerResponse) => void) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    answer(req.url ?? '', res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  open.add(server);
  const port = (server.address() as { port: number }).port;
  return {
    seen,
    port,
    close: () => {
      open.delete(server);
      server.closeAllConnections();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

const json = (res: import('node:http').ServerResponse) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ success: true, teams: [{ team_no: 'EXT-1' }], currentPage: 0, totalPages: 1 }));
};

let type = 0;
/** The next event on the home page, its results at `resultsUrl`; answers its type. */
async function eventAt(t: TestApp, resultsUrl: string) {
  type += 1;
  const name = `ext${type}`;
  await t.database.db.insert(events).values({
    name: 'خارجية',
    nameEn: 'External',
    type: name,
    resultsUrl,
    eventDate: new Date(Date.now() + 86_400_000),
    homeStatus: true,
    countdownStarted: true,
  });
  return name;
}

describe('private addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.0.0.1', true],
    ['172.16.5.4', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['64:ff9b::a00:1', true],
    ['not an address', true],
    ['8.8.8.8', false],
    ['151.101.1.69', false],
    ['2606:4700::1111', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('the test-only escape is refused in production', () => {
    const production = {
      NODE_ENV: 'production',
      MEMBER_URL: 'https://member.example.sa',
      PUBLIC_API_URL: 'https://api.example.sa',
      DATABASE_URL: 'postgres://u@db/x',
      JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123',
      SESSION_SECRET: 'session-secret-Hb5nW8kQ2cV7xM4tR9pL',
      MEMBER_PROXY_SECRET: 'proxy-secret-Zf3gT6yU1iO8aS5dK2jE9',
      SMTP_URL: 'smtp://mail.example:587',
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
      WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
      TELR_STORE_ID: '1',
      TELR_AUTH_KEY: 'k',
      SELLER_VAT_NUMBER: '300000000000003',
      RESULTS_ALLOWED_HOSTS: 'results.example',
    };
    expect(loadConfig(production).results).toEqual({ allowedHosts: ['results.example'], allowPrivateAddresses: false });
    expect(() => loadConfig({ ...production, RESULTS_ALLOW_PRIVATE_ADDRESSES: '1' })).toThrow(
      /Configuration error: RESULTS_ALLOW_PRIVATE_ADDRESSES /,
    );
    expect(() => loadConfig({ ...production, RESULTS_ALLOWED_HOSTS: 'http://x.example/' })).toThrow(
      /Configuration error: RESULTS_ALLOWED_HOSTS /,
    );
  });
});

describe('results links, as in production (private addresses refused)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // Even listed, a host on a private address is refused once resolved.
    t = await startTestApp({ RESULTS_ALLOWED_HOSTS: '127.0.0.1,localhost,10.1.2.3,[::1]' });
    token = await signIn(t, await createUser(t, { type: 0 }));
  }, 120_000); // two apps start in this file, on a busy machine
  afterAll(() => t.close());

  it('refuses a link to 127.0.0.1, to a name resolving to it, to a private or IPv6 loopback address: nothing is reached', async () => {
    const internal = await site((_url, res) => json(res));
    for (const url of [
      `http://127.0.0.1:${internal.port}`,
      `http://localhost:${internal.port}`,
      `http://[::1]:${internal.port}`,
      'http://10.1.2.3',
    ]) {
      const name = await eventAt(t, url);
      const res = await t.http.get(`/api/${name}/get-teams?top=2`).set('Authorization', token);
      expect([url, res.status, res.body.message]).toEqual([
        url,
        502,
        'The results site of this event is not allowed. Please contact the administration.',
      ]);
    }
    expect(internal.seen).toHaveLength(0);
    await internal.close();
  });

  it('refuses a host that is not listed, in both languages', async () => {
    const name = await eventAt(t, 'http://results.example');
    const res = await t.http
      .get(`/api/${name}/get-teams?page=0`)
      .set('Authorization', token)
      .set('Accept-Language', 'ar');
    expect([res.status, res.body.message]).toEqual([
      502,
      'موقع نتائج هذه الفعالية غير مسموح به. يرجى التواصل مع الإدارة.',
    ]);
  });
});

describe('results links to an allowed site (the test escape lets it live on 127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RESULTS_ALLOWED_HOSTS: '127.0.0.1', RESULTS_ALLOW_PRIVATE_ADDRESSES: '1' });
  }, 120_000);
  afterAll(() => t.close());

  it('reads the teams and sends nothing about the member: no national ID, e-mail, token or cookie', async () => {
    const external = await site((_url, res) => json(res));
    const name = await eventAt(t, `http://127.0.0.1:${external.port}/`);
    const user = await createUser(t, { type: 0 });
    const token = await signIn(t, user);
    const res = await t.http.get(`/api/${name}/get-teams?top=2`).set('Authorization', token).set('Cookie', 'a=b');
    expect(res.body).toEqual({ success: true, teams: [{ team_no: 'EXT-1' }], currentPage: 0, totalPages: 1 });
    expect(external.seen).toHaveLength(1);
    const [{ url, headers }] = external.seen;
    expect(url).toBe(`/api/${name}/get-teams?type=${name}&top=2`);
    const sent = JSON.stringify(headers) + url;
    for (const secret of [user.nationalId!, user.email!, token.replace(/^Bearer /, ''), 'a=b']) {
      expect(sent).not.toContain(secret);
    }
    await external.close();
  });

  it('does not follow a redirect to 127.0.0.1 (or anywhere): refused, the target never reached', async () => {
    const internal = await site((_url, res) => json(res));
    const external = await site((_url, res) => {
      res.statusCode = 302;
      res.setHeader('Location', `http://127.0.0.1:${internal.port}/admin`);
      res.end();
    });
    const name = await eventAt(t, `http://127.0.0.1:${external.port}`);
    const token = await signIn(t, await createUser(t, { type: 0 }));
    const res = await t.http.get(`/api/${name}/get-teams?page=0`).set('Authorization', token);
    expect([res.status, res.body.message]).toEqual([
      502,
      'The results site of this event is not allowed. Please contact the administration.',
    ]);
    expect(external.seen).toHaveLength(1);
    expect(internal.seen).toHaveLength(0);
    await Promise.all([internal.close(), external.close()]);
  });

  it('serves a link to the platform itself from its own teams, without a request', async () => {
    const name = await eventAt(t, `${t.config.publicUrl}/`);
    const token = await signIn(t, await createUser(t, { type: 0 }));
    const res = await t.http.get(`/api/${name}/get-teams?top=2`).set('Authorization', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, teams: [], currentPage: 0, totalPages: 0 });
    await t.database.db.update(events).set({ resultsUrl: t.config.memberUrl }).where(eq(events.type, name));
    expect((await t.http.get(`/api/${name}/get-teams?top=2`).set('Authorization', token)).status).toBe(200);
  });
});
