import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { Client } from 'pg';
import { openDatabase } from '../src/core/database';
import { MIGRATIONS_FOLDER } from '../src/core/migrations';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

/**
 * Every API test file starts from a migrated database. Migrating is done once per set of migrations,
 * not once per file: a PGlite data directory dumped to a file, and on PostgreSQL a template database
 * that each file's database is created from. Both are named by a hash of the migrations (and of
 * PGlite's version), so a changed migration makes a new one and a stale one is never used.
 */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = (dir: string, prefix = ''): string[] =>
    readdirSync(join(dir, prefix), { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(dir, join(prefix, e.name)) : [join(prefix, e.name)]))
      .sort();
  for (const f of files(MIGRATIONS_FOLDER)) hash.update(f).update(readFileSync(join(MIGRATIONS_FOLDER, f)));
  // PGlite's dump is of its own PostgreSQL build: a new PGlite makes a new one.
  hash.update(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Where the migrated PGlite dump of this set of migrations is kept (made if missing). */
export async function pgliteSnapshot(): Promise<string> {
  const file = join(tmpdir(), `platform-test-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Written beside, then renamed: a run started meanwhile never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** The name of the migrated template database of this set of migrations on `server` (made if missing). */
export async function postgresTemplate(server: string): Promise<string> {
  const name = `tmpl_${migrationsHash()}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    // One run at a time builds it; the others wait, then find it.
    await admin.query('SELECT pg_advisory_lock(727100)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_b`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(server);
      url.pathname = `/${building}`;
      const database = await openDatabase(url.toString());
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727100)').catch(() => undefined);
    await admin.end();
  }
  return name;
}
