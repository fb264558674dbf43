// The registration rush (issue 29): BENCH_RUSH_TEAMS coaches (default 300) each register a team of
// three students, who accept; the coach submits and pays the fee in the sandbox provider, and the API
// settles it when the coach comes back (POST /api/telr), the coaches arriving evenly over
// BENCH_RUSH_SECONDS (default 60) against the built API over HTTP. Before it, the same writes for
// BENCH_RUSH_BASELINE teams (default 30) made one at a time. Goals: no 5xx; every coach's team exactly
// once; every fee paid once (orders paid per team = 1, in the database); the rush's p95 per write
// ≤ 3× the one-at-a-time p95; GET /api/teams for a coach with 200 teams ≤ 1.5× a coach with 2 (p50).
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { adminToken, percentile, report, round, scratchDatabase, startApi } from './lib.mjs';

const RUSH = Number(process.env.BENCH_RUSH_TEAMS || 300);
const BASELINE = Number(process.env.BENCH_RUSH_BASELINE || 30);
const SPREAD_MS = Number(process.env.BENCH_RUSH_SECONDS || 60) * 1000;
const SAMPLES = Number(process.env.BENCH_SAMPLES || 40);
const WARMUP = 10;
const BIG = 200;
const SMALL = 2;
const port = Number(process.env.BENCH_PORT || 4990);
const JWT_SECRET = 'bench-rush-jwt-secret-bench-rush-jwt-secret';
const PLAN = { subscription: true, start: '2026-01-01', end: '2999-12-31' };
// Coaches: warm-up, baseline and rush teams, then the coaches of 200 and of 2 teams.
const COACHES = WARMUP + BASELINE + RUSH + 2;
const STUDENTS = Math.max(WARMUP + BASELINE + RUSH, BIG + SMALL) * 3;

/** A session token as the API signs it: HS256 over { sid, sub } (the JWT names a session row). */
function tokenOf(sid, sub) {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sid, sub, iat: now, exp: now + 86_400 })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

// One keep-alive agent; the number of sockets is bounded (requests past it wait in the client, and
// that wait counts in their time, as it would for a browser behind a busy proxy).
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
/** Every request made: { phase, kind, status, ms } (status 0: the connection failed). */
const log = [];

/** One request to the API; its time from the call to the last byte of the answer. */
function call(phase, kind, method, path, { token, json, form } = {}) {
  const body = json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined;
  const headers = { 'accept-language': 'en' };
  if (token) headers.authorization = token;
  if (body !== undefined) {
    headers['content-type'] = json !== undefined ? 'application/json' : 'application/x-www-form-urlencoded';
    headers['content-length'] = Buffer.byteLength(body);
  }
  const start = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const text = Buffer.concat(chunks).toString('utf8');
        let data = null;
        try {
          data = JSON.parse(text);
        } catch {
          /* not JSON (the sandbox's redirect) */
        }
        log.push({ phase, kind, status: res.statusCode, ms });
        resolve({ status: res.statusCode, data, headers: res.headers });
      });
    });
    req.on('error', (err) => {
      log.push({ phase, kind, status: 0, ms: Number(process.hrtime.bigint() - start) / 1e6 });
      resolve({ status: 0, data: { message: err.message }, headers: {} });
    });
    req.end(body);
  });
}

/** The machine's CPU time so far, all cores (/proc/stat), in clock ticks: idle (with I/O wait) and in all. */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = fields.map(Number);
  return { idle: n[3] + n[4], total: n.slice(0, 8).reduce((a, b) => a + b, 0) };
}

/** CPU ticks (user + system) of a process and its children (the API's workers when BENCH_PROCESSES > 1). */
function processTicks(pid) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === pid || Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks;
}

/** Measures a phase: how busy the machine was and the API's CPU time. */
function cpuDuring(pid) {
  const m = machineTicks();
  const a = processTicks(pid);
  return () => {
    const m2 = machineTicks();
    return { busy: 1 - (m2.idle - m.idle) / (m2.total - m.total), apiMs: (processTicks(pid) - a) * 10 };
  };
}

const db = await scratchDatabase('rush');
const api = await startApi(db.url, port, {
  DEMO: '0',
  JWT_SECRET,
  WEB_CONCURRENCY: process.env.BENCH_PROCESSES || '1',
});
const client = new pg.Client({ connectionString: db.url });
await client.connect();
try {
  // A season, two competitions (the rush's, and the one the coaches of 200 and 2 teams register in)
  // and their registrations, open now, a fee of 250, teams of exactly three, made through the back-office.
  const admin = await adminToken(api.base);
  const post = async (path, json) => {
    const res = await call('setup', 'admin', 'POST', path, { token: admin, json });
    if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.data)}`);
    return res.data.id;
  };
  const season = await post('/api/admin/seasons', { name: 'موسم السباق', name_en: 'Rush season' });
  const competitions = [];
  for (const n of [1, 2]) {
    const competition = await post('/api/admin/competitions', { name: `مسابقة ${n}`, name_en: `Rush ${n}` });
    await post('/api/admin/registrations', {
      season_id: season,
      competition_id: competition,
      opens_at: new Date(Date.now() - 86_400_000).toISOString(),
      closes_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      min_members: 3,
      max_members: 3,
      max_coaches: 2,
      fee: '250',
    });
    competitions.push(competition);
  }
  const [rushCompetition, listCompetition] = competitions;

  // Coaches with a plan (full access) and verified students, copied in; each with a live session row
  // and its token (signing 1,300 members in would spend a minute of argon2, which is not this benchmark).
  await client.query(
    `insert into users (name, email, national_id, type, password_hash, is_verified, subscription, start_date, end_date, language)
     select 'Coach ' || g, 'coach' || g || '@rush.example', (4000000000 + g)::text, 1, 'x', true, $2, $3, $4, 'en'
     from generate_series(1, $1::int) g`,
    [COACHES, PLAN.subscription, PLAN.start, PLAN.end],
  );
  await client.query(
    `insert into users (name, email, national_id, type, password_hash, is_verified, dob, education, language)
     select 'Student ' || g, 'student' || g || '@rush.example', (5000000000 + g)::text, 0, 'x', true, '2012-05-01',
            '{"school_name":"","education_admin":"","level":"","grade":"7"}'::jsonb, 'en'
     from generate_series(1, $1::int) g`,
    [STUDENTS],
  );
  const { rows: people } = await client.query(
    `with s as (insert into sessions (user_id, expires_at)
       select id, now() + interval '1 day' from users where email like '%@rush.example' returning id, user_id)
     select s.id sid, u.id, u.national_id, u.type from s join users u on u.id = s.user_id order by u.national_id`,
  );
  const member = (p) => ({ id: p.id, nationalId: p.national_id, token: tokenOf(p.sid, p.id) });
  const coaches = people.filter((p) => p.type === 1).map(member);
  const students = people.filter((p) => p.type === 0).map(member);
  console.log(`seeded ${coaches.length} coaches with a plan and ${students.length} verified students`);

  /**
   * One team's registration, as its people do it: the coach registers it, the three students find the
   * invitation and accept (together, or one after another), the coach submits (409 when the API
   * submitted it already), pays, presses Pay on the sandbox's page and comes back (POST /api/telr).
   * Answers what went wrong, or null.
   */
  async function register(phase, i, coach, team, together) {
    const made = await call(phase, 'POST /api/teams', 'POST', '/api/teams', {
      token: coach.token,
      json: {
        season_id: season,
        competition_id: rushCompetition,
        name: `Rush team ${i}`,
        members: team.map((s) => s.nationalId),
      },
    });
    if (made.status !== 201) return `create ${made.status} ${made.data?.message}`;
    const id = made.data.team._id;
    const accept = async (s) => {
      const list = await call(phase, 'GET /api/team-invitations', 'GET', '/api/team-invitations', { token: s.token });
      const invitation = list.data?.invitations?.find((v) => v.team._id === id);
      if (!invitation) return `invitation ${list.status}`;
      const res = await call(phase, 'POST …/accept', 'POST', `/api/team-invitations/${invitation._id}/accept`, {
        token: s.token,
      });
      return res.status === 200 ? null : `accept ${res.status} ${res.data?.message}`;
    };
    const answers = [];
    if (together) answers.push(...(await Promise.all(team.map(accept))));
    else for (const s of team) answers.push(await accept(s));
    if (answers.some(Boolean)) return answers.find(Boolean);
    const submitted = await call(phase, 'POST …/submit', 'POST', `/api/teams/${id}/submit`, { token: coach.token });
    if (submitted.status !== 200 && submitted.status !== 409) return `submit ${submitted.status}`;
    const pay = await call(phase, 'POST …/pay', 'POST', `/api/teams/${id}/pay`, { token: coach.token });
    if (pay.status !== 200) return `pay ${pay.status} ${pay.data?.message}`;
    const page = new URL(pay.data.response.order.url).pathname;
    const paid = await call(phase, 'POST sandbox Pay', 'POST', page, { form: { action: 'pay' } });
    if (paid.status !== 303) return `sandbox ${paid.status}`;
    const order = pay.data.order._id;
    const back = await call(phase, 'POST /api/telr', 'POST', '/api/telr', {
      token: coach.token,
      json: { order_id: order },
    });
    if (back.status !== 200 || back.data.order.payment_status !== 'Paid') return `settle ${back.status}`;
    return null;
  }
  const teamOf = (n) => students.slice(n * 3, n * 3 + 3);
  const failures = [];

  // Warm-up, then the baseline: every request one at a time.
  const load = () => loadavg()[0].toFixed(1);
  for (let n = 0; n < WARMUP; n++) {
    const problem = await register('warmup', n, coaches[n], teamOf(n), false);
    if (problem) failures.push(`team ${n}: ${problem}`);
  }
  const loads = [`before the one-at-a-time teams ${load()}`];
  const baselineCpu = cpuDuring(api.pid);
  for (let n = WARMUP; n < WARMUP + BASELINE; n++) {
    const problem = await register('baseline', n, coaches[n], teamOf(n), false);
    if (problem) failures.push(`team ${n}: ${problem}`);
  }
  const cpu = { baseline: baselineCpu() };
  loads.push(`after them ${load()}`);

  // The rush: coach n arrives at n × SPREAD / RUSH, each team's students accept at once.
  const rushStart = Date.now();
  const rushCpu = cpuDuring(api.pid);
  const flows = [];
  for (let r = 0; r < RUSH; r++) {
    const n = WARMUP + BASELINE + r;
    const due = rushStart + (r * SPREAD_MS) / RUSH;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    flows.push(
      register('rush', n, coaches[n], teamOf(n), true).then(
        (problem) => problem && failures.push(`team ${n}: ${problem}`),
      ),
    );
  }
  await Promise.all(flows);
  const rushSeconds = (Date.now() - rushStart) / 1000;
  cpu.rush = rushCpu();
  loads.push(`after the rush ${load()}`);

  // What the database holds: each coach's teams, each team's accepted members and paid fee orders.
  const { rows: coachRows } = await client.query(
    `select u.id, (select count(*)::int from teams t where t.created_by = u.id and t.competition_id = $1) teams
     from users u where u.type = 1 and u.email like '%@rush.example'`,
    [rushCompetition],
  );
  const { rows: registered } = await client.query(
    `select t.state, t.payment_status,
            (select count(*)::int from team_people p
              where p.team_id = t.id and p.role = 'member' and p.state = 'accepted') accepted,
            (select count(*)::int from orders o
              where o.team_id = t.id and o.order_type = 'team_fee' and o.status = 'paid') paid_orders
     from teams t where t.competition_id = $1`,
    [rushCompetition],
  );
  const coachIds = new Set(coaches.slice(0, WARMUP + BASELINE + RUSH).map((c) => c.id));
  const notOnce = coachRows.filter((r) => coachIds.has(r.id) && r.teams !== 1).length;
  const notPaidOnce = registered.filter((r) => r.paid_orders !== 1 || !r.payment_status).length;
  const notFull = registered.filter((r) => r.accepted !== 3).length;
  const notSubmitted = registered.filter((r) => r.state !== 'submitted').length;
  const states = {};
  for (const r of registered) states[r.state] = (states[r.state] ?? 0) + 1;
  const { rows: orderTotals } = await client.query(
    `select status, count(*)::int n from orders where order_type = 'team_fee' group by status order by status`,
  );
  const serverErrors = log.filter((l) => l.status >= 500 || l.status === 0);

  // Writes: each kind's p50 and p95 one at a time and in the rush.
  const ms = (phase, kind) => log.filter((l) => l.phase === phase && (!kind || l.kind === kind)).map((l) => l.ms);
  const writeKinds = [
    'POST /api/teams',
    'POST …/accept',
    'POST …/submit',
    'POST …/pay',
    'POST sandbox Pay',
    'POST /api/telr',
  ];
  const isWrite = (l) => writeKinds.includes(l.kind);
  const row = (what, one, rush, goal) => {
    const ratio = percentile(rush, 95) / percentile(one, 95);
    return {
      write: what,
      'one at a time p50 ms': round(percentile(one, 50), 1),
      'one at a time p95 ms': round(percentile(one, 95), 1),
      'rush p50 ms': round(percentile(rush, 50), 1),
      'rush p95 ms': round(percentile(rush, 95), 1),
      'p95 ratio': round(ratio),
      ...(goal ? { goal: '≤ 3', ok: ratio <= 3 } : {}),
    };
  };
  const writeRows = [
    ...writeKinds.map((k) => row(k, ms('baseline', k), ms('rush', k))),
    row(
      'GET /api/team-invitations (a read)',
      ms('baseline', 'GET /api/team-invitations'),
      ms('rush', 'GET /api/team-invitations'),
    ),
    row(
      'every write',
      log.filter((l) => l.phase === 'baseline' && isWrite(l)).map((l) => l.ms),
      log.filter((l) => l.phase === 'rush' && isWrite(l)).map((l) => l.ms),
      true,
    ),
  ];
  const rushRequests = log.filter((l) => l.phase === 'rush').length;
  report('rush-writes', writeRows, [
    `${BASELINE} teams one request at a time (after ${WARMUP} for warm-up), then ${RUSH} coaches arriving evenly over ${SPREAD_MS / 1000} s,`,
    `each team's three students accepting at once: ${rushRequests} requests in ${round(rushSeconds, 1)} s`,
    `(${round(rushRequests / rushSeconds, 0)}/s); ${process.env.BENCH_PROCESSES || 1} API process(es), outbox and reconciler running`,
    `load average (1 min): ${loads.join(', ')}`,
    ...['baseline', 'rush'].map((phase) => {
      const n = log.filter((l) => l.phase === phase).length;
      return `${phase === 'rush' ? 'rush' : 'one at a time'}: the machine's cores ${round(cpu[phase].busy * 100, 0)}% busy (all its processes), the API ${round(cpu[phase].apiMs / n, 1)} ms of CPU per request`;
    }),
  ]);
  report(
    'rush-checks',
    [
      {
        check: 'teams done (registered, accepted, submitted, paid, settled)',
        measured: `${RUSH + BASELINE + WARMUP - failures.length} of ${RUSH + BASELINE + WARMUP}, the rush in ${round(rushSeconds, 1)} s`,
        goal: `all, the rush within about ${SPREAD_MS / 1000} s`,
        ok: failures.length === 0,
      },
      {
        check: 'answers 5xx or connection failed',
        measured: `${serverErrors.length} of ${log.length}`,
        goal: '0',
        ok: serverErrors.length === 0,
      },
      {
        check: 'coaches without exactly one team',
        measured: `${notOnce} of ${coachIds.size}`,
        goal: '0',
        ok: notOnce === 0,
      },
      {
        check: 'teams without 3 accepted members',
        measured: `${notFull} of ${registered.length}`,
        goal: '0',
        ok: notFull === 0,
      },
      {
        check: 'teams not submitted (by the coach, or by the API once all accepted)',
        measured: `${notSubmitted} of ${registered.length}`,
        goal: '0',
        ok: notSubmitted === 0,
      },
      {
        check: 'teams whose paid fee orders ≠ 1 (or not marked paid)',
        measured: `${notPaidOnce} of ${registered.length}`,
        goal: '0',
        ok: notPaidOnce === 0,
      },
    ],
    [
      `team states: ${Object.entries(states)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}; team fee orders: ${orderTotals.map((o) => `${o.status} ${o.n}`).join(', ')}`,
      ...failures.slice(0, 10).map((f) => `failed: ${f}`),
      ...serverErrors.slice(0, 10).map((e) => `5xx: ${e.kind} ${e.status}`),
    ],
  );

  // GET /api/teams: a coach with 200 teams against one with 2, in the other competition (the first
  // 606 students invited again; their invitations stay pending).
  const big = coaches.at(-2);
  const small = coaches.at(-1);
  for (const [coach, count, first] of [
    [big, BIG, 0],
    [small, SMALL, BIG],
  ])
    for (let n = 0; n < count; n++) {
      const res = await call('list-setup', 'POST /api/teams', 'POST', '/api/teams', {
        token: coach.token,
        json: {
          season_id: season,
          competition_id: listCompetition,
          name: `List team ${first + n}`,
          members: teamOf(first + n).map((s) => s.nationalId),
        },
      });
      if (res.status !== 201) throw new Error(`list team ${first + n}: ${res.status} ${JSON.stringify(res.data)}`);
      // A coach registers at most 10 teams and invites 60 people a day (issue 29): the setup moves the
      // coach's earlier teams and invitations two days back, so the next ones are today's again.
      if (n % 9 === 8) {
        await client.query(`update teams set created_at = created_at - interval '2 days' where created_by = $1`, [
          coach.id,
        ]);
        await client.query(`update team_people set invited_at = invited_at - interval '2 days' where invited_by = $1`, [
          coach.id,
        ]);
      }
    }
  const list = async (coach) => {
    const res = await call('list', 'GET /api/teams', 'GET', '/api/teams', { token: coach.token });
    if (res.status !== 200) throw new Error(`GET /api/teams: ${res.status}`);
    return res.data;
  };
  const shape = async (coach) => {
    const data = await list(coach);
    const paging = Object.keys(data).filter((k) => k !== 'success' && k !== 'teams');
    return `${Array.isArray(data.teams) ? data.teams.length : '?'} teams in the answer${paging.length ? ` (${paging.map((k) => `${k}: ${JSON.stringify(data[k])}`).join(', ')})` : ''}`;
  };
  const bigShape = await shape(big);
  const smallShape = await shape(small);
  for (let i = 0; i < 3; i++) await Promise.all([list(big), list(small)]);
  const times = { big: [], small: [] };
  for (let i = 0; i < SAMPLES; i++)
    for (const [key, coach] of i % 2
      ? [
          ['big', big],
          ['small', small],
        ]
      : [
          ['small', small],
          ['big', big],
        ]) {
      const start = process.hrtime.bigint();
      await list(coach);
      times[key].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  const listRatio = percentile(times.big, 50) / percentile(times.small, 50);
  report(
    'teams-list',
    [
      {
        coach: `${SMALL} teams`,
        answer: smallShape,
        'p50 ms': round(percentile(times.small, 50), 1),
        'p95 ms': round(percentile(times.small, 95), 1),
      },
      {
        coach: `${BIG} teams`,
        answer: bigShape,
        'p50 ms': round(percentile(times.big, 50), 1),
        'p95 ms': round(percentile(times.big, 95), 1),
        ratio: round(listRatio),
        goal: '≤ 1.5',
        ok: listRatio <= 1.5,
      },
    ],
    [`GET /api/teams as the API answers it (no ?page or ?limit), ${SAMPLES} each, alternating, one at a time`],
  );
} finally {
  agent.destroy();
  await client.end();
  await api.stop();
  await db.drop();
}
