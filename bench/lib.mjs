// Shared by the benchmarks: a scratch database on the PostgreSQL server, the built API on it, timing
// helpers, and the results table (ratios against a baseline measured in the same run).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN = { email: 'bench@bench.example', password: 'Bench-admin-pass-1' };
/** The member server tells the API the browser's address with this shared secret. */
const MEMBER_PROXY_SECRET = 'bench-member-proxy-secret-bench-member-proxy';

/** A new database on the server (dropped by the returned `drop`). */
export async function scratchDatabase(label) {
  const name = `bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A process's log read as it is written (its standard output, piped): the requests it answered
 * (access lines) counted, every other line kept in order (JSON lines parsed; the API's development
 * mode writes Nest's lines pretty-printed: kept as { msg: line }), for a test to look for its steps.
 */
function readLog(child) {
  const log = { lines: [], answered: 0 };
  createInterface({ input: child.stdout }).on('line', (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = { msg: line };
    }
    if (entry.msg === 'request completed' || / INFO \(\d+\): request completed /.test(line)) log.answered++;
    else log.lines.push(entry);
  });
  return log;
}

/**
 * The built API (api/dist) on a database; resolves once /api/health answers. `options.log`: its
 * standard output read (`log`: readLog's figures) instead of dropped.
 */
export async function startApi(databaseUrl, port, env = {}, nodeArgs = [], options = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const child = spawn(process.execPath, [...nodeArgs, 'api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', options.log ? 'pipe' : process.env.BENCH_API_LOG ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SIGNIN: '100000',
      MEMBER_PROXY_SECRET,
      ...env,
    },
  });
  const log = options.log ? readLog(child) : undefined;
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    child,
    log,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built member site (member/server.mjs) in production mode against an API; resolves once it
 * answers. `options.log` as startApi's.
 */
export async function startMember(apiBase, port, nodeArgs = [], env = {}, options = {}) {
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'member/server.mjs')], {
    cwd: join(root, 'member'),
    stdio: ['ignore', options.log ? 'pipe' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: `${apiBase}/api`,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      MEMBER_PROXY_SECRET,
      COOKIE_SECURE: '0',
      ...env,
    },
  });
  const log = options.log ? readLog(child) : undefined;
  const site = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`the member site stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${site}/auth/join-us/`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    site,
    pid: child.pid,
    child,
    log,
    async stop() {
      child.kill('SIGINT');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));
    },
  };
}

export async function adminToken(base) {
  const res = await fetch(`${base}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ national_id: ADMIN.email, password: ADMIN.password, type: 4, loginType: 'signin' }),
  });
  if (!res.ok) throw new Error(`admin sign-in: ${res.status}`);
  return res.headers.get('authorization');
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Milliseconds an async function takes. */
export async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Prints the table and writes bench/results/<name>.json. */
export function report(name, rows, notes = []) {
  // A shared machine's other work shows in every figure: the load average says how much there was.
  notes = [
    ...notes,
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  ];
  console.log(`\n${name}`);
  console.table(rows);
  for (const n of notes) console.log(`  ${n}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, `bench/results/${name}.json`),
    JSON.stringify({ at: new Date().toISOString(), rows, notes }, null, 2) + '\n',
  );
}
