// The member home page: server time of `/` for a signed-in student (the member site's loaders and
// the server render) against the slowest single API call its loaders make. Goal (issue 18) ≤ 2× (the
// calls run in parallel, no waterfall). Both servers run BENCH_PROCESSES processes (WEB_CONCURRENCY, default 1).
import { percentile, report, round, scratchDatabase, startApi, startMember, time } from './lib.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES || 60);
const apiPort = Number(process.env.BENCH_PORT || 4970);
const memberPort = apiPort + 1;
const student = { national_id: '1000000001', password: 'Demo-pass-2026' };

const db = await scratchDatabase('home');
const processes = { WEB_CONCURRENCY: process.env.BENCH_PROCESSES || '1' };
const api = await startApi(
  db.url,
  apiPort,
  { DEMO: '1', ...processes },
  process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/aprof'] : [],
);
const member = await startMember(
  api.base,
  memberPort,
  process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/mprof'] : [],
  processes,
);
const site = member.site;
try {
  // Signed in through the member site's own form, as a browser without JavaScript would.
  const signin = await fetch(`${site}/student/signin/`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(student),
  });
  const cookie = signin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (signin.status !== 302 || !cookie) throw new Error(`member sign-in: ${signin.status}`);
  const token = (
    await fetch(`${api.base}/api/adduser-steb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...student, type: 0, loginType: 'signin' }),
    })
  ).headers.get('authorization');

  const page = async () => {
    const res = await fetch(`${site}/`, { headers: { cookie }, redirect: 'manual' });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('Sara Student')) throw new Error(`home: ${res.status}`);
  };
  // The calls the root and home loaders make for this member: the home call, which also answers who
  // it is. The courses are a public list the site keeps a minute, asked here for comparison only.
  const calls = [
    ['GET /api/home', 'GET', '/api/home'],
    ['GET /api/courses?lang=en (kept by the site)', 'GET', '/api/courses?lang=en'],
  ].map(([label, method, path]) => ({
    label,
    run: async () => {
      const res = await fetch(api.base + path, {
        method,
        headers: { Authorization: token, 'Accept-Language': 'en' },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${label}: ${res.status}`);
    },
    ms: [],
  }));
  const pageMs = [];
  const allMs = [];
  const all = () => Promise.all(calls.map((c) => c.run()));
  for (let i = 0; i < 5; i++) {
    await page();
    for (const c of calls) await c.run();
  }
  for (let i = 0; i < SAMPLES; i++) {
    pageMs.push(await time(page));
    for (const c of calls) c.ms.push(await time(c.run));
    allMs.push(await time(all));
  }
  const slowest = calls.reduce((a, b) => (percentile(b.ms, 50) > percentile(a.ms, 50) ? b : a));
  const ratio = percentile(pageMs, 50) / percentile(slowest.ms, 50);
  report(
    'home-page',
    [
      ...calls.map((c) => ({
        what: c.label,
        'p50 ms': round(percentile(c.ms, 50), 1),
        'p95 ms': round(percentile(c.ms, 95), 1),
      })),
      {
        what: 'the same calls all at once',
        'p50 ms': round(percentile(allMs, 50), 1),
        'p95 ms': round(percentile(allMs, 95), 1),
      },
      {
        what: 'member site GET / (signed in)',
        'p50 ms': round(percentile(pageMs, 50), 1),
        'p95 ms': round(percentile(pageMs, 95), 1),
        ratio: round(ratio),
        goal: `≤ 2 × ${slowest.label}`,
        ok: ratio <= 2,
        'ratio to all at once': round(percentile(pageMs, 50) / percentile(allMs, 50)),
      },
    ],
    [
      `${processes.WEB_CONCURRENCY} process(es) each for the API and the member site. The page asks the API once (GET /api/home,`,
      'which also answers who is signed in); the site keeps the courses a minute. Within one API process, calls made at once',
      'are served one after another, so "all at once" costs about their sum; the rest of the page time is the server render',
    ],
  );
} finally {
  await member.stop();
  await api.stop();
  await db.drop();
}
