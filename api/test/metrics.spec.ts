import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadConfig } from '../src/core/config';
import { adminToken, startTestApp, type TestApp } from './harness';

const TOKEN = 'metrics-Zt4pQ9wL2xV7nB5kR8sD3fH6jM1cY0aE';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('is refused without the token, with another token, or with the token in the query', async () => {
    for (const res of [
      await t.http.get('/metrics'),
      await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}x`),
      await t.http.get('/metrics').set('Authorization', TOKEN),
      await t.http.get(`/metrics?token=${TOKEN}`),
      await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`.slice(0, -1)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('http_request_duration_seconds');
    }
    const ar = await t.http.get('/metrics').set('Accept-Language', 'ar');
    expect(ar.status).toBe(403);
    expect(ar.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('gives the request, runtime, outbox, payment and job figures to a scrape with the token', async () => {
    // Something to count: two e-mails waiting, one WhatsApp message given up, one order awaiting payment,
    // a job that finished a pass, and requests with tokens in their paths.
    await t.database.query(
      `INSERT INTO outbox (channel, "to", body, status, last_error) VALUES
         ('email', 'a@test.example', 'x', 'pending', null), ('email', 'b@test.example', 'x', 'pending', null),
         ('whatsapp', '+966500000001', 'x', 'failed', 'provider said no'), ('email', 'c@test.example', 'x', 'sent', null)`,
    );
    await t.database.query(
      `INSERT INTO orders (customer_name, total, status) VALUES ('Someone', 100, 'pending'), ('Other', 50, 'paid')`,
    );
    // A team fee not due whose refund the provider refused: pending, the reconciler's to try again.
    await t.database.query(
      `WITH o AS (INSERT INTO orders (customer_name, total, status) VALUES ('Late payer', 80, 'paid') RETURNING id)
       INSERT INTO refunds (order_id, amount, reason, actor_name, status, failure_reason)
       SELECT id, 80, 'Fee not due', 'System', 'pending', 'Refund not allowed' FROM o`,
    );
    await t.database.query(
      `INSERT INTO job_runs (name, next_run_at, last_started_at, last_finished_at)
       VALUES ('retention', now(), '2026-01-02T03:04:00Z', '2026-01-02T03:04:05Z')`,
    );
    const secretPath = '/api/verify-email/secret-token-abcdef0123456789';
    await t.http.get(secretPath);
    await t.http.get('/api/posts');
    await t.http.get('/api/posts');

    const res = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.text;
    // Requests by route pattern, never the raw path.
    expect(sample(text, 'http_request_duration_seconds_count', '{route="/api/posts",method="GET",status="2xx"}')).toBe(
      2,
    );
    expect(text).not.toContain('secret-token-abcdef0123456789');
    // prom-client's defaults: event-loop lag and memory.
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // The outbox by channel, payments, the job's last success.
    expect(sample(text, 'outbox_messages', '{channel="email",status="pending"}')).toBe(2);
    expect(sample(text, 'outbox_messages', '{channel="email",status="failed"}')).toBe(0);
    expect(sample(text, 'outbox_messages', '{channel="whatsapp",status="failed"}')).toBe(1);
    expect(sample(text, 'payments_pending_orders')).toBe(1);
    expect(sample(text, 'payments_pending_refunds')).toBe(1);
    expect(sample(text, 'job_last_success_timestamp_seconds', '{job="retention"}')).toBe(
      Date.parse('2026-01-02T03:04:05Z') / 1000,
    );
    // The database pool where there is one (PostgreSQL).
    if (t.database.kind === 'postgres')
      expect(sample(text, 'db_pool_connections', '{state="total"}')).toBeGreaterThan(0);
  });

  it('the same figures reach staff through /api/about (the System page)', async () => {
    const token = await adminToken(t);
    const res = await t.http.get('/api/about').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: { database: 'up', store: 'up' },
      outbox: { email: { pending: 2, failed: 0 }, whatsapp: { pending: 0, failed: 1 } },
      payments: { pending: 1, pending_refunds: 1 },
    });
    expect(res.body.job_runs).toContainEqual(
      expect.objectContaining({ name: 'retention', last_success: '2026-01-02T03:04:05.000Z' }),
    );
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is not served at all', async () => {
    const res = await t.http.get('/metrics').set('Authorization', 'Bearer anything');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('nodejs_');
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused when short, and when weak in production', async () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123',
      MEMBER_URL: 'https://member.test.example',
      PUBLIC_API_URL: 'https://api.test.example',
    };
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'ab'.repeat(24) })).toThrow(/METRICS_TOKEN/);
  });
});

describe("the member server's /metrics", () => {
  const root = join(__dirname, '..', '..');
  let server: ChildProcess;
  let base: string;
  beforeAll(async () => {
    if (!existsSync(join(root, 'member/build/server/index.js')))
      throw new Error('the member site is not built: node scripts/build.mjs member');
    // A port free now (PORT must be a real one).
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [join(root, 'member/serve.mjs')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_TOKEN: TOKEN,
        SESSION_SECRET: 'session-Hq3vX8pL2mN7rT4wY9zB-5678abc',
        MEMBER_PROXY_SECRET: 'proxy-Kd6sW1qP8nM3rV5yT2xC-9012def',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('listening on')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`member server exited (${code}): ${out}`)));
    });
  });
  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('answers a scrape with the token only, with requests counted by route and never by path', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(403);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(403);
    await fetch(`${base}/livez`);
    await fetch(`${base}/reset-password/secret-token-abcdef0123456789`);
    const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'http_request_duration_seconds_count', '{route="/livez",method="GET",status="2xx"}')).toBe(1);
    // The page's request under the Remix route that matched it (its id), not under its path.
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{route="routes\/[^"]+",method="GET",status="[23]xx"\} [1-9]/m,
    );
    expect(text).not.toContain('secret-token-abcdef0123456789');
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

/** A port free now on the loopback address. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

// Debian's real Prometheus (.ci/run installs the package) scrapes the API with the token, and its own
// query API then answers a figure: the format, the token and the labels as a real scraper reads them.
const PROMETHEUS = '/usr/bin/prometheus';
describe('a scrape by Prometheus', () => {
  let t: TestApp;
  let prometheus: ChildProcess | undefined;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    if (!existsSync(PROMETHEUS)) throw new Error(`${PROMETHEUS} is missing: apt-get install prometheus`);
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
    await t.app.listen(0, '127.0.0.1');
    const apiPort = (t.app.getHttpServer().address() as AddressInfo).port;
    await t.database.query(
      `INSERT INTO outbox (channel, "to", body, status, last_error) VALUES ('whatsapp', '+966500000002', 'x', 'failed', 'no')`,
    );
    dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
    writeFileSync(join(dir, 'token'), TOKEN);
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, scrape_timeout: 1s }',
        'scrape_configs:',
        '  - job_name: api',
        `    authorization: { type: Bearer, credentials_file: ${join(dir, 'token')} }`,
        `    static_configs: [{ targets: ['127.0.0.1:${apiPort}'] }]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the outbox figure it scraped, and the target is up', async () => {
    const query = async (q: string) => {
      try {
        const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(q)}`);
        const body = (await res.json()) as { data?: { result: { value: [number, string] }[] } };
        return body.data?.result ?? [];
      } catch {
        return []; // not listening yet
      }
    };
    // Until the first scrape has landed (bounded by the test's timeout, not by a fixed wait).
    let result: { value: [number, string] }[] = [];
    while (result.length === 0) {
      result = await query('outbox_messages{job="api",channel="whatsapp",status="failed"}');
      if (result.length === 0) await new Promise((r) => setTimeout(r, 250));
    }
    expect(result[0].value[1]).toBe('1');
    const [up] = await query('up{job="api"}');
    expect(up.value[1]).toBe('1');
  }, 60_000);
});
