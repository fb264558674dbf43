import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/core/config';
import { migrationState, migrationsIn } from '../src/core/migrations';
import { openDatabase, type Database } from '../src/core/database';
import { createFileStore } from '../src/media/file-store';
import { backup, restore } from '../src/ops/backup';
import { checkConfig } from '../src/ops/check-config';
import { createAdmin } from '../src/ops/create-admin';
import { migrate } from '../src/ops/migrate';
import { ADMIN, createUser, signIn, type TestApp } from './harness';
import { migrationsBefore } from './migrations';
import { startS3Server } from './s3-server';

const SECRET = 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123';
const quiet = { info: () => undefined, warn: () => undefined };

/**
 * A place for the platform's data: a new database (on TEST_DATABASE_URL's server, else PGlite in a
 * folder, which the operator command opens as the API does) and a new store (a bucket of its own S3
 * test server with TEST_STORAGE=s3, else the folder), as the environment the API would read.
 */
async function freshPlace() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-test-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: '0',
    LOG_LEVEL: 'error',
  };
  const s3 = process.env.TEST_STORAGE === 's3' ? await startS3Server(join(dataDir, 's3')) : null;
  Object.assign(env, s3?.env);
  const server = process.env.TEST_DATABASE_URL;
  let drop = async () => {};
  if (server) {
    const name = `t_ops_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      const c = new Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  return {
    env,
    location: env.DATABASE_URL ?? join(dataDir, 'db'),
    async close() {
      await drop();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every table's rows, as one digest per table (the drizzle schema's migrations table included). */
async function tableDigests(database: Database): Promise<Record<string, string>> {
  const tables = await database.query(
    `SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1, 2`,
  );
  const out: Record<string, string> = {};
  for (const { schemaname, tablename } of tables) {
    const name = `"${String(schemaname)}"."${String(tablename)}"`;
    const [row] = await database.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${name} t`,
    );
    out[name] = `${String(row.n)}:${String(row.digest)}`;
  }
  return out;
}

describe('ops check-config', () => {
  it('lists every problem of a bad production environment in one run', () => {
    const problems = checkConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://platform@db.internal/platform',
      JWT_SECRET: 'a'.repeat(48),
      MEMBER_PROXY_SECRET: 'abcdefgh'.repeat(5),
      SESSION_SECRET: 'short',
      API_PORT: 'eighty',
      SMTP_URL: 'http://mail.example.sa',
      WHATSAPP_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_APP_SECRET: 'meta-app-secret-0123456789abcdef',
      WHATSAPP_VERIFY_TOKEN: 'verify-token-0123456789',
      TELR_STORE_ID: '1',
      TELR_AUTH_KEY: 'key',
      SELLER_VAT_NUMBER: '123',
      S3_ENDPOINT: 'https://s3.example.sa',
      PORT: '0',
    });
    const variables = problems.map((p) => /^Configuration error: (\S+) /.exec(p)?.[1]);
    expect(variables).toEqual([
      'MEMBER_URL',
      'PUBLIC_API_URL',
      'API_PORT',
      'SMTP_URL',
      'JWT_SECRET',
      'MEMBER_PROXY_SECRET',
      'S3_BUCKET',
      'SELLER_VAT_NUMBER',
      'SESSION_SECRET',
      'PORT',
    ]);
    expect(problems).toContain(
      'Configuration error: JWT_SECRET is weak: one piece repeated (generate one: openssl rand -base64 48)',
    );
    expect(problems.find((p) => p.includes('MEMBER_PROXY_SECRET'))).toMatch(/is weak/);
    expect(problems).toContain('Configuration error: SESSION_SECRET must be at least 32 characters long');
  });

  it('passes a good production environment, and one that runs only the API or only the member site', () => {
    const good = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://platform@db.internal/platform',
      JWT_SECRET: randomBytes(48).toString('base64'),
      MEMBER_PROXY_SECRET: randomBytes(48).toString('base64'),
      SESSION_SECRET: randomBytes(48).toString('base64'),
      MEMBER_URL: 'https://www.example.sa',
      PUBLIC_API_URL: 'https://api.example.sa',
      SMTP_URL: 'smtp://mail.example.sa:587',
      WHATSAPP_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_APP_SECRET: 'meta-app-secret-0123456789abcdef',
      WHATSAPP_VERIFY_TOKEN: 'verify-token-0123456789',
      TELR_STORE_ID: '1',
      TELR_AUTH_KEY: 'key',
      SELLER_VAT_NUMBER: '300000000000003',
    };
    expect(checkConfig(good)).toEqual([]);
    const { SESSION_SECRET: _s, ...apiOnly } = good;
    expect(checkConfig(apiOnly, 'api')).toEqual([]);
    expect(checkConfig(apiOnly, 'member')).toEqual([
      'Configuration error: SESSION_SECRET is required when NODE_ENV=production',
    ]);
  });
});

describe('ops migrate', () => {
  it('lists the pending migration with --dry-run, changing nothing, then applies it, on a database one version behind', async () => {
    const place = await freshPlace();
    try {
      const all = migrationsIn();
      const last = all.at(-1)!.tag;
      const behind = await openDatabase(place.location, { migrate: false });
      await behind.migrate(migrationsBefore(last));
      expect((await migrationState(behind)).pending.map((m) => m.tag)).toEqual([last]);
      await behind.close();

      const config = loadConfig(place.env);
      const dry: string[] = [];
      expect((await migrate(config, { dryRun: true }, (l) => dry.push(l))).map((m) => m.tag)).toEqual([last]);
      expect(dry).toEqual([`1 pending migration(s) on ${all.at(-2)!.tag}, not applied (dry run):`, `  ${last}`]);
      const still = await openDatabase(place.location, { migrate: false });
      expect((await migrationState(still)).pending.map((m) => m.tag)).toEqual([last]);
      await still.close();

      const lines: string[] = [];
      expect((await migrate(config, { dryRun: false }, (l) => lines.push(l))).map((m) => m.tag)).toEqual([last]);
      expect(lines).toEqual([`Applying migration ${last}`, `Applied 1 migration(s); the database is at ${last}`]);
      const after = await openDatabase(place.location, { migrate: false });
      expect(await migrationState(after)).toEqual({ applied: all, pending: [] });
      await after.close();

      const again: string[] = [];
      await migrate(config, { dryRun: true }, (l) => again.push(l));
      expect(again).toEqual([`No pending migration: the database is at ${last}`]);
    } finally {
      await place.close();
    }
  });
});

describe('ops backup and restore', () => {
  it('copies the database and every stored file into an empty database and store: the same rows and bytes, the copy starts with its jobs off', async () => {
    const source = await freshPlace();
    const target = await freshPlace();
    const folder = join(mkdtempSync(join(tmpdir(), 'ops-backup-')), 'backup');
    try {
      // The source: an app that ran, a member, an admin made by the operator command, two files.
      const config = loadConfig(source.env);
      let database = await openDatabase(source.location);
      let app = await createApp(config, database, quiet);
      await app.init();
      const t = { app, http: request(app.getHttpServer()), database, config } as unknown as TestApp;
      const member = await createUser(t, { type: 0 });
      await app.close();
      await database.close();
      await createAdmin(config, { email: 'Second.Admin@test.example', password: 'Second-pass-2026' }, () => undefined);
      const store = createFileStore(config);
      const files = {
        'uploads/users/photo.jpg': randomBytes(70_000),
        'private/cv/cv.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5_000)]),
      };
      for (const [key, bytes] of Object.entries(files)) await store.put(key, bytes);
      await expect(
        createAdmin(config, { email: 'second.admin@test.example', password: 'Other-pass-2026' }, () => undefined),
      ).rejects.toThrow('an account with second.admin@test.example already exists');
      database = await openDatabase(source.location);
      const [made] = await database.query(
        `SELECT type, password_must_change FROM users WHERE email = 'second.admin@test.example'`,
      );
      expect(made).toEqual({ type: 4, password_must_change: true });
      const [audited] = await database.query(
        `SELECT actor_name, action, resource FROM audit_log WHERE after->>'email' = 'second.admin@test.example'`,
      );
      expect(audited).toEqual({ actor_name: 'ops create-admin', action: 'create', resource: 'admins' });
      const before = await tableDigests(database);
      await database.close();

      const lines: string[] = [];
      const manifest = await backup(config, folder, (l) => lines.push(l));
      expect(manifest.objects.map((o) => o.key).sort()).toEqual(Object.keys(files).sort());
      for (const o of manifest.objects)
        expect(o.sha256).toBe(
          createHash('sha256')
            .update(files[o.key as keyof typeof files])
            .digest('hex'),
        );
      expect(manifest.database.migration).toBe(migrationsIn().at(-1)!.tag);
      expect(readFileSync(join(folder, 'SHA256SUMS'), 'utf8')).toContain(`${manifest.database.sha256}  database.`);

      // The restore into the empty target, with its jobs off as the guide says.
      const copyConfig = loadConfig({ ...target.env, API_WORKER_JOBS: '0' });
      await restore(copyConfig, folder, (l) => lines.push(l));
      expect(lines.at(-1)).toMatch(/Start the API on it with API_WORKER_JOBS=0/);
      const copyStore = createFileStore(copyConfig);
      for (const [key, bytes] of Object.entries(files)) {
        const object = await copyStore.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of object!.body) chunks.push(chunk as Buffer);
        expect(createHash('sha256').update(Buffer.concat(chunks)).digest('hex')).toBe(
          createHash('sha256').update(bytes).digest('hex'),
        );
      }
      const copy = await openDatabase(target.location);
      expect(await tableDigests(copy)).toEqual(before);
      // The copy starts (no migration to apply, jobs off) and its member signs in.
      expect(copyConfig.runJobs).toBe(false);
      app = await createApp(copyConfig, copy, quiet);
      await app.init();
      const copyApp = {
        app,
        http: request(app.getHttpServer()),
        database: copy,
        config: copyConfig,
      } as unknown as TestApp;
      expect((await copyApp.http.get('/api/health')).status).toBe(200);
      expect(await signIn(copyApp, member)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      await app.close();
      await copy.close();

      // A second restore into what is no longer empty is refused, as is a backup whose file changed.
      await expect(restore(copyConfig, folder, () => undefined)).rejects.toThrow(/is not empty/);
      const changed = join(folder, 'objects', 'uploads/users/photo.jpg');
      writeFileSync(changed, Buffer.concat([readFileSync(changed), Buffer.from('x')]));
      await expect(restore(copyConfig, folder, () => undefined)).rejects.toThrow(
        'objects/uploads/users/photo.jpg is missing or does not match its checksum',
      );
    } finally {
      await source.close();
      await target.close();
      rmSync(join(folder, '..'), { recursive: true, force: true });
    }
  });
});
