import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Extension } from '@electric-sql/pglite';
import type { AppConfig } from '../core/config';
import { migrationState } from '../core/migrations';
import { openDatabase } from '../core/database';
import { createFileStore, type FileStore } from '../media/file-store';
import { OpsError } from './create-admin';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

/** What a backup folder holds, written last (manifest.json): a folder without it is unfinished. */
export interface Manifest {
  format: 1;
  created_at: string;
  release: { version: string; commit: string };
  database: { kind: 'postgres' | 'pglite'; file: string; bytes: number; sha256: string; migration: string | null };
  storage: { kind: 'local' | 's3'; objects: number; bytes: number };
  objects: { key: string; size: number; sha256: string }[];
}

/** The top folders of the store's keys (`uploads/…` public files, `private/…` CVs and research). */
const STORE_PREFIXES = ['uploads/', 'private/'];
const PG_DUMP_FILE = 'database.dump';
const PGLITE_FILE = 'database.tar.gz';

const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

async function* storedKeys(store: FileStore) {
  for (const prefix of STORE_PREFIXES) yield* store.list(prefix);
}

/** libpq's environment for a postgres:// URL: the password never in a program's arguments (ps shows them). */
function pgEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {
    PGHOST: url.hostname || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client program on the database of the URL; its error output (never the URL) in the refusal. */
function run(program: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = pgEnv(databaseUrl);
    const child = spawn(program, [...args, ...(program === 'pg_restore' ? ['--dbname', env.PGDATABASE] : [])], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (err) =>
      reject(new OpsError(`${program} could not run (${err.message}): install postgresql-client`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new OpsError(`${program} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/**
 * `ops backup <folder>`: the database (pg_dump's custom format, one consistent snapshot; or the
 * embedded PGlite's data folder, with the API stopped) and then every object of the store, into one
 * new folder, with manifest.json (each file's SHA-256) and SHA256SUMS (for `sha256sum -c`).
 */
export async function backup(config: AppConfig, folder: string, log: (line: string) => void): Promise<Manifest> {
  if (existsSync(folder) && readdirSync(folder).length) throw new OpsError(`${folder} is not empty`);
  mkdirSync(join(folder, 'objects'), { recursive: true });
  const database = await openDatabase(config.databaseUrl ?? join(config.dataDir, 'db'), { migrate: false });
  const migration = (await migrationState(database)).applied.at(-1)?.tag ?? null;
  let file: string;
  if (config.databaseUrl) {
    await database.close();
    file = PG_DUMP_FILE;
    log('Dumping the database (pg_dump, custom format)…');
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', '--file', join(folder, file)],
      config.databaseUrl,
    );
  } else {
    file = PGLITE_FILE;
    log('Dumping the embedded database (PGlite data folder)…');
    await database.close();
    const blob = await dumpPglite(join(config.dataDir, 'db'));
    writeFileSync(join(folder, file), Buffer.from(await blob.arrayBuffer()));
  }
  const dbSum = await sha256File(join(folder, file));
  const dbBytes = readFileSync(join(folder, file)).length;
  log(`Database: ${file}, ${dbBytes} bytes, at migration ${migration ?? 'none'}`);
  const store = createFileStore(config);
  const objects: Manifest['objects'] = [];
  for await (const { key } of storedKeys(store)) {
    const object = await store.get(key);
    if (!object) continue; // removed since it was listed
    const target = join(folder, 'objects', key);
    mkdirSync(dirname(target), { recursive: true });
    const hash = createHash('sha256');
    object.body.on('data', (chunk: Buffer) => hash.update(chunk));
    await pipeline(object.body, createWriteStream(target));
    objects.push({ key, size: object.size, sha256: hash.digest('hex') });
  }
  const bytes = objects.reduce((sum, o) => sum + o.size, 0);
  log(`Store (${store.kind}): ${objects.length} objects, ${bytes} bytes`);
  const manifest: Manifest = {
    format: 1,
    created_at: new Date().toISOString(),
    release: config.build,
    database: { kind: config.databaseUrl ? 'postgres' : 'pglite', file, bytes: dbBytes, sha256: dbSum, migration },
    storage: { kind: store.kind, objects: objects.length, bytes },
    objects,
  };
  writeFileSync(
    join(folder, 'SHA256SUMS'),
    [`${dbSum}  ${file}`, ...objects.map((o) => `${o.sha256}  objects/${o.key}`)].join('\n') + '\n',
  );
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(`Backup written to ${folder} (manifest.json, SHA256SUMS)`);
  return manifest;
}

async function dumpPglite(dir: string): Promise<Blob> {
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  try {
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

/**
 * `ops restore <folder>`: checks every checksum of the backup, then loads it into an EMPTY database
 * and an EMPTY store (it refuses anything else), and says how to start the copy with its jobs off
 * (API_WORKER_JOBS=0: no outbox sending, no payment reconciliation, no reminders).
 */
export async function restore(config: AppConfig, folder: string, log: (line: string) => void): Promise<Manifest> {
  const manifestFile = join(folder, 'manifest.json');
  if (!existsSync(manifestFile)) throw new OpsError(`${folder} has no manifest.json: not a finished backup`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new OpsError(`unknown backup format ${String(manifest.format)}`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new OpsError(`the backup holds a ${manifest.database.kind} database; this configuration uses ${kind}`);
  log('Checking the checksums…');
  if ((await sha256File(join(folder, manifest.database.file))) !== manifest.database.sha256)
    throw new OpsError(`${manifest.database.file} does not match its checksum`);
  for (const o of manifest.objects) {
    const file = join(folder, 'objects', o.key);
    if (!existsSync(file) || (await sha256File(file)) !== o.sha256)
      throw new OpsError(`objects/${o.key} is missing or does not match its checksum`);
  }
  const store = createFileStore(config);
  for await (const { key } of storedKeys(store)) throw new OpsError(`the store is not empty (it holds ${key})`);
  if (config.databaseUrl) {
    const database = await openDatabase(config.databaseUrl, { migrate: false });
    const [{ tables }] = await database.query(
      `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    await database.close();
    if (Number(tables) > 0) throw new OpsError(`the database is not empty (${String(tables)} tables)`);
    log('Restoring the database (pg_restore)…');
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', join(folder, manifest.database.file)],
      config.databaseUrl,
    );
  } else {
    const dir = join(config.dataDir, 'db');
    if (existsSync(dir) && readdirSync(dir).length) throw new OpsError(`the database folder ${dir} is not empty`);
    log('Restoring the embedded database (PGlite data folder)…');
    mkdirSync(dir, { recursive: true });
    const data = await readFile(join(folder, manifest.database.file));
    const client = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([data]) });
    await client.waitReady;
    await client.close();
  }
  log(`Restoring ${manifest.objects.length} objects into the store (${store.kind})…`);
  for (const o of manifest.objects) await store.put(o.key, { file: join(folder, 'objects', o.key), keep: true });
  log(
    `Restored the backup of ${manifest.created_at} (release ${manifest.release.version}, migration ${manifest.database.migration ?? 'none'}). ` +
      'Start the API on it with API_WORKER_JOBS=0 first (no messages sent, no payments reconciled), check it, then decide.',
  );
  return manifest;
}
