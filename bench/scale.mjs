// The back-office at scale: BENCH_USERS members (default 1,000,000) copied in with COPY, then
//  - the users list search (filter={"q":…}: name, national ID, e-mail, phone; the start of a value
//    and a piece from its middle) through the API against the same two statements (count, then page)
//    run directly: goal p95 ≤ 1.5× the bare query, and the plans use the indexes;
//  - the users CSV export through the API against PostgreSQL's COPY (same query) TO STDOUT WITH CSV:
//    goal < 1.3× COPY's time (medians of 5), with the API's memory growth ≤ 64 MB.
import http from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ResourceService } from '../api/dist/admin/resource.service.js';
import { usersResource } from '../api/dist/admin/resources/users.resource.js';
import * as schema from '../api/dist/db/schema.js';
import { adminToken, percentile, report, round, scratchDatabase, startApi, time } from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS || 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 30);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS || 5);
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
        `copy users (name, email, national_id, phone_number, type, password_hash, is_verified, subscription, nationality, created_at) from stdin with (format csv)`,
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
  // BENCH_PARTS=export (or search) runs one half.
  const parts = (process.env.BENCH_PARTS || 'search,export').split(',');
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
  // The same two statements the API's generic list runs for a search (count, then page).
  const where = `users.type in (0, 1, 2) and (users.name ilike $1 or users.national_id ilike $1 or users.email ilike $1 or users.phone_number ilike $1)`;
  const pageSql = `select * from users where ${where} order by users.created_at desc, users.id asc offset 0 limit 10`;
  // Up to 20,000 matches the API sorts the matches (the sort column behind coalesce), else walks the index.
  const fencedPageSql = pageSql.replace(
    'order by users.created_at',
    'order by coalesce(users.created_at, users.created_at)',
  );
  const pageOf = (count) => (Number(count) <= 20_000 ? fencedPageSql : pageSql);
  const countSql = `select count(*) from users where ${where}`;
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const searchRows = [];
  for (const [label, q] of parts.includes('search') ? cases : []) {
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
    // A search: the count first, then the page it makes cheap (as the API does).
    const bare = async () => {
      const counted = await pool.query(countSql, [pattern]);
      return [await pool.query(pageOf(counted.rows[0].count), [pattern]), counted];
    };
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
    const plan = JSON.stringify(
      (await pool.query(`explain (format json) ${pageOf(counted.rows[0].count)}`, [pattern])).rows[0],
    );
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
  if (searchRows.length)
    report('search-at-scale', searchRows, [`${USERS} members; ${SAMPLES} samples per search, API and SQL alternating`]);

  if (parts.includes('export')) {
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
    // The export's default order is the list's: newest first.
    const copySelect = `select id, name, national_id, email, phone_number, type, cr_number, nationality, subscription, is_verified, start_date, end_date, created_at
    from users where type in (0, 1, 2) order by created_at desc, id desc`;
    const copySql = `copy (${copySelect}) to stdout with csv header`;
    // The API's own statement (its cells formatted in SQL), COPYed the same way: splits the API's
    // extra time into what formatting costs PostgreSQL and what passing the rows on costs the API.
    const service = new ResourceService(drizzle(client, { schema }), null);
    const apiCopySql = `copy (${service.exportStatement(usersResource, {})}) to stdout with csv`;
    // As the API runs it: without JIT (api/src/core/database.ts).
    const apiCopyOnce = async () => {
      await client.query('set jit = off');
      const ms = await time(() => pipeline(client.query(copyStreams.to(apiCopySql)), sink()));
      await client.query('reset jit');
      return ms;
    };
    let copyBytes = 0;
    const copyOnce = () =>
      time(async () => {
        const out = sink();
        await pipeline(client.query(copyStreams.to(copySql)), out);
        copyBytes = out.bytes;
      });
    let apiBytes = 0;
    let lines = 0;
    // countLines: the warm-up checks the file has a line per member; the measured runs only count
    // bytes (each the warm-up's), as light a reader as COPY's sink.
    const exportOnce = (countLines = false) =>
      time(async () => {
        apiBytes = 0;
        lines = 0;
        // node:http rather than fetch: as light a reader as COPY's, so the client does not compete
        // with the API and PostgreSQL for the two cores.
        const res = await new Promise((resolve, reject) =>
          http
            .get(`${api.base}/api/admin/users/export`, { headers: { Authorization: token } }, resolve)
            .on('error', reject),
        );
        if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode}`);
        for await (const chunk of res) {
          apiBytes += chunk.length;
          if (countLines) for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        }
      });
    // A warm-up of each, then EXPORT_RUNS of each alternating; the medians are compared (one run
    // of either varies by ±30% on a shared 2-core machine).
    await copyOnce();
    await exportOnce(true);
    if (lines !== USERS + 1) throw new Error(`export: ${lines} lines for ${USERS} members`);
    const warmBytes = apiBytes;
    const copyTimes = [];
    const exportTimes = [];
    const apiCopyTimes = [];
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
    for (let i = 0; i < EXPORT_RUNS; i++) {
      copyTimes.push(await copyOnce());
      exportTimes.push(await exportOnce());
      if (apiBytes !== warmBytes) throw new Error(`export: ${apiBytes} bytes where the warm-up had ${warmBytes}`);
      apiCopyTimes.push(await apiCopyOnce());
    }
    const copyMs = percentile(copyTimes, 50);
    const exportMs = percentile(exportTimes, 50);
    clearInterval(sampler);
    // The plan COPY and the export share: an index scan in the list's order, no sort.
    const { rows: exportPlan } = await client.query(`explain ${copySelect}`);
    console.log(exportPlan.map((r) => r['QUERY PLAN']).join('\n'));
    const growthMB = (peak - before) / 2 ** 20;
    const ratio = exportMs / copyMs;
    report(
      'csv-export',
      [
        {
          export: `${USERS} members`,
          'COPY s (median)': round(copyMs / 1000),
          'API s (median)': round(exportMs / 1000),
          "COPY of the API's statement s": round(percentile(apiCopyTimes, 50) / 1000),
          'COPY MB': round(copyBytes / 2 ** 20, 1),
          'API MB': round(apiBytes / 2 ** 20, 1),
          ratio: round(ratio),
          goal: '< 1.3',
          'API memory growth MB': round(growthMB, 1),
          'memory goal MB': 64,
          ok: ratio < 1.3 && growthMB <= 64,
        },
      ],
      [
        `medians of ${EXPORT_RUNS} runs each, alternating; all runs in s: COPY ${copyTimes.map((t) => round(t / 1000)).join(' ')}, API ${exportTimes.map((t) => round(t / 1000)).join(' ')}`,
        'the API writes more per row than COPY: Type and Subscription as words, a UTF-8 BOM, formula-safe cells',
      ],
    );
  }
} finally {
  await client.end();
  await api.stop();
  await db.drop();
}
