import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import type { Database } from '../core/database';
import { CONFIG, DATABASE } from '../core/core.module';
import { migrationState } from '../core/migrations';

/** Whether the database answers, which kind it is, and which release answers. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

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
