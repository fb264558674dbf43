/** One job's runs as the operator sees them (job_runs, and the polling jobs of the answering process). */
export interface JobRunState {
  name: string;
  /** When it last finished a pass without error (ISO instant), or null. */
  last_success: string | null;
  last_started: string | null;
  next_run: string | null;
  /** What the last pass did (rows per kind), for the jobs that record it. */
  last_result: Record<string, number> | null;
}

/** Outbox, payments and jobs now: `/api/about` for staff (the System page) and `/metrics` for Prometheus. */
export interface OperationsState {
  /** Messages by channel (email, whatsapp): waiting to be sent (pending) or given up (failed). */
  outbox: Record<string, { pending: number; failed: number }>;
  /** pending: orders awaiting payment (pending or held); pending_refunds: refunds the provider refused, retried by the reconciler. */
  payments: { pending: number; pending_refunds: number };
  job_runs: JobRunState[];
}

/** `GET /api/about`: the running release and its state, for staff. */
export interface AboutAnswer extends OperationsState {
  version: string;
  commit: string;
  node: string;
  environment: string;
  started_at: string;
  database: 'postgres' | 'pglite';
  storage: 's3' | 'local';
  /** Whether the answering process runs the background jobs. */
  jobs: boolean;
  migrations: { applied: number; pending: string[] };
  /** Whether the database and the store answer now. */
  state: { database: 'up' | 'down'; store: 'up' | 'down' };
}
