import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import type { Database } from '../core/database';
import { CONFIG, DATABASE } from '../core/core.module';
import { migrationState } from '../core/migrations';
import { FileStore } from '../media/file-store';
import { pollingJobsLastSuccess } from '../common/polling-job';
import type { AboutAnswer, OperationsState } from '@platform/contract';

export type { OperationsState };

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

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
        return 'up' as const;
      } catch {
        return 'down' as const;
      }
    };
    const [database, store] = await Promise.all([
      probe(() => this.database.ping()),
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
      await this.database.ping();
      return { up: true, answer: { status: 'ok', database: this.database.kind, version, commit } };
    } catch {
      return { up: false, answer: { status: 'unavailable', database: this.database.kind, version, commit } };
    }
  }

  /** Outbox, payments and jobs as the database and this process know them now. */
  async operations(): Promise<OperationsState> {
    const [outboxRows, [payments], jobRows] = await Promise.all([
      this.database.query(
        `SELECT channel, status, count(*)::int AS n FROM outbox WHERE status IN ('pending', 'failed') GROUP BY channel, status`,
      ),
      this.database.query(
        `SELECT (SELECT count(*)::int FROM orders WHERE status IN ('pending', 'held')) AS pending,
                (SELECT count(*)::int FROM refunds WHERE status = 'pending') AS refunds`,
      ),
      this.database.query(
        `SELECT name, next_run_at, last_started_at, last_finished_at, last_result FROM job_runs ORDER BY name`,
      ),
    ]);
    const outbox: OperationsState['outbox'] = { email: { pending: 0, failed: 0 }, whatsapp: { pending: 0, failed: 0 } };
    for (const row of outboxRows) {
      const channel = (outbox[row.channel as string] ??= { pending: 0, failed: 0 });
      channel[row.status as 'pending' | 'failed'] = Number(row.n);
    }
    const jobs: OperationsState['job_runs'] = jobRows.map((row) => ({
      name: row.name as string,
      last_success: iso(row.last_finished_at),
      last_started: iso(row.last_started_at),
      next_run: iso(row.next_run_at),
      last_result: (row.last_result as Record<string, number> | null) ?? null,
    }));
    for (const [name, at] of pollingJobsLastSuccess)
      if (!jobs.some((job) => job.name === name))
        jobs.push({ name, last_success: at.toISOString(), last_started: null, next_run: null, last_result: null });
    return {
      outbox,
      payments: { pending: Number(payments?.pending ?? 0), pending_refunds: Number(payments?.refunds ?? 0) },
      job_runs: jobs,
    };
  }

  /** What staff see about the running release: version, commit, runtime, migrations, database and store. */
  async about(): Promise<AboutAnswer> {
    const [migrations, operations, ready] = await Promise.all([
      migrationState(this.database),
      this.operations(),
      this.ready(),
    ]);
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
      state: { database: ready.answer.database, store: ready.answer.store },
      ...operations,
    };
  }
}
