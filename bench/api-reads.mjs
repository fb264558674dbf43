// API reads: GET /api/posts?home=true&limit=4 and GET /api/announcements through the API, against a
// bare node:http + pg server running the same SQL (bench/bare-server.mjs), under autocannon with 50
// connections, in one run. Goals (issue 18): each read ≥ 0.8× the bare requests per second, and its
// p99 latency ≤ 1.5× the bare p99.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { report, root, round, scratchDatabase, startApi } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const apiPort = Number(process.env.BENCH_PORT || 4950);
const barePort = apiPort + 1;

const db = await scratchDatabase('reads');
const api = await startApi(
  db.url,
  apiPort,
  {},
  process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/rprof'] : [],
);
let bare;
try {
  // Enough content to read: the demo post, announcement and event copied to 200, 40 and 20 rows.
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const copy = (table, n, extra) =>
    c.query(`insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(t) || jsonb_build_object(
      'id', gen_random_uuid(), 'created_at', now() - g * interval '1 hour'${extra}))).*
      from (select * from ${table} limit 1) t, generate_series(1, ${n}) g`);
  await copy('posts', 200, `, 'slug', t.slug || '-' || g`);
  await copy('announcements', 40, '');
  await copy('events', 20, `, 'event_date', now() + g * interval '1 day'`);
  await c.end();

  bare = fork(join(root, 'bench/bare-server.mjs'), [], {
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(barePort) },
    stdio: 'inherit',
  });
  await new Promise((r) => bare.once('message', r));

  const run = (url, duration) =>
    autocannon({ url, connections: 50, duration, pipelining: 1 }).then((r) => {
      if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
      return r;
    });
  const rows = [];
  for (const path of ['/api/posts?home=true&limit=4', '/api/announcements']) {
    // Same JSON from both, then a warm-up of each, then the measured runs (bare first, API second).
    const [a, b] = await Promise.all(
      [api.base, `http://127.0.0.1:${barePort}`].map((u) => fetch(u + path).then((r) => r.json())),
    );
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${path}: the two servers answer differently`);
    await run(`http://127.0.0.1:${barePort}${path}`, 2);
    await run(api.base + path, 2);
    const baseline = await run(`http://127.0.0.1:${barePort}${path}`, SECONDS);
    const measured = await run(api.base + path, SECONDS);
    const ratio = measured.requests.average / baseline.requests.average;
    const p99Ratio = measured.latency.p99 / Math.max(1, baseline.latency.p99);
    rows.push({
      read: path,
      'bare req/s': round(baseline.requests.average, 0),
      'API req/s': round(measured.requests.average, 0),
      'req/s ratio': round(ratio),
      'goal req/s': '≥ 0.8',
      'bare p99 ms': baseline.latency.p99,
      'API p99 ms': measured.latency.p99,
      'p99 ratio': round(p99Ratio),
      'goal p99': '≤ 1.5',
      ok: ratio >= 0.8 && p99Ratio <= 1.5,
    });
  }
  report('api-reads', rows, [
    `autocannon, 50 connections, ${SECONDS} s each, API and bare server each in its own process`,
  ]);
} finally {
  bare?.kill();
  await api.stop();
  await db.drop();
}
