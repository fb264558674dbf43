import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import type { Database } from '../core/database';
import { CONFIG, DATABASE } from '../core/core.module';
import { migrationState } from '../core/migrations';
import { FileStore } from '../media/file-store';

/** Set on SIGTERM (main.ts): readiness then fails, so the load balancer stops sending requests here. */
let draining = false;
export const startDraining = (on = true) => {
  draining = on;
};
export const isDraining = () => draining;

/** A key no one stores: asking for its size reaches the store (the bucket) without reading anything. */
const PROBE_KEY = 'uploads/.readiness-probe';

/** Whether the database answers, which kind it is, and which release answers. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly files: FileStore,
  ) {}

  /**
   * Readiness: whether this process should get requests. The database and the store answer, and the
   * process is not draining (SIGTERM). Each check names its state; any down makes the whole 503.
   */
  async ready() {
    const probe = async (check: () => Promise<unknown>) => {
      try {
        await check();
        return 'up';
      } catch {
        return 'down';
      }
    };
    const [database, store] = await Promise.all([
      probe(() => this.database.query('SELECT 1')),
      probe(() => this.files.size(PROBE_KEY)),
    ]);
    const up = !draining && database === 'up' && store === 'up';
    return {
      up,
      answer: {
        status: up ? 'ok' : draining ? 'draining' : 'unavailable',
        database,
        store,
        version: this.config.build.version,
      },
    };
  }

  async check() {
    const { version, commit } = this.config.build;
    try {
      await this.database.query('SELECT 1');
      return { up: true, answer: { status: 'ok', database: this.database.kind, version, commit } };
    } catch {
      return { up: false, answer: { status: 'unavailable', database: this.database.kind, version, commit } };
    }
  }

  /** What staff see about the running release: version, commit, runtime, migrations, database and store. */
  async about() {
    const migrations = await migrationState(this.database);
    return {
      version: this.config.build.version,
      commit: this.config.build.commit,
      node: process.versions.node,
      environment: this.config.nodeEnv,
      started_at: new Date(Date.now() - process.uptime() * 1000).toISOString(),
      database: this.database.kind,
      storage: this.config.storage.s3 ? 's3' : 'local',
      jobs: this.config.runJobs,
      migrations: { applied: migrations.applied.length, pending: migrations.pending.map((m) => m.tag) },
    };
  }
}
