import { mkdirSync } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Pool, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { batched } from './batched';
import { MIGRATIONS_FOLDER } from './migrations';
import * as schema from '../db/schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Raw SQL for the few places Drizzle has no builder (health check, tests). */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * `COPY (select) TO STDOUT` as CSV rows. PostgreSQL streams it on a connection of its own (a slow
   * reader slows the server down, memory stays flat); PGlite, the embedded development database,
   * builds it whole. The select must carry no parameters: inline them (drizzle's `inlineParams`).
   */
  copyCsv(select: string): Promise<Readable>;
  /** Applies the pending migrations of `folder` (under an advisory lock on PostgreSQL: one process at a time). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * `SELECT 1` for readiness, on PostgreSQL over a connection of its own: a pool whose ten connections
   * are all busy (a burst, or one process carrying everything while another restarts) would queue the
   * check behind the requests, and the load balancer would take a busy process for a dead one.
   */
  ping(): Promise<void>;
  /** PostgreSQL's connection pool now (for /metrics); PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface OpenOptions {
  /** Apply pending migrations on opening (the default); false leaves them to `database.migrate()`. */
  migrate?: boolean;
  /**
   * PGlite only: start from this dump of a data directory (`PGlite.dumpDataDir`) instead of an empty
   * one. The tests migrate one database per run and start each file's database from its dump.
   */
  loadDataDir?: Blob;
  /** PGlite only: its PostgreSQL already compiled (the tests compile it once per test process). */
  pgliteWasmModule?: WebAssembly.Module;
}

// The contrib entry's types are ESM-only while its CommonJS build works; load it with require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

const MIGRATION_LOCK = 727_001;
/** Held (for one transaction) while an instance writes its first-start rows, so that two starting at once write them once. */
export const SEED_LOCK = 727_002;

/**
 * A pool whose checked-out clients go back (and are discarded) the moment their connection fails.
 * Drizzle's transaction checks a client out and sends `begin` before its try/finally, so a connection
 * lost at that moment would keep the client out of the pool for good: ten such losses during a
 * database restart and every request would wait forever. A release after that is a no-op. The
 * listener also keeps the client's 'error' event from being thrown (a crash).
 */
class ReleasingPool extends Pool {
  override connect(): Promise<PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const once = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', once);
        release(err);
      };
      client.on('error', once);
      client.release = once;
      return client;
    });
  }
}

/**
 * Opens the database and applies pending migrations (unless `options.migrate` is false).
 * `location` is a postgres URL, a folder, or 'memory://'.
 */
export async function openDatabase(location: string, options: OpenOptions = {}): Promise<Database> {
  const database = await connect(location, options);
  if (options.migrate !== false) await database.migrate();
  return database;
}

async function connect(location: string, { loadDataDir, pgliteWasmModule }: OpenOptions): Promise<Database> {
  if (/^postgres(ql)?:/.test(location)) {
    const pool = new ReleasingPool({ connectionString: location, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its server (a restart) must not crash the process.
    pool.on('error', () => undefined);
    // Fails here, not at the first request, when the server cannot be reached.
    (await pool.connect()).release();
    // Readiness checks' own connection (opened at the first check).
    const probe = new ReleasingPool({ connectionString: location, max: 1, connectionTimeoutMillis: 5000 });
    probe.on('error', () => undefined);
    return {
      migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows as Record<string, unknown>[],
      copyCsv: async (select) => {
        const client = await pool.connect();
        try {
          // Inlined literals are safe only with standard strings (the default since PostgreSQL 9.1).
          await client.query('SET standard_conforming_strings = on');
          // No JIT for the copy (reset at its end): compiling the cells' expressions cost more than it
          // saved; on a million users, 1.51× the plain COPY's time without it, 1.72× with it.
          await client.query('SET jit = off');
          const copy = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
          // Ended: the connection is idle again once its setting is back. Failed, or dropped by its
          // reader mid-way (the server still sending): the connection is discarded. ReleasingPool
          // makes a second release a no-op.
          let ended = false;
          copy.on('end', () => {
            ended = true;
            client.query('RESET jit').then(
              () => client.release(),
              (error: Error) => client.release(error),
            );
          });
          copy.on('error', (error) => client.release(error));
          copy.on('close', () => {
            if (!ended) client.release(new Error('CSV copy closed before its end'));
          });
          // pg-copy-streams passes on each socket chunk (8 to 64 kB); joined into 256 kB pieces, a
          // million rows make some 520 writes and chunked frames on the way to the browser, not 15,000.
          return pipeline(copy, batched(256 * 1024), () => undefined);
        } catch (error) {
          client.release(error as Error);
          throw error;
        }
      },
      ping: async () => void (await probe.query('SELECT 1')),
      close: async () => void (await Promise.all([pool.end(), probe.end()])),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = new PGlite(location, { extensions: { pg_trgm }, loadDataDir, pgliteWasmModule });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) => migratePglite(db, { migrationsFolder }),
    db: db as unknown as Db,
    kind: 'pglite',
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows as Record<string, unknown>[],
    ping: async () => void (await client.query('SELECT 1')),
    copyCsv: async (select) => {
      const result = await client.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv)`);
      return Readable.from(Buffer.from(await (result.blob ?? new Blob()).arrayBuffer()));
    },
    close: () => client.close(),
  };
}
