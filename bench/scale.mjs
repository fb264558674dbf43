// The back-office at scale: BENCH_USERS members (default 1,000,000) copied in with COPY, then
//  - the users list search (filter={"q":…}: name, national ID, e-mail, phone; the start of a value
//    and a piece from its middle) through the API against the same two statements (page and count)
//    run directly: goal p95 ≤ 1.5× the bare query, and the plans use the indexes;
//  - the users CSV export through the API against PostgreSQL's COPY (same query) TO STDOUT WITH CSV:
//    goal ≤ 1.5× COPY's time, with the API's memory growth ≤ 64 MB.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { adminToken, percentile, report, round, scratchDatabase, startApi, time } from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS || 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 30);
const port = Number(process.env.BENCH_PORT || 4960);

const first = [
  'Sara',
  'Omar',
  'Layan',
  'Fahad',
  'Noura',
  'Khalid',
  'Reem',
  'Abdullah',
  'Huda',
  'Yousef',
  'سارة',
  'عمر',
  'ليان',
  'فهد',
  'نورة',
  'خالد',
];
const last = [
  'Alqahtani',
  'Alharbi',
  'Alghamdi',
  'Alotaibi',
  'Alzahrani',
  'Alshehri',
  'Aldosari',
  'القحطاني',
  'الحربي',
  'الغامدي',
  'العتيبي',
  'الزهراني',
];
const idOf = (i) => String(3_000_000_000 + i);
const phoneOf = (i) => `+9665${String(i).padStart(8, '0')}`;
const emailOf = (i) => `member${i}@school${i % 97}.example`;

const db = await scratchDatabase('scale');
const api = await startApi(
  db.url,
  port,
  { DEMO: '0' },
  process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/eprof'] : [],
);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
try {
  // Bulk load: the search indexes are dropped, the rows copied in, the indexes built again as the
  // migrations define them (far faster than keeping them up to date row by row).
  const seedMs = await time(async () => {
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename = 'users' and indexdef like '%gin_trgm_ops%'`,
    );
    for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);
    const stream = client.query(
      copyStreams.from(
        `copy users (name, email, national_id, phone_number, type, password_hash, is_verified, subcription, nationality, created_at) from stdin with (format csv)`,
      ),
    );
    const start = Date.parse('2024-01-01T00:00:00Z');
    async function* rows() {
      let chunk = '';
      for (let i = 1; i <= USERS; i++) {
        const name = `${first[i % first.length]} ${last[(i * 7) % last.length]}`;
        const created = new Date(start + i * 90_000).toISOString();
        chunk += `${name},${emailOf(i)},${idOf(i)},${phoneOf(i)},${i % 3},x,${i % 5 !== 0},${i % 4 === 0},SA,${created}\n`;
        if (chunk.length > 1 << 16) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    await pipeline(rows, stream);
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const ix of indexes) await client.query(ix.indexdef);
    await client.query('analyze users');
  });
  console.log(`${USERS} members copied in and indexed in ${round(seedMs / 1000, 1)} s`);

  const token = await adminToken(api.base);
  const pick = Math.floor(USERS * 0.61803);
  const cases = [
    ['name, start of a word', first[pick % first.length].slice(0, 4)],
    ['name, inside a word', last[(pick * 7) % last.length].slice(2, 7)],
    ['national ID, start', idOf(pick).slice(0, 7)],
    ['national ID, inside', idOf(pick).slice(3, 9)],
    ['e-mail, start', emailOf(pick).split('@')[0]],
    ['e-mail, inside', `${pick}@school`],
    ['phone, start', phoneOf(pick).slice(0, 9)],
    ['phone, inside', phoneOf(pick).slice(6, 12)],
  ];
  // The same two statements the API's generic list runs (page and count, in parallel).
  const where = `users.type in (0, 1, 2) and (users.name ilike $1 or users.national_id ilike $1 or users.email ilike $1 or users.phone_number ilike $1)`;
  const pageSql = `select * from users where ${where} order by users.created_at desc, users.id asc offset 0 limit 10`;
  const countSql = `select count(*) from users where ${where}`;
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const searchRows = [];
  for (const [label, q] of cases) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const url = `${api.base}/api/admin/users?${new URLSearchParams({
      filter: JSON.stringify({ q }),
      range: '[0,9]',
      sort: '["created_at","DESC"]',
    })}`;
    const viaApi = async () => {
      const res = await fetch(url, { headers: { Authorization: token } });
      if (!res.ok) throw new Error(`${label}: ${res.status}`);
      return res.headers.get('content-range');
    };
    const bare = () => Promise.all([pool.query(pageSql, [pattern]), pool.query(countSql, [pattern])]);
    // Same answer from both; a warm-up of each; then alternate, so both see the same cache.
    const [, [, counted]] = await Promise.all([viaApi(), bare()]);
    const range = await viaApi();
    if (!range.endsWith(`/${counted.rows[0].count}`))
      throw new Error(`${label}: ${range} but ${counted.rows[0].count} rows`);
    const apiMs = [];
    const sqlMs = [];
    for (let i = 0; i < SAMPLES; i++) {
      sqlMs.push(await time(bare));
      apiMs.push(await time(viaApi));
    }
    const plan = JSON.stringify((await pool.query(`explain (format json) ${pageSql}`, [pattern])).rows[0]);
    const countPlan = JSON.stringify((await pool.query(`explain (format json) ${countSql}`, [pattern])).rows[0]);
    const indexes = [...new Set([...`${plan}${countPlan}`.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]))];
    const ratio = percentile(apiMs, 95) / percentile(sqlMs, 95);
    searchRows.push({
      search: `${label}: "${q}"`,
      matches: Number(counted.rows[0].count),
      'SQL p50 ms': round(percentile(sqlMs, 50), 1),
      'SQL p95 ms': round(percentile(sqlMs, 95), 1),
      'API p50 ms': round(percentile(apiMs, 50), 1),
      'API p95 ms': round(percentile(apiMs, 95), 1),
      ratio: round(ratio),
      goal: '≤ 1.5',
      indexes: indexes.join(' ') || 'none (sequential scan)',
      ok: ratio <= 1.5 && indexes.length > 0,
    });
  }
  await pool.end();
  report('search-at-scale', searchRows, [`${USERS} members; ${SAMPLES} samples per search, API and SQL alternating`]);

  // Export: the API's streamed CSV against COPY of the same query.
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'))[1]) * 1024;
  const sink = () => {
    const s = new Writable({
      write(chunk, _enc, done) {
        s.bytes += chunk.length;
        done();
      },
    });
    s.bytes = 0;
    return s;
  };
  const copySql = `copy (select id, name, national_id, email, phone_number, type, cr_number, nationality, subcription, is_verified, start_date, end_date, created_at
    from users where type in (0, 1, 2) order by created_at asc, id asc) to stdout with csv header`;
  let copyBytes = 0;
  const copyMs = await time(async () => {
    const out = sink();
    await pipeline(client.query(copyStreams.to(copySql)), out);
    copyBytes = out.bytes;
  });
  global.gc?.();
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  let apiBytes = 0;
  let lines = 0;
  const exportMs = await time(async () => {
    const res = await fetch(`${api.base}/api/admin/users/export`, { headers: { Authorization: token } });
    if (!res.ok) throw new Error(`export: ${res.status}`);
    for await (const chunk of res.body) {
      apiBytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
  });
  clearInterval(sampler);
  // The plan of one of the export's pages (keyset on created_at and id, 1,000 rows).
  const { rows: mid } = await client.query(
    `select created_at, id from users order by created_at, id offset ${Math.floor(USERS / 2)} limit 1`,
  );
  const { rows: batchPlan } = await client.query(
    `explain (analyze, format text) select *, created_at::text as export_key from users
     where type in (0, 1, 2) and (created_at, id) > ($1::timestamptz, $2::uuid) order by created_at asc, id asc limit 1000`,
    [mid[0].created_at, mid[0].id],
  );
  console.log(batchPlan.map((r) => r['QUERY PLAN']).join('\n'));
  if (lines !== USERS + 1) throw new Error(`export: ${lines} lines for ${USERS} members`);
  const growthMB = (peak - before) / 2 ** 20;
  const ratio = exportMs / copyMs;
  report(
    'csv-export',
    [
      {
        export: `${USERS} members`,
        'COPY s': round(copyMs / 1000),
        'API s': round(exportMs / 1000),
        'COPY MB': round(copyBytes / 2 ** 20, 1),
        'API MB': round(apiBytes / 2 ** 20, 1),
        ratio: round(ratio),
        goal: '≤ 1.5',
        'API memory growth MB': round(growthMB, 1),
        'memory goal MB': 64,
        ok: ratio <= 1.5 && growthMB <= 64,
      },
    ],
    ['the API writes more per row than COPY: Type and Subscription as words, a UTF-8 BOM, formula-safe cells'],
  );
} finally {
  await client.end();
  await api.stop();
  await db.drop();
}
