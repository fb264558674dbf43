import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl } from '../env';

const root = resolve(__dirname, '../..');

/** The member server as a newcomer starts it: `NODE_ENV` whatever they set, no SESSION_SECRET. */
async function startMember(
  nodeEnv: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'member-'));
  const child = spawn(process.execPath, [join(root, 'member/server.mjs')], {
    cwd: tmpdir(),
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      API_URL: `${apiUrl}/api`,
      SESSION_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  await expect
    .poll(
      async () => {
        expect(child.exitCode, stderr).toBeNull();
        return fetch(`http://127.0.0.1:${port}/auth/join-us/`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  return { child, stop };
}

for (const nodeEnv of ['development', 'test', '']) {
  test(`the member server starts with NODE_ENV=${nodeEnv || '(empty)'}`, async () => {
    const port = E2E.memberPort + 11;
    const { stop } = await startMember(nodeEnv, port);
    try {
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('<html lang="en" dir="ltr">');
      // Hashed scripts are cached for good; pages are not.
      // The page's biggest script (files under 1 kB are not worth compressing and are sent as they are).
      const scripts = [...new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]))];
      expect(scripts.length).toBeGreaterThan(0);
      const sizes = await Promise.all(
        scripts.map(async (path) => (await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer()).byteLength),
      );
      const script = scripts[sizes.indexOf(Math.max(...sizes))];
      expect(Math.max(...sizes)).toBeGreaterThan(1024);
      const asset = await fetch(`http://127.0.0.1:${port}${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('etag')).toBeNull();
      expect(asset.headers.get('last-modified')).toBeNull();
      // Sent as the build precompressed it.
      const br = await fetch(`http://127.0.0.1:${port}${script}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(await br.text()).toBe(await asset.text());
      const gzip = await fetch(`http://127.0.0.1:${port}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(Number(gzip.headers.get('content-length'))).toBeGreaterThan(0);
      // Pages are revalidated every time, never cached as assets are.
      expect(home.headers.get('cache-control')).toBe('private, no-cache');
      // No source map is served, even one a build might leave.
      expect((await fetch(`http://127.0.0.1:${port}${script}.map`)).status).toBe(404);
      // A missing asset is a 404, not the site's HTML.
      expect((await fetch(`http://127.0.0.1:${port}/assets/missing-0000.js`)).status).toBe(404);
    } finally {
      stop();
    }
  });
}

test('HSTS only over https: behind a trusted proxy that ended TLS, not on plain http (issue 31)', async () => {
  const port = E2E.memberPort + 14;
  const { stop } = await startMember('production', port, {
    SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
    MEMBER_PROXY_SECRET: 'e2e-member-proxy-secret-e2e-member-proxy-0123',
    COOKIE_SECURE: '0',
    TRUST_PROXY_HOPS: '1',
  });
  try {
    const overTls = await fetch(`http://127.0.0.1:${port}/auth/join-us/`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(overTls.headers.get('permissions-policy')).toContain('microphone=()');
    const plain = await fetch(`http://127.0.0.1:${port}/auth/join-us/`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  } finally {
    stop();
  }
});

test('WEB_CONCURRENCY=2 serves from two processes on one port; SIGTERM stops them all', async () => {
  const port = E2E.memberPort + 12;
  const { child, stop } = await startMember('production', port, {
    WEB_CONCURRENCY: '2',
    SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
    MEMBER_PROXY_SECRET: 'e2e-member-proxy-secret-e2e-member-proxy-0123',
    COOKIE_SECURE: '0',
  });
  try {
    const workers = () =>
      execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n');
    await expect.poll(() => workers().length, { timeout: 30_000 }).toBe(2);
    for (let i = 0; i < 4; i++) expect((await fetch(`http://127.0.0.1:${port}/auth/join-us/`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    stop();
  }
});

test('a bad WEB_CONCURRENCY stops the member server with a message naming it', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'member-'));
  const run = spawnSync(process.execPath, [join(root, 'member/server.mjs')], {
    env: { ...process.env, WEB_CONCURRENCY: 'many', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 20_000,
  });
  rmSync(dataDir, { recursive: true, force: true });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Configuration error: WEB_CONCURRENCY must be a whole number from 1 to 64, got "many"');
});

test('a signed-in page asks the API for the member once; the home page makes one call in all', async () => {
  // A counting proxy in front of the API: every call the member server makes, in order.
  const calls: string[] = [];
  const target = new URL(apiUrl);
  const proxy = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url?.split('?')[0]}`);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // The member server keeps its connections to the API open (undici): the proxy must not close an idle
  // one (Node's server does after 5 s) just as the member server sends on it, which fails that call
  // and, for the courses, drops what the site keeps (the call is then counted again on the next page).
  proxy.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const port = E2E.memberPort + 13;
  const { stop } = await startMember('production', port, {
    API_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api`,
    SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
    MEMBER_PROXY_SECRET: 'e2e-member-proxy-secret-e2e-member-proxy-0123',
    COOKIE_SECURE: '0',
  });
  try {
    const site = `http://127.0.0.1:${port}`;
    const signin = await fetch(`${site}/student/signin/`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ national_id: E2E.student.nationalId, password: E2E.demoPassword }),
    });
    expect(signin.status).toBe(302);
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = async (path: string) => {
      calls.length = 0;
      const res = await fetch(`${site}${path}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(E2E.student.name);
      return [...calls].sort();
    };
    // The first home page also fetches the courses, which the site then keeps a minute.
    expect(await page('/')).toEqual(['GET /api/courses', 'GET /api/home']);
    expect(await page('/')).toEqual(['GET /api/home']);
    // Elsewhere the root loader and the page's share one /getuser.
    expect((await page('/blogs')).filter((c) => c === 'POST /api/getuser')).toHaveLength(1);
  } finally {
    stop();
    proxy.close();
  }
});

test('request ids go from the browser through the member server to the API; readiness follows the API and the drain (issue 35)', async () => {
  // A recording hop between the member server and the API: which request id each API call carried.
  const seen: string[] = [];
  const target = new URL(apiUrl);
  let slowHealth = false;
  const hop = http.createServer(async (req, res) => {
    seen.push(String(req.headers['x-request-id'] ?? ''));
    // A busy API: its health answer comes after the member server's 2 s probe has given up.
    if (slowHealth && req.url === '/api/health') await new Promise((r) => setTimeout(r, 3000));
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => hop.listen(0, '127.0.0.1', ok));
  const hopPort = (hop.address() as AddressInfo).port;
  const port = E2E.memberPort + 16;
  const { child, stop } = await startMember('production', port, {
    SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
    MEMBER_PROXY_SECRET: 'e2e-member-proxy-secret-e2e-member-proxy-0123',
    COOKIE_SECURE: '0',
    API_URL: `http://127.0.0.1:${hopPort}/api`,
    SHUTDOWN_DRAIN_MS: '60000',
  });
  const site = `http://127.0.0.1:${port}`;
  try {
    const given = 'e2e-trace-0001-abcdef';
    seen.length = 0;
    const page = await fetch(`${site}/competitions`, { headers: { 'X-Request-Id': given } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).toBe(given);
    expect(page.headers.get('x-app-version')).toMatch(/^\d+\.\d+\.\d+/);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([given]));
    const fresh = await fetch(`${site}/`);
    expect(fresh.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    expect((await fetch(`${site}/livez`)).status).toBe(200);
    const ready = await fetch(`${site}/readyz`);
    expect([ready.status, (await ready.json()).api]).toEqual([200, 'up']);
    // A slow API is busy, not gone: the process stays ready (every member process would go out at once).
    slowHealth = true;
    const slow = await fetch(`${site}/readyz`);
    expect([slow.status, (await slow.json()).api]).toEqual([200, 'slow']);
    slowHealth = false;
    // The API gone: not ready (the process itself still lives).
    await new Promise<void>((ok) => hop.close(() => ok()));
    hop.closeAllConnections();
    const down = await fetch(`${site}/readyz`);
    expect([down.status, (await down.json()).status]).toEqual([503, 'unavailable']);
    expect((await fetch(`${site}/livez`)).status).toBe(200);
    // SIGTERM: readiness says draining while pages are still served.
    child.kill('SIGTERM');
    await expect
      .poll(async () => (await (await fetch(`${site}/readyz`)).json()).status, { timeout: 10_000 })
      .toBe('draining');
    expect((await fetch(`${site}/livez`)).status).toBe(200);
  } finally {
    child.kill('SIGKILL');
    stop();
    hop.close();
  }
});
