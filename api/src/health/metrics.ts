import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { sendError } from '../common/error-response';
import type { OperationsState } from './health.service';

/**
 * The process's Prometheus figures at GET /metrics (prom-client), served only to a scrape that sends
 * METRICS_TOKEN as its bearer token (404 when the setting is unset, 403 otherwise). Each process has
 * its own registry: with WEB_CONCURRENCY above 1 a scrape reaches one of the processes sharing the
 * port, so run one process per port (docs/deploy.md) and scrape each.
 *
 * - requests by route pattern (`/api/teams/:id`, never the raw path: paths carry tokens), method and
 *   status class, with their latency;
 * - prom-client's defaults: event-loop lag, memory, CPU, handles, garbage collection;
 * - the database pool (PostgreSQL);
 * - read from the database at each scrape: outbox messages pending and failed by channel, orders
 *   awaiting payment, refunds the provider refused that the reconciler retries, and each job's last
 *   success (job_runs, and the polling jobs of this process);
 * - the live leaderboard streams this process holds.
 */
export function registerMetrics(
  fastify: FastifyInstance,
  options: {
    token?: string;
    operations: () => Promise<OperationsState>;
    pool?: () => { total: number; idle: number; waiting: number };
    /** Live leaderboard streams this process holds (capped by LEADERBOARD_STREAMS). */
    leaderboardStreams?: () => number;
  },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status class, with their duration.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (options.pool) {
    const pool = options.pool;
    new Gauge({
      name: 'db_pool_connections',
      help: "The database pool's connections: total open, idle, and requests waiting for one.",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }
  if (options.leaderboardStreams) {
    const streams = options.leaderboardStreams;
    new Gauge({
      name: 'leaderboard_streams',
      help: 'Live leaderboard connections (server-sent events) this process holds; LEADERBOARD_STREAMS caps them.',
      registers: [registry],
      collect() {
        this.set(streams());
      },
    });
  }
  // One database read per scrape, shared by the gauges below.
  let current: Promise<OperationsState> | undefined;
  const state = () => (current ??= options.operations().finally(() => setImmediate(() => (current = undefined))));
  new Gauge({
    name: 'outbox_messages',
    help: 'Outbox messages waiting to be sent (pending) or given up (failed), by channel.',
    labelNames: ['channel', 'status'],
    registers: [registry],
    async collect() {
      const { outbox } = await state();
      for (const channel of ['email', 'whatsapp'] as const)
        for (const status of ['pending', 'failed'] as const)
          this.set({ channel, status }, outbox[channel]?.[status] ?? 0);
    },
  });
  new Gauge({
    name: 'payments_pending_orders',
    help: 'Orders awaiting payment (pending or held), which the reconciler asks the provider about.',
    registers: [registry],
    async collect() {
      this.set((await state()).payments.pending);
    },
  });
  new Gauge({
    name: 'payments_pending_refunds',
    help: 'Refunds recorded as pending: the provider asked with no answer recorded yet, or a refund owed that it refused; the reconciler completes them.',
    registers: [registry],
    async collect() {
      this.set((await state()).payments.pending_refunds);
    },
  });
  new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: "When each job last finished a pass (job_runs, and this process's polling jobs), in Unix seconds.",
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const job of (await state()).job_runs)
        if (job.last_success) this.set({ job: job.name }, Date.parse(job.last_success) / 1000);
    },
  });

  fastify.addHook('onResponse', (req, reply, done) => {
    // The route as registered (`/api/teams/:id`); a path no route matched is one label, not its text.
    const route = req.routeOptions.url ?? 'unmatched';
    requests.observe(
      { route, method: req.method, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  fastify.get('/metrics', async (req, reply) => {
    if (!expected) return reply.callNotFound();
    const given = req.headers.authorization;
    if (!given || !timingSafeEqual(digest(given), expected)) return sendError(req, reply, 403, 'auth.forbidden');
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
  return registry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
