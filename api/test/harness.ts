import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app';
import { hashPassword } from '../src/auth/password';
import { loadConfig, type AppConfig } from '../src/core/config';
import { openDatabase, type Database } from '../src/core/database';
import { users } from '../src/db/schema';
import { FileStore } from '../src/media/file-store';
import { startS3Server } from './s3-server';

export const ADMIN = { email: 'admin@test.example', password: 'Admin-pass-123' };

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<typeof request>;
  database: Database;
  /** The database's location: memory:// or the postgres:// URL of the test's own database. */
  location: string;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A new database on the test server: a copy of the run's migrated template (test/global-setup.ts)
 * when there is one, else empty (migrated when opened).
 */
export async function createDatabase(admin: Client, name: string): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template) {
    await admin.query(`CREATE DATABASE ${name}`);
    return;
  }
  // Two workers copying the template at the same moment: PostgreSQL refuses the second while the
  // first copy holds it ("source database … is being accessed by other users"); it is tried again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

let pgliteDump: Blob | undefined;

let pgliteWasm: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's PostgreSQL (its WebAssembly), compiled once per test process for every database of every
 * file it runs: V8 compiles a function when it first runs and again, optimised, when it is hot, so a
 * database opened with a module already used starts faster (a file's first in 1.5 s, its third in 0.85 s).
 */
function pgliteWasmModule(): Promise<WebAssembly.Module> {
  pgliteWasm ??= WebAssembly.compile(
    readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')),
  );
  return pgliteWasm;
}

/** The run's migrated PGlite data directory (test/global-setup.ts), read once per test process. */
function migratedPglite(): Blob | undefined {
  const file = process.env.TEST_PGLITE_SNAPSHOT;
  if (!file) return undefined;
  pgliteDump ??= new Blob([readFileSync(file)]);
  return pgliteDump;
}

/**
 * A fresh PGlite database in memory, already migrated (from the run's snapshot): for a test that
 * starts an app of its own with createApp (production's settings, say). Opening a bare `memory://`
 * runs every migration again, some 30 s of CPU on a loaded machine.
 */
export async function migratedMemoryDatabase(): Promise<Database> {
  return openDatabase('memory://', { loadDataDir: migratedPglite(), pgliteWasmModule: await pgliteWasmModule() });
}

/**
 * The whole API on a fresh database: PGlite in memory by default, or a new database on the server
 * named by TEST_DATABASE_URL (created here, dropped at close). One per test file. Files go to
 * DATA_DIR, or with TEST_STORAGE=s3 to a bucket of an S3 test server started here (and stopped at close).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { databaseUrl?: (url: string) => string; logDestination?: DestinationStream; storage?: 'local' | 's3' } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const s3 = (options.storage ?? process.env.TEST_STORAGE) === 's3' ? await startS3Server(join(dataDir, 's3')) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // Strong enough for production's check (weakSecret), as are the other secrets tests give.
    JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: '0',
    RATE_LIMIT_SIGNIN: '1000',
    // argon2id at its smallest cost (the same algorithm; refused outside NODE_ENV=test, so an app started
    // with production's settings hashes at production's cost). A test about the cost: auth.spec.ts.
    ...(env.NODE_ENV && env.NODE_ENV !== 'test' ? {} : { PASSWORD_HASH_COST: 'test' }),
    // Errors only, to standard error: an unexpected 500 in a test run shows its stack in the CI log.
    LOG_LEVEL: 'error',
    ...s3?.env,
    // Production requires the public addresses (links in messages point there).
    ...(env.NODE_ENV === 'production'
      ? { MEMBER_URL: 'https://member.test.example', PUBLIC_API_URL: 'https://api.test.example' }
      : {}),
    ...env,
  });
  const server = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let location = 'memory://';
  if (server) {
    const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await createDatabase(admin, name);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    location = url.toString();
    dropDatabase = async () => {
      const c = new Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase(server && options.databaseUrl ? options.databaseUrl(location) : location, {
    loadDataDir: server ? undefined : migratedPglite(),
    pgliteWasmModule: server ? undefined : await pgliteWasmModule(),
  });
  const quiet = { info: () => undefined, warn: () => undefined };
  const app = await createApp(config, database, quiet, options.logDestination ?? process.stderr);
  await app.init();
  const testApp: TestApp = {
    app,
    http: request(app.getHttpServer()),
    database,
    location,
    config,
    async close() {
      // The app a test may have replaced (a restart), not only the first.
      await testApp.app.close();
      await database.close();
      await dropDatabase();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * The files kept in one folder of the store (`uploads/users`, `private/cv`), not its sub-folders:
 * on the local disk or in the bucket, whichever the app uses.
 */
export async function storedFiles(t: TestApp, folder: string): Promise<string[]> {
  const names: string[] = [];
  for await (const { key } of t.app.get(FileStore).list(`${folder}/`)) {
    const rest = key.slice(folder.length + 1);
    if (!rest.includes('/')) names.push(rest);
  }
  return names;
}

let counter = 0;

/** Inserts an account directly; returns it with its plain password. */
export async function createUser(t: TestApp, fields: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  counter += 1;
  const { password = 'Member-pass-1', ...rest } = fields;
  const [user] = await t.database.db
    .insert(users)
    .values({
      name: `Member ${counter}`,
      // Ten digits: the counter goes on from file to file in a test process.
      nationalId: `2${String(Date.now() % 1e6).padStart(6, '0')}${String(counter % 1000).padStart(3, '0')}`,
      email: `member${counter}.${Date.now()}@test.example`,
      isVerified: true,
      ...rest,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return { ...user, password };
}

export async function signIn(
  t: TestApp,
  user: { nationalId: string | null; email: string | null; type: number; password: string },
) {
  const res = await t.http.post('/api/adduser-steb').send({
    national_id: user.type === 2 ? user.email : user.nationalId,
    password: user.password,
    type: user.type,
    loginType: 'signin',
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.headers.authorization as string;
}

export async function adminToken(t: TestApp, email = ADMIN.email, password = ADMIN.password) {
  const res = await t.http
    .post('/api/admin-login')
    .send({ national_id: email, password, type: 4, loginType: 'signin' });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.headers.authorization as string;
}

/** supertest's parser that keeps a body as bytes (`.buffer(true).parse(binary)`). */
export const binary = (res: request.Response, done: (err: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
