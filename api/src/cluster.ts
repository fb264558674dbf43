import cluster from 'node:cluster';

/**
 * WEB_CONCURRENCY above 1: this process only supervises `workers` copies of the program, which share
 * its port (Node's cluster hands each connection to one of them). A copy that dies is started again;
 * one that dies within 10 s of its start fails the whole start (a bad setting, no database). SIGTERM
 * or SIGINT stops the copies (each finishes what it holds) and then this process.
 */
export function superviseWorkers(workers: number, name: string, log: (line: string) => void = console.error) {
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    if (lived < 10_000) {
      log(`[${name}] a worker stopped at start (${signal ?? code}); stopping`);
      stop(1);
      return;
    }
    log(`[${name}] worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  function stop(exitCode = 0) {
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (!running.length) process.exit(exitCode);
    for (const w of running) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(exitCode), 15_000).unref();
  }
  process.once('SIGTERM', () => stop());
  process.once('SIGINT', () => stop());
}
