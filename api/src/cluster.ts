import cluster, { type Worker } from 'node:cluster';

/**
 * Runs the API in `count` worker processes sharing one port (node:cluster), so a machine uses all its
 * cores. The first worker starts alone (it applies the migrations and the seed), then the others. One
 * worker runs the background jobs (API_WORKER_JOBS); a worker that stops after it was serving is
 * replaced in the same role; one that stops before it ever listened stops the API with its exit code
 * (a bad configuration or an unreachable database would otherwise restart forever). SIGTERM and
 * SIGINT stop the workers, then the primary.
 */
export function runWorkers(count: number, log: (message: string) => void): void {
  let stopping = false;
  const jobsOf = new Map<Worker, boolean>();
  const fork = (jobs: boolean) => {
    const worker = cluster.fork({ API_WORKER_JOBS: jobs ? '1' : '0' });
    jobsOf.set(worker, jobs);
    return worker;
  };
  const listened = new WeakSet<Worker>();
  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    const jobs = jobsOf.get(worker) ?? false;
    jobsOf.delete(worker);
    if (stopping) {
      if (jobsOf.size === 0) process.exit(0);
      return;
    }
    if (!listened.has(worker)) {
      log(`an API process stopped before serving (${signal ?? code}); stopping`);
      stopping = true;
      for (const other of jobsOf.keys()) other.kill('SIGTERM');
      if (jobsOf.size === 0) process.exit(code || 1);
      return;
    }
    log(`API process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork(jobs);
  });
  fork(true).once('listening', () => {
    for (let i = 1; i < count; i++) fork(false);
    log(`${count} API processes`);
  });
  // The signal goes to each worker as it is (not worker.kill(), which first disconnects the worker and
  // so closes its server at once): each one drains as main.ts says, then exits, then this one.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log(`stopping ${jobsOf.size} API processes (each drains, then exits)`);
    for (const worker of jobsOf.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
