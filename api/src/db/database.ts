import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Raw SQL for the few places Drizzle has no builder (health check, tests). */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

// The contrib entry's types are ESM-only while its CommonJS build works; load it with require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

const migrationsFolder = join(__dirname, '..', '..', 'src', 'db', 'migrations');
const MIGRATION_LOCK = 727_001;

/** Opens the database and applies pending migrations. `location` is a postgres URL, a folder, or 'memory://'. */
export async function openDatabase(location: string): Promise<Database> {
  if (/^postgres(ql)?:/.test(location)) {
    const pool = new Pool({ connectionString: location, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its server (a restart) must not crash the process.
    pool.on('error', () => undefined);
    // So must a client that loses it while checked out between two queries (inside a transaction):
    // without a listener its 'error' event would be thrown. The pool discards it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows as Record<string, unknown>[],
      close: () => pool.end(),
    };
  }
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = new PGlite(location, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows as Record<string, unknown>[],
    close: () => client.close(),
  };
}
