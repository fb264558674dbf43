import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Client } from 'pg';
import * as schema from '../src/db/schema';
import type { Db } from '../src/core/database';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

/** What the migration tests share: the migrations folder, a copy of it stopped before one, an empty database. */
export const migrations = join(__dirname, '..', 'src', 'db', 'migrations');

interface Journal {
  entries: { tag: string }[];
}

/**
 * The tag of the migration named `name` (its number left out: migrations are renumbered when
 * branches merge), e.g. 'member_language' → '0027_member_language'.
 */
export function migrationTag(name: string): string {
  const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entry = journal.entries.find((e) => e.tag.replace(/^\d+_/, '') === name);
  if (!entry) throw new Error(`no migration named ${name}`);
  return entry.tag;
}

/** A copy of the migrations folder whose journal stops before the migration `tag`. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migration-'));
  cpSync(migrations, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(
    join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  return dir;
}

export interface Opened {
  db: Db;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh, empty database: PGlite in memory, or a new database on TEST_DATABASE_URL's server. */
export async function emptyDatabase(): Promise<Opened> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const client = new PGlite('memory://', { extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      query: async (sql, params) => (await client.query(sql, params)).rows as Record<string, unknown>[],
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg(client, { schema });
  return {
    db: db as unknown as Db,
    query: async (sql, params) => (await client.query(sql, params)).rows as Record<string, unknown>[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await client.end();
      const c = new Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
