import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E, apiUrl, memberUrl } from './env';

const root = resolve(__dirname, '..');
const dataDir = resolve(__dirname, '.data');

async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms`);
}

function start(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${name}] ${l}\n`)
      .join('');
  if (process.env.E2E_VERBOSE) {
    child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  }
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  return child;
}

/**
 * Starts the real API and member site on a fresh database for the journeys: a new database on the
 * server named by TEST_DATABASE_URL, or embedded PGlite in e2e/.data. Returns the teardown.
 */
export default async function globalSetup() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let location = join(dataDir, 'db');
  let dropDatabase = async () => {};
  const server = process.env.TEST_DATABASE_URL;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require('pg') as typeof import('pg');
  if (server) {
    const name = `e2e_${process.pid}`;
    const c = new Client({ connectionString: server });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    location = url.toString();
    dropDatabase = async () => {
      const d = new Client({ connectionString: server });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  }

  // Accounts the UI cannot create yet (a sub-admin), written through the API's own modules.
  await new Promise<void>((ok, fail) => {
    const fixture = spawn(process.execPath, [join(__dirname, 'fixtures.js'), location], {
      cwd: root,
      stdio: 'inherit',
    });
    fixture.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`fixtures failed (${code})`))));
  });

  const common = { DATA_DIR: dataDir, NODE_ENV: 'test' };
  const api = start('api', [join(root, 'api/dist/main.js')], {
    ...common,
    API_PORT: String(E2E.apiPort),
    ...(server ? { DATABASE_URL: location } : {}),
    ADMIN_EMAIL: E2E.admin.email,
    ADMIN_PASSWORD: E2E.admin.password,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGNIN: '1000',
    MEMBER_URL: memberUrl,
  });
  await waitFor(`${apiUrl}/api/health`, api, 'api');
  const member = start(
    'member',
    [join(root, 'node_modules/@remix-run/serve/dist/cli.js'), join(root, 'member/build/server/index.js')],
    {
      ...common,
      NODE_ENV: 'production',
      PORT: String(E2E.memberPort),
      HOST: '127.0.0.1',
      API_URL: `${apiUrl}/api`,
      ADMIN_URL: `${apiUrl}/admin/`,
      SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
    },
  );
  await waitFor(`${memberUrl}/auth/join-us`, member, 'member');

  return async () => {
    for (const child of [member, api]) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await dropDatabase();
  };
}
