import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { join, resolve } from 'node:path';
import { catalogueTemplates, startFakeWhatsapp } from '../api/test/fakes/whatsapp';
import { E2E, WHATSAPP, apiUrl, mailbox, memberUrl } from './env';
import { startFatoora } from './fatoora';

const root = resolve(__dirname, '..');
const dataDir = resolve(__dirname, '.data');

/**
 * Until a server answers, or fails at once when it exits. The limit guards against a hang, it is not a
 * measure of speed: on a loaded 2-core machine the API's first start (PGlite migrated) took more than
 * a minute, and a run must not fail by timing.
 */
async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs = 600_000) {
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

function start(name: string, args: string[], env: Record<string, string>, cwd = root): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
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
  // A leftover server on our ports would answer instead of the fresh one: refuse to run.
  for (const url of [`${apiUrl}/api/health`, `${memberUrl}/auth/join-us`]) {
    const busy = await fetch(url).then(
      () => true,
      () => false,
    );
    if (busy) throw new Error(`${url} already answers: stop the process on that port (or set E2E_API_PORT / E2E_PORT)`);
  }
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

  // A real SMTP server catches the API's e-mails; each message is appended to the mailbox file.
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        appendFileSync(mailbox, JSON.stringify({ to, raw }) + '\n');
        done();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', () => ok()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  // A fake WhatsApp Cloud API that knows the catalogue's templates (as Meta approved them) and sends
  // its signed status webhooks to the API; tests steer it over HTTP at E2E_WHATSAPP_URL (/_fake/…).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MESSAGES } = require(join(root, 'api/dist/outbox/templates.js'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { templateBody } = require(join(root, 'api/dist/outbox/template-doc.js'));
  const whatsapp = await startFakeWhatsapp({
    token: WHATSAPP.token,
    phoneNumberId: WHATSAPP.phoneNumberId,
    appSecret: WHATSAPP.appSecret,
    webhookUrl: `${apiUrl}/api/whatsapp/webhook`,
    templates: catalogueTemplates(MESSAGES, templateBody),
  });
  process.env.E2E_WHATSAPP_URL = whatsapp.origin;

  // The member server forwards the browser's address to the API with this shared secret.
  const common = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    MEMBER_PROXY_SECRET: 'e2e-member-proxy-secret-e2e-member-proxy-0123',
  };

  // ZATCA Phase 2 (issue 34): a fake Fatoora, the unit onboarded to it by the operator command, and the
  // API's worker stamping and reporting every invoice and credit note; tests read it at E2E_FATOORA_URL.
  const fatoora = await startFatoora(root, dataDir, {
    ...common,
    JWT_SECRET: 'e2e-zatca-onboarding-secret-0123456789',
  });
  process.env.E2E_FATOORA_URL = fatoora.controlUrl;
  const api = start('api', [join(root, 'api/dist/main.js')], {
    ...common,
    API_PORT: String(E2E.apiPort),
    ...(server ? { DATABASE_URL: location } : {}),
    ADMIN_EMAIL: E2E.admin.email,
    ADMIN_PASSWORD: E2E.admin.password,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGNIN: '1000',
    // Uploads a minute per account: the staff account is shared by files running side by side.
    RATE_LIMIT_UPLOADS: '1000',
    // argon2id at its smallest cost (NODE_ENV=test only): the journeys sign in hundreds of times.
    PASSWORD_HASH_COST: 'test',
    MEMBER_URL: memberUrl,
    PUBLIC_API_URL: apiUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    WHATSAPP_API_URL: whatsapp.url,
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
    OUTBOX_WORKER: '1',
    PRIVACY_JOB: '1',
    OUTBOX_POLL_MS: '200',
    ...fatoora.env,
  });
  await waitFor(`${apiUrl}/api/health`, api, 'api');
  const member = start(
    'member',
    [join(root, 'member/server.mjs')],
    {
      ...common,
      NODE_ENV: 'production',
      PORT: String(E2E.memberPort),
      HOST: '127.0.0.1',
      API_URL: `${apiUrl}/api`,
      ADMIN_URL: `${apiUrl}/admin/`,
      SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
      // Its access lines stay out of the run's output, as the API's; no drain at the end of the run.
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
    },
    join(root, 'member'),
  );
  try {
    await waitFor(`${memberUrl}/auth/join-us`, member, 'member');
  } catch (err) {
    api.kill('SIGTERM');
    member.kill('SIGTERM');
    smtp.close();
    await whatsapp.close();
    await fatoora.close();
    throw err;
  }

  return async () => {
    for (const child of [member, api]) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await new Promise<void>((r) => smtp.close(() => r()));
    await whatsapp.close();
    await fatoora.close();
    await dropDatabase();
  };
}
