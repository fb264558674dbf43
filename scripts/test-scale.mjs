// `npm run test:scale` (issue 21): the platform as it runs for real, on this machine. The machine's
// PostgreSQL (a scratch database), an S3 test server, two API processes and two member-site
// processes sharing nothing but the database and the bucket, HAProxy in front (deploy/haproxy.cfg)
// on 127.0.0.1. It shows, each as a check that fails the run:
//   1. a member signed in through one member process is signed in on the other;
//   2. a picture uploaded through one API process is served by the other;
//   3. sign-in guessing split across both API processes still meets the limit;
//   4. one outbox message is sent once although both workers run;
//   5. a paid order is activated once although both reconcilers run;
//   6. one API process killed (SIGKILL) under the load of SCALE_MEMBERS members costs only the
//      requests it held: HAProxy sends the rest to the other, every request answered in bounded time.
// Figures print at the end and go to bench/results/scale-out.json. SCALE_MEMBERS (200),
// SCALE_SECONDS (20), SCALE_THINK_MS (500: a member pauses 0-1 s between requests),
// SCALE_PORT_BASE (4600: uses the next 50 ports), BENCH_DATABASE_URL or
// TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), HAPROXY (haproxy on the PATH or /usr/sbin).
import { Blob, Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { percentile, report, root, round, scratchDatabase, startApi, startMember } from '../bench/lib.mjs';

const require = createRequire(join(root, 'api/package.json'));
const S3rver = require('s3rver');
const { SMTPServer } = require('smtp-server');
const sharp = require('sharp');
const { hashPassword } = require(join(root, 'api/dist/auth/password.js'));

const MEMBERS = Number(process.env.SCALE_MEMBERS || 200);
const SECONDS = Number(process.env.SCALE_SECONDS || 20);
/** A member's pause between two requests (reading the page), 0 to SCALE_THINK_MS × 2. */
const THINK_MS = Number(process.env.SCALE_THINK_MS ?? 500);
const BASE = Number(process.env.SCALE_PORT_BASE || 4600);
const HOST = '127.0.0.1';
const PASSWORD = 'Scale-pass-2026';
const SIGNIN_LIMIT = 10;
const ports = {
  lbApi: BASE + 1,
  lbMember: BASE + 2,
  lbStats: BASE + 3,
  api: [BASE + 11, BASE + 12],
  member: [BASE + 21, BASE + 22],
  s3: BASE + 31,
  smtp: BASE + 41,
};
const lbApi = `http://${HOST}:${ports.lbApi}`;
const lbMember = `http://${HOST}:${ports.lbMember}`;
/** The bearer token each process's /metrics asks of a scrape. */
const METRICS_TOKEN = 'scale-metrics-Zt4pQ9wL2xV7nB5kR8sD3fH6jM1cY0aE';

const checks = [];
function check(name, ok, detail) {
  checks.push({ check: name, result: ok ? 'pass' : 'FAIL', detail });
  console.log(`[scale] ${ok ? 'pass' : 'FAIL'}: ${name} (${detail})`);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(what, test, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function haproxyBinary() {
  for (const candidate of [process.env.HAPROXY, 'haproxy', '/usr/sbin/haproxy'].filter(Boolean)) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error('HAProxy is not installed (apt-get install haproxy; .ci/run installs it)');
}
for (const built of ['api/dist/main.js', 'member/build/server/index.js']) {
  if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
}

const stops = [];
const started = Date.now();
const figures = {};
let failed = false;
try {
  console.log(`[scale] ${MEMBERS} members, ${SECONDS} s of load, ports ${BASE}-${BASE + 49}`);

  // The S3 test server and the mail catcher.
  const s3dir = mkdtempSync(join(tmpdir(), 'scale-s3-'));
  const s3 = new S3rver({
    address: HOST,
    port: ports.s3,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'scale-uploads' }],
  });
  await s3.run();
  stops.push(async () => {
    await s3.close();
    rmSync(s3dir, { recursive: true, force: true });
  });
  const mail = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      stream.resume();
      stream.on('end', () => {
        mail.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        cb();
      });
    },
  });
  await new Promise((ok) => smtp.listen(ports.smtp, HOST, ok));
  stops.push(() => new Promise((ok) => smtp.close(ok)));

  const db = await scratchDatabase('scaleout');
  stops.push(() => db.drop());
  const sql = new pg.Pool({ connectionString: db.url, max: 4 });
  stops.push(() => sql.end());

  // Two API processes: the same secrets, the same database and bucket, each its own DATA_DIR.
  const shared = {
    DEMO: '0',
    JWT_SECRET: 'scale-jwt-secret-scale-jwt-secret-scale-jwt',
    RATE_LIMIT_SIGNIN: String(SIGNIN_LIMIT),
    // Every member of the load signs in from this one address (the load balancer forwards it).
    RATE_LIMIT_ADDRESS: String(MEMBERS * 10),
    TRUST_PROXY_HOPS: '1',
    SMTP_URL: `smtp://${HOST}:${ports.smtp}`,
    OUTBOX_POLL_MS: '200',
    PAYMENT_RECONCILE_MS: '300',
    PUBLIC_API_URL: lbApi,
    MEMBER_URL: lbMember,
    S3_ENDPOINT: `http://${HOST}:${ports.s3}`,
    S3_BUCKET: 'scale-uploads',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    METRICS_TOKEN,
  };
  const apis = [];
  for (const port of ports.api) {
    const api = await startApi(db.url, port, shared);
    apis.push(api);
    stops.push(() => api.stop());
  }
  const members = [];
  for (const port of ports.member) {
    const member = await startMember(lbApi, port, [], { TRUST_PROXY_HOPS: '1', METRICS_TOKEN });
    members.push(member);
    stops.push(() => member.stop());
  }

  // HAProxy in front, with the repository's configuration.
  const haproxy = spawn(haproxyBinary(), ['-db', '-f', join(root, 'deploy/haproxy.cfg')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      LB_HOST: HOST,
      LB_API_PORT: String(ports.lbApi),
      LB_MEMBER_PORT: String(ports.lbMember),
      LB_STATS_PORT: String(ports.lbStats),
      API1_ADDR: `${HOST}:${ports.api[0]}`,
      API2_ADDR: `${HOST}:${ports.api[1]}`,
      MEMBER1_ADDR: `${HOST}:${ports.member[0]}`,
      MEMBER2_ADDR: `${HOST}:${ports.member[1]}`,
    },
  });
  stops.push(async () => {
    haproxy.kill('SIGTERM');
    await new Promise((r) => (haproxy.exitCode !== null ? r() : haproxy.once('exit', r)));
  });
  /** HAProxy's view of each server: { api1: 'UP', … }. */
  async function lbStatus() {
    const csv = await (await fetch(`http://${HOST}:${ports.lbStats}/stats;csv`)).text();
    const status = {};
    for (const line of csv.split('\n').slice(1)) {
      const cells = line.split(',');
      if (cells[1] && !['FRONTEND', 'BACKEND'].includes(cells[1])) status[cells[1]] = cells[17];
    }
    return status;
  }
  await until('HAProxy to see all four processes up', async () => {
    try {
      const s = await lbStatus();
      return ['api1', 'api2', 'member1', 'member2'].every((n) => s[n] === 'UP');
    } catch {
      return false;
    }
  });
  console.log(`[scale] up in ${round((Date.now() - started) / 1000, 1)} s`);

  // Members, stored directly (one password hash for all), verified students.
  const passwordHash = await hashPassword(PASSWORD);
  const ids = Array.from({ length: MEMBERS + 40 }, (_, i) => String(4_100_000_000 + i));
  await sql.query(
    `INSERT INTO users (name, national_id, email, type, password_hash, is_verified)
     SELECT 'Scale Member ' || n, n, 'scale' || n || '@scale.example', 0, $2, true FROM unnest($1::text[]) n`,
    [ids, passwordHash],
  );
  const apiSignIn = async (base, nationalId, password = PASSWORD, type = 0) =>
    fetch(`${base}/api/adduser-steb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ national_id: nationalId, password, type, loginType: 'signin' }),
    });
  const direct = apis.map((a) => a.base);
  const memberDirect = members.map((m) => m.site);
  const spare = ids.slice(MEMBERS);

  // 1. Signed in through member process 1, signed in on member process 2 (and through the balancer).
  {
    const who = spare[0];
    const signin = await fetch(`${memberDirect[0]}/student/signin/`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ national_id: who, password: PASSWORD }),
    });
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const pages = [];
    for (const site of [memberDirect[1], memberDirect[0], lbMember, lbMember]) {
      const res = await fetch(`${site}/`, { headers: { cookie }, redirect: 'manual' });
      pages.push({ status: res.status, named: (await res.text()).includes(`Scale Member ${who}`) });
    }
    check(
      'a member signed in through one member process is signed in on the other',
      signin.status === 302 && pages.every((p) => p.status === 200 && p.named),
      `sign-in ${signin.status} on member1; home page ${pages.map((p) => `${p.status}${p.named ? ' with the name' : ''}`).join(', ')} on member2, member1 and twice through HAProxy`,
    );
  }

  // Each process's Prometheus figures, read on its own port with the token (never through HAProxy,
  // which answers 404 to /metrics in production): the requests just made and, from the API, the outbox.
  {
    const origin = (url) => new URL(url).origin;
    const scrapes = await Promise.all(
      [...direct, ...memberDirect].map(async (url) => {
        const res = await fetch(`${origin(url)}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        return { status: res.status, text: await res.text() };
      }),
    );
    const refused = await fetch(`${origin(direct[0])}/metrics`);
    const counted = (text) => /^http_request_duration_seconds_count\{[^}]*\} [1-9]/m.test(text);
    check(
      'each API and member process gives its figures to a scrape with the token, and refuses one without',
      refused.status === 403 &&
        scrapes.every((s) => s.status === 200 && counted(s.text)) &&
        scrapes
          .slice(0, direct.length)
          .every((s) => /^outbox_messages\{channel="email",status="pending"\} \d+/m.test(s.text)),
      `scrapes ${scrapes.map((s) => `${s.status}${counted(s.text) ? ' with requests' : ''}`).join(', ')}; without the token ${refused.status}`,
    );
  }

  // 2. A picture uploaded through API process 1 is served by API process 2 (and the member site).
  {
    const token = (await apiSignIn(direct[0], spare[1])).headers.get('authorization');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a7ab0' } })
      .png()
      .toBuffer();
    const form = new globalThis.FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const up = await fetch(`${direct[0]}/api/profile/uploads/`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    const path = (await up.json()).filename;
    const fromOther = await fetch(`${direct[1]}${path}`);
    const bytes = Buffer.from(await fromOther.arrayBuffer());
    const viaMember = await fetch(`${lbMember}${path}`);
    const inBucket = existsSync(join(s3dir, 'scale-uploads', 'uploads', 'users'));
    check(
      'a picture uploaded through one API process is served by the other',
      up.status === 200 &&
        fromOther.status === 200 &&
        fromOther.headers.get('content-type') === 'image/jpeg' &&
        fromOther.headers.get('x-content-type-options') === 'nosniff' &&
        bytes[0] === 0xff &&
        bytes[1] === 0xd8 &&
        viaMember.status === 200 &&
        inBucket,
      `upload ${up.status} on api1 → ${path}; api2 ${fromOther.status} ${fromOther.headers.get('content-type')} ${bytes.length} bytes; member site ${viaMember.status}; stored in the bucket: ${inBucket}`,
    );
  }

  // 3. Guessing one member's password, alternating between the two API processes.
  {
    const statuses = [];
    for (let i = 0; i < 24; i++) statuses.push((await apiSignIn(direct[i % 2], spare[2], 'Wrong-pass-1')).status);
    const right = (await apiSignIn(lbApi, spare[2])).status;
    const tried = statuses.filter((s) => s !== 429).length;
    check(
      'sign-in guessing split across both API processes still meets the limit',
      tried === SIGNIN_LIMIT && statuses.slice(SIGNIN_LIMIT).every((s) => s === 429) && right === 429,
      `24 wrong passwords, alternately on api1 and api2: ${tried} checked (limit ${SIGNIN_LIMIT} a minute), ${statuses.length - tried} refused with 429; the right one next: ${right}`,
    );
  }

  // 4. Messages put in the outbox once, both workers polling every 200 ms.
  {
    const count = 50;
    const addresses = Array.from({ length: count }, (_, i) => `outbox${i}@scale.example`);
    await sql.query(
      `INSERT INTO outbox (channel, "to", subject, body) SELECT 'email', a, 'Scale test', 'Sent once' FROM unnest($1::text[]) a`,
      [addresses],
    );
    await until('the outbox to be sent', async () => {
      const { rows } = await sql.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'`);
      return rows[0].n === 0;
    });
    await sleep(1000); // a second send, if there were one, would arrive now
    const received = mail.filter((m) => m.startsWith('outbox'));
    check(
      'each outbox message is sent once although both workers run',
      received.length === count && new Set(received).size === count,
      `${count} messages queued; the mail server received ${received.length}, ${new Set(received).size} different`,
    );
  }

  // 5. Paid orders nobody returns from, activated by the reconcilers of both processes.
  {
    const orderCount = 10;
    const { rows: plans } = await sql.query(
      `INSERT INTO plans (name, name_en, original_price, price, duration, duration_type, type)
       VALUES ('خطة المدرب', 'Coach plan', '100', '100', 1, 'year', 'coach') RETURNING id`,
    );
    // Coaches and entities buy plans.
    const buyers = spare.slice(3, 3 + orderCount);
    await sql.query(`UPDATE users SET type = 1 WHERE national_id = ANY($1)`, [buyers]);
    for (const [i, who] of buyers.entries()) {
      const token = (await apiSignIn(direct[i % 2], who, PASSWORD, 1)).headers.get('authorization');
      const bought = await (
        await fetch(`${lbApi}/api/subcripe/`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ plan_id: plans[0].id }),
        })
      ).json();
      const page = new URL(bought.response.order.url).pathname;
      const paid = await fetch(`${lbApi}${page}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ action: 'pay' }),
      });
      if (paid.status !== 303) throw new Error(`sandbox payment: ${paid.status}`);
    }
    await until('the reconcilers to activate the orders', async () => {
      const { rows } = await sql.query(`SELECT count(*)::int AS n FROM orders WHERE status = 'paid'`);
      return rows[0].n === orderCount;
    });
    await sleep(1000); // more passes of both reconcilers
    const { rows } = await sql.query(
      `SELECT u.end_date::text AS end_date, (current_date + interval '1 year')::date::text AS one_year,
              o.period_end::text AS period_end, o.activated_at IS NOT NULL AS activated
       FROM orders o JOIN users u ON u.id = o.user_id WHERE u.national_id = ANY($1)`,
      [buyers],
    );
    const once = rows.filter((r) => r.activated && r.end_date === r.one_year && r.period_end === r.one_year);
    check(
      'a paid order is activated once although both reconcilers run',
      once.length === orderCount,
      `${orderCount} orders paid on the provider's page, nobody returning; activated with exactly one year: ${once.length}`,
    );
  }

  // 6. The load: MEMBERS members sign in through HAProxy, then read their pages for SECONDS seconds;
  //    api1 is killed with SIGKILL 40% of the way in.
  {
    const signinStart = Date.now();
    const tokens = new Array(MEMBERS);
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < MEMBERS) {
          const i = next++;
          const res = await apiSignIn(lbApi, ids[i]);
          if (res.status !== 200) throw new Error(`sign-in of member ${i}: ${res.status}`);
          tokens[i] = res.headers.get('authorization');
        }
      }),
    );
    const signinSeconds = (Date.now() - signinStart) / 1000;
    console.log(`[scale] ${MEMBERS} members signed in through HAProxy in ${round(signinSeconds, 1)} s`);

    const requests = [];
    const end = Date.now() + SECONDS * 1000;
    let killedAt = 0;
    const calls = [
      ['POST', '/api/getuser'],
      ['GET', '/api/announcements'],
      ['GET', '/api/posts?home=true&limit=4'],
    ];
    const member = async (i) => {
      let n = i;
      while (Date.now() < end) {
        const [method, path] = calls[n++ % calls.length];
        const r = { start: Date.now(), end: 0, status: 0 };
        try {
          const res = await fetch(`${lbApi}${path}`, {
            method,
            headers: { authorization: tokens[i], 'accept-language': i % 2 ? 'ar' : 'en' },
            signal: globalThis.AbortSignal.timeout(15_000),
          });
          await res.arrayBuffer();
          r.status = res.status;
        } catch (err) {
          r.error = err?.cause?.code ?? err?.name ?? 'error';
          r.detail = `${err?.cause?.message ?? err?.message}`;
        }
        r.end = Date.now();
        requests.push(r);
        if (THINK_MS) await sleep(Math.random() * THINK_MS * 2);
      }
    };
    // The process is gone (its sockets closed by the system) when its parent sees it exit: until
    // then its listening socket still takes connections, and what it took is what it held.
    let diedAt = 0;
    let upAtKill = '';
    const killer = (async () => {
      await sleep(SECONDS * 400);
      upAtKill = (await lbStatus()).api1;
      const died = new Promise((r) => apis[0].child.once('exit', () => r(Date.now())));
      killedAt = Date.now();
      apis[0].child.kill('SIGKILL');
      diedAt = await died;
    })();
    let markedDownAt = 0;
    const watcher = (async () => {
      await until('HAProxy to mark api1 down', () => killedAt > 0, SECONDS * 1000);
      await until('HAProxy to mark api1 down', async () => (await lbStatus()).api1?.startsWith('DOWN'), 20_000);
      markedDownAt = Date.now();
    })();
    await Promise.all([...Array.from({ length: MEMBERS }, (_, i) => member(i)), killer, watcher]);

    const ok = requests.filter((r) => r.status === 200);
    const failedRequests = requests.filter((r) => r.status !== 200);
    const heldAtKill = requests.filter((r) => r.start <= diedAt && r.end >= killedAt).length;
    const lostAfterKill = failedRequests.filter((r) => r.start > diedAt);
    const lastFailure = Math.max(killedAt, ...failedRequests.map((r) => r.end));
    const afterKill = requests.filter((r) => r.start > diedAt);
    const before = requests.filter((r) => r.end < killedAt);
    const slowest = Math.max(...requests.map((r) => r.end - r.start));
    const kinds = {};
    for (const r of failedRequests) kinds[r.error ?? r.status] = (kinds[r.error ?? r.status] ?? 0) + 1;
    Object.assign(figures, {
      members: MEMBERS,
      seconds: SECONDS,
      thinkMs: THINK_MS,
      api1AtKill: upAtKill,
      signInSeconds: round(signinSeconds, 1),
      signInsPerSecond: round(MEMBERS / signinSeconds, 1),
      requests: requests.length,
      requestsPerSecond: round(requests.length / SECONDS, 0),
      answered200: ok.length,
      errors: failedRequests.length,
      errorKinds: kinds,
      msToDie: diedAt - killedAt,
      inFlightWhileDying: heldAtKill,
      errorsStartedAfterDeath: lostAfterKill.length,
      msToMarkDown: markedDownAt - killedAt,
      msToLastError: lastFailure - killedAt,
      p50BeforeMs: percentile(
        before.map((r) => r.end - r.start),
        50,
      ),
      p95BeforeMs: percentile(
        before.map((r) => r.end - r.start),
        95,
      ),
      p50AfterMs: percentile(
        afterKill.map((r) => r.end - r.start),
        50,
      ),
      p95AfterMs: percentile(
        afterKill.map((r) => r.end - r.start),
        95,
      ),
      slowestMs: slowest,
    });
    check(
      'one API process killed under load costs only the requests it held; HAProxy sends the rest to the other',
      upAtKill === 'UP' &&
        failedRequests.length <= heldAtKill &&
        lostAfterKill.length === 0 &&
        afterKill.length > 0 &&
        afterKill.every((r) => r.status === 200) &&
        markedDownAt > 0 &&
        slowest < 15_000,
      `${requests.length} requests from ${MEMBERS} members; api1 (${upAtKill} in HAProxy) killed (gone ${diedAt - killedAt} ms later) with ${heldAtKill} requests in flight on both; ` +
        `${failedRequests.length} failed (${JSON.stringify(kinds)}), ${lostAfterKill.length} of them started after it was gone ` +
        `(latest start ${Math.max(0, ...failedRequests.map((r) => r.start - killedAt))} ms after the kill); ` +
        `${afterKill.filter((r) => r.status === 200).length} of the ${afterKill.length} started after it was gone answered 200; HAProxy marked api1 down ${markedDownAt - killedAt} ms after; slowest ${slowest} ms`,
    );
  }
} catch (err) {
  failed = true;
  console.error(`[scale] ${err?.stack ?? err}`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}

report('scale-out', checks, [`figures: ${JSON.stringify(figures)}`]);
const passed = checks.filter((c) => c.result === 'pass').length;
console.log(`\nscale: ${passed} passed, ${checks.length - passed + (failed ? 1 : 0)} failed`);
process.exit(failed || passed !== checks.length || checks.length < 6 ? 1 : 0);
