import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

/** The SQL migrations (drizzle-kit's folder), read at run time: a release ships api/src/db/migrations. */
export const MIGRATIONS_FOLDER = join(__dirname, '..', '..', 'src', 'db', 'migrations');

export interface Migration {
  tag: string;
  /** drizzle-kit's timestamp of the migration: the migrator applies those newer than the last applied. */
  when: number;
}

/** Every migration of the folder's journal, in order. */
export function migrationsIn(folder = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Which migrations the database has and which it lacks, as drizzle's migrator decides (by the
 * timestamp of the last one recorded in drizzle.__drizzle_migrations). An empty database lacks all.
 */
export async function migrationState(
  database: Pick<Database, 'query'>,
  folder = MIGRATIONS_FOLDER,
): Promise<{ applied: Migration[]; pending: Migration[] }> {
  const all = migrationsIn(folder);
  const [table] = await database.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  let last = -1;
  if (table?.present) {
    const [row] = await database.query(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    if (row) last = Number(row.created_at);
  }
  return { applied: all.filter((m) => m.when <= last), pending: all.filter((m) => m.when > last) };
}

/**
 * Applies the pending migrations, saying which: each one's name before, how many after (an upgrade
 * shows in the log). Several processes may call it at once (PostgreSQL's advisory lock orders them).
 */
export async function applyMigrations(
  database: Database,
  log: (message: string) => void,
  folder = MIGRATIONS_FOLDER,
): Promise<Migration[]> {
  const { pending } = await migrationState(database, folder);
  for (const m of pending) log(`Applying migration ${m.tag}`);
  await database.migrate(folder);
  const after = await migrationState(database, folder);
  const done = pending.filter((m) => after.applied.some((a) => a.tag === m.tag));
  const last = after.applied.at(-1)?.tag ?? 'none';
  log(
    done.length
      ? `Applied ${done.length} migration(s); the database is at ${last}`
      : `No pending migration (at ${last})`,
  );
  return done;
}
