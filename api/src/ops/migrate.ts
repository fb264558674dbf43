import { openConfiguredDatabase } from '../app';
import type { AppConfig } from '../core/config';
import { applyMigrations, migrationState, type Migration } from '../core/migrations';

/**
 * `ops migrate`: applies the pending migrations of this release, naming each, and stops (the API
 * processes then start on an up-to-date database). `dryRun` lists them and changes nothing.
 */
export async function migrate(
  config: AppConfig,
  options: { dryRun: boolean; folder?: string },
  log: (line: string) => void,
): Promise<Migration[]> {
  const database = await openConfiguredDatabase(config, false);
  try {
    const { applied, pending } = await migrationState(database, options.folder);
    const at = applied.at(-1)?.tag ?? 'an empty database';
    if (options.dryRun) {
      log(
        pending.length
          ? `${pending.length} pending migration(s) on ${at}, not applied (dry run):`
          : `No pending migration: the database is at ${at}`,
      );
      for (const m of pending) log(`  ${m.tag}`);
      return pending;
    }
    return await applyMigrations(database, log, options.folder);
  } finally {
    await database.close();
  }
}
