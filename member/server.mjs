// The member site's HTTP server: `node member/server.mjs` (npm start runs it). WEB_CONCURRENCY
// processes (node:cluster; default the number of cores when NODE_ENV=production, else 1) share the
// port, each running serve.mjs. A process that stops after it was serving is replaced; one that stops
// before it ever listened stops the server with its exit code (a bad configuration would otherwise
// restart forever). SIGTERM and SIGINT stop the processes, then this one.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { log, logRelease } from './log.mjs';

logRelease(cluster.isPrimary ? 'Platform member site' : 'Platform member site process');

const raw = process.env.WEB_CONCURRENCY;
const processes =
  raw === undefined || raw === '' ? (process.env.NODE_ENV === 'production' ? availableParallelism() : 1) : Number(raw);
if (!/^\d*$/.test(raw ?? '') || processes < 1 || processes > 64) {
  console.error(`Configuration error: WEB_CONCURRENCY must be a whole number from 1 to 64, got "${raw}"`);
  process.exit(1);
}

if (!cluster.isPrimary || processes === 1) {
  await import('./serve.mjs');
} else {
  let stopping = false;
  const running = new Set();
  const listened = new WeakSet();
  const fork = () => running.add(cluster.fork());
  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker);
    if (!stopping && !listened.has(worker)) {
      log.error(`a process stopped before serving (${signal ?? code}); stopping`);
      stopping = true;
      process.exitCode = code || 1;
      for (const other of running) other.kill('SIGTERM');
    } else if (!stopping) {
      log.warn(`process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
      fork();
    }
    if (stopping && running.size === 0) {
      log.info('stopped');
      process.exit();
    }
  });
  // The first alone (it may write the generated secrets of a development machine), then the others.
  cluster.once('listening', () => {
    for (let i = 1; i < processes; i++) fork();
    log.info(`${processes} processes`);
  });
  fork();
  // The signal goes to each process as it is (not worker.kill(), which first disconnects the process
  // and so closes its server at once): each one drains as serve.mjs says, then exits, then this one.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, `${signal}: stopping ${running.size} processes (each drains, then exits)`);
      for (const worker of running) worker.process.kill('SIGTERM');
    });
  }
}
