// All the cores: the signed-in member home page (`/`, 50 connections) and one of its API reads under
// autocannon with the API and the member site at WEB_CONCURRENCY=1 and then 2 (node:cluster), on the
// same database. Goal (issue 18): 2 processes serve ≥ 1.7× the requests per second of 1 on 2 cores.
// On one machine the load generator, PostgreSQL and both servers share those cores.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { report, round, scratchDatabase, startApi, startMember } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const apiPort = Number(process.env.BENCH_PORT || 4960);
const student = { national_id: '1000000001', password: 'Demo-pass-2026' };

async function measure(processes, url, headers) {
  const run = (connections, duration) =>
    autocannon({ url, connections, duration, pipelining: 1, headers, timeout: 30 }).then((r) => {
      if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
      return r;
    });
  // A light warm-up (a saturating one would leave a backlog in the measured run), then 50 connections.
  await run(5, 3);
  const before = cpuTimes();
  const r = await run(50, SECONDS);
  const after = cpuTimes();
  // How busy the machine's cores were (all processes: the servers, PostgreSQL and the load generator).
  const busy = 1 - (after.idle - before.idle) / (after.total - before.total);
  return { processes, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, busy };
}

/** The machine's CPU time so far, all cores (/proc/stat): idle (with I/O wait) and in all. */
function cpuTimes() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = fields.map(Number);
  return { idle: n[3] + n[4], total: n.slice(0, 8).reduce((a, b) => a + b, 0) };
}

const db = await scratchDatabase('processes');
const results = { page: [], read: [] };
try {
  for (const processes of [1, 2]) {
    const env = { WEB_CONCURRENCY: String(processes) };
    const api = await startApi(db.url, apiPort, env);
    const member = await startMember(api.base, apiPort + 1, [], env);
    try {
      const signin = await fetch(`${member.site}/student/signin/`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(student),
      });
      const cookie = signin.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      if (signin.status !== 302 || !cookie) throw new Error(`member sign-in: ${signin.status}`);
      const home = await fetch(`${member.site}/`, { headers: { cookie }, redirect: 'manual' });
      if (home.status !== 200 || !(await home.text()).includes('Sara Student')) throw new Error('home: not signed in');
      results.page.push(await measure(processes, `${member.site}/`, { cookie }));
      results.read.push(await measure(processes, `${api.base}/api/posts?home=true&limit=4`, {}));
    } finally {
      await member.stop();
      await api.stop();
    }
  }
  const row = (what, [one, two]) => ({
    what,
    'req/s at 1': round(one.rps, 0),
    'req/s at 2': round(two.rps, 0),
    'p99 ms at 1': one.p99,
    'p99 ms at 2': two.p99,
    'cores busy at 1 / 2': `${round(one.busy * 100, 0)}% / ${round(two.busy * 100, 0)}%`,
    ratio: round(two.rps / one.rps),
    goal: '≥ 1.7',
    ok: two.rps / one.rps >= 1.7,
  });
  report(
    'processes',
    [row('member GET / (signed in student)', results.page), row('API GET /api/posts?home=true&limit=4', results.read)],
    [
      `autocannon, 50 connections, ${SECONDS} s each after a 5-connection warm-up; WEB_CONCURRENCY processes for the API and the member site alike`,
      `member / beside the API read: ${round(results.page[0].rps, 1)} against ${round(results.read[0].rps, 0)} req/s at 1 process, ` +
        `${round(results.page[1].rps, 1)} against ${round(results.read[1].rps, 0)} at 2`,
      'the load generator, PostgreSQL and both servers share the same cores: when they are all busy at 1 process already,',
      'a second process has no core to run on, and the figure measures the machine rather than the processes',
    ],
  );
} finally {
  await db.drop();
}
