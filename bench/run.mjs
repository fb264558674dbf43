// `npm run bench`: every benchmark one after another (a failing one does not stop the others), then
// one table of the figures issue 18's "Done when" and issue 29's registration rush name, each beside
// what it is measured against in the same run, where it started (the issue's figures) and its goal. Only results written by this run
// are shown; a benchmark that failed shows as missing. BENCH_ONLY=scale,home runs some of them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { root, round } from './lib.mjs';

const scripts = ['bundles', 'lighthouse', 'api-reads', 'home', 'processes', 'scale', 'rush'];
const only = process.env.BENCH_ONLY?.split(',');
const started = Date.now();
const failed = [];
for (const name of scripts.filter((s) => !only || only.includes(s))) {
  console.log(`\n=== bench/${name}.mjs`);
  const run = spawnSync(process.execPath, [join(root, `bench/${name}.mjs`)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}

/** The rows a benchmark wrote in this run, or null. */
function result(name) {
  const file = join(root, `bench/results/${name}.json`);
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  return Date.parse(json.at) >= started ? json.rows : null;
}

/** Whether this run ran a benchmark (and, for bench/scale.mjs, that part of it: BENCH_PARTS). */
const ran = (script, part) =>
  (!only || only.includes(script)) && (!part || (process.env.BENCH_PARTS || 'search,export').split(',').includes(part));
const rows = [];
const add = (figure, measured, against, was, goal, ok) => rows.push({ figure, measured, against, was, goal, ok });
const missing = (figure, script) => add(figure, `missing (bench/${script}.mjs did not finish)`, '', '', '', false);

const bundles = result('bundles');
if (bundles) {
  // The issue's figures: member `/` 166.7 kB gzip; the back-office's main script alone 1.17 MB on the wire.
  const was = {
    'member / (anonymous: the join-us page), English': '166.7 kB',
    'back-office sign-in': '> 1.17 MB',
    'back-office dashboard after sign-in': '> 1.17 MB',
  };
  for (const r of bundles.filter((b) => b.goalKB))
    add(
      `bytes on the wire: ${r.page}`,
      `${r.wireKB} kB in ${r.files} files`,
      '',
      was[r.page] ?? '',
      `≤ ${r.goalKB} kB`,
      r.ok,
    );
} else if (ran('bundles')) missing('bytes on the wire per first page', 'bundles');

const reads = result('api-reads');
if (reads)
  for (const r of reads) {
    add(
      `API ${r.read}: req/s`,
      `${r['API req/s']} (${r['req/s ratio']}×)`,
      `bare server ${r['bare req/s']}`,
      r.read.includes('posts') ? '0.56×' : '0.48×',
      r['goal req/s'],
      r['req/s ratio'] >= 0.8,
    );
    add(
      `API ${r.read}: p99`,
      `${r['API p99 ms']} ms (${r['p99 ratio']}×)`,
      `bare server ${r['bare p99 ms']} ms`,
      '',
      r['goal p99'],
      r['p99 ratio'] <= 1.5,
    );
  }
else if (ran('api-reads')) missing('home reads against the bare server', 'api-reads');

const home = result('home-page');
if (home) {
  const page = home.at(-1);
  const slowest = page.goal.replace(/^≤ 2 × /, '');
  const call = home.find((r) => r.what === slowest);
  add(
    'member GET / (signed in) p50 against its slowest API call',
    `${page['p50 ms']} ms (${page.ratio}×)`,
    `${slowest} ${call?.['p50 ms']} ms`,
    '7.3× (57.6 ms against 7.9 ms)',
    '≤ 2×',
    page.ok,
  );
} else if (ran('home')) missing('home page against its slowest call', 'home');

const processes = result('processes');
if (processes) {
  const [page, read] = processes;
  add(
    'member GET / (signed in, 50 connections) req/s at 1 → 2 processes',
    `${page['req/s at 1']} → ${page['req/s at 2']} (${page.ratio}×)`,
    `API read ${read['req/s at 1']} → ${read['req/s at 2']} (${read.ratio}×)`,
    '',
    '≥ 1.7× at 2',
    page.ok,
  );
} else if (ran('processes')) missing('member req/s at 1 and 2 processes', 'processes');

const search = result('search-at-scale');
if (search)
  for (const r of search)
    add(
      `users search p95, ${r.search} (${r.matches} matches)`,
      `${r['API p95 ms']} ms (${r.ratio}×)`,
      `bare SQL ${r['SQL p95 ms']} ms`,
      '',
      `${r.goal}×, indexed`,
      r.ok,
    );
else if (ran('scale', 'search')) missing('search p95 ratios', 'scale');

const csv = result('csv-export');
if (csv) {
  const [r] = csv;
  add(
    `CSV export, ${r.export}`,
    `${r['API s (median)']} s (${r.ratio}×)`,
    `COPY ${r['COPY s (median)']} s`,
    '2.0× (1.66 s against 0.83 s)',
    `${r.goal}×`,
    r.ratio < 1.3,
  );
  add(
    'CSV export: API memory growth',
    `${r['API memory growth MB']} MB`,
    '',
    '2.3 MB',
    `≤ ${r['memory goal MB']} MB`,
    r['API memory growth MB'] <= r['memory goal MB'],
  );
} else if (ran('scale', 'export')) missing('export against COPY', 'scale');

// Issue 29's registration rush (bench/rush.mjs): the checks, the writes' p95 against the same writes
// one at a time, and a coach's teams list at 200 teams against 2.
const checks = result('rush-checks');
if (checks) for (const c of checks) add(`rush: ${c.check}`, c.measured, '', '', c.goal, c.ok);
else if (ran('rush')) missing('registration rush checks', 'rush');
const writes = result('rush-writes');
if (writes) {
  const all = writes.find((w) => w.goal);
  add(
    'rush: p95 of every write',
    `${all['rush p95 ms']} ms (${all['p95 ratio']}×)`,
    `one at a time ${all['one at a time p95 ms']} ms`,
    '',
    '≤ 3×',
    all.ok,
  );
} else if (ran('rush')) missing('rush writes against one at a time', 'rush');
const list = result('teams-list');
if (list) {
  const [small, big] = list;
  add(
    `GET /api/teams p50, ${big.coach} (${big.answer})`,
    `${big['p50 ms']} ms (${big.ratio}×)`,
    `${small.coach} ${small['p50 ms']} ms`,
    '1.3 s at 125 teams',
    '≤ 1.5×',
    big.ok,
  );
} else if (ran('rush')) missing('GET /api/teams at 200 teams against 2', 'rush');

console.log(`\nissues 18 and 29, all figures of this run (${new Date().toISOString().slice(0, 10)})`);
console.table(rows.map((r) => ({ ...r, measured: String(r.measured), ok: r.ok ? 'yes' : 'NO' })));
console.log(
  `  "was": before this work (the issue's figures; the export's and its memory from README, 2026-11-24); machine: ${cpus().length} cores, load average ${loadavg()
    .map((n) => round(n, 1))
    .join(' ')}; compare ratios, not absolute times, on a shared machine`,
);
if (failed.length) {
  console.log(`  failed: ${failed.map((f) => `bench/${f}.mjs`).join(', ')}`);
  process.exitCode = 1;
}
