import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { createApp, openConfiguredDatabase } from './app';
import { runWorkers } from './cluster';
import { ConfigError, loadConfig, type AppConfig } from './core/config';
import { applyMigrations } from './core/migrations';
import { logRelease, processLogger } from './core/process-log';
import { startDraining } from './health/health.service';

async function main() {
  const log = processLogger(cluster.isPrimary ? 'api' : 'api-worker');
  logRelease(log, cluster.isPrimary ? 'Platform API' : 'Platform API worker');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cluster.isPrimary && config.webConcurrency > 1) {
    runWorkers(config.webConcurrency, (message) => new Logger('Cluster').log(message));
    return;
  }
  const database = await openConfiguredDatabase(config, false);
  await applyMigrations(database, (message) => log.info(message));
  const app = await createApp(config, database);
  let closing = false;
  // SIGTERM: readiness fails at once (the load balancer stops sending requests here), then after
  // SHUTDOWN_DRAIN_MS the server stops accepting, finishes the requests it holds, the jobs stop at
  // their next tick (Nest's shutdown hooks), the database closes, and the process exits.
  const close = async (signal: string) => {
    if (closing) return; // SIGINT from the terminal and SIGTERM from the cluster's primary
    closing = true;
    startDraining();
    log.info({ signal, drainMs: config.shutdownDrainMs }, `${signal}: draining (readiness fails)`);
    if (config.shutdownDrainMs) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
    log.info('closing: no new connections, finishing the requests in flight, stopping the jobs');
    await app.close();
    await database.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
  await app.listen(config.port, config.host);
  const where = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  new Logger('Start').log(
    `API ${where}/api${config.apiDocs ? ` (docs ${where}/api/docs)` : ''}, back-office ${where}/admin/ — database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`,
  );
}

main().catch((err) => {
  // A setting found missing at start (the first admin of a production database): its message alone.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
