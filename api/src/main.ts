import { Logger } from '@nestjs/common';
import cluster from 'node:cluster';
import { createApp, openConfiguredDatabase } from './app';
import { superviseWorkers } from './cluster';
import { ConfigError, loadConfig, type AppConfig } from './config/config';

async function main() {
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
  // Several processes on this port: this one (having checked the settings and made any secrets) supervises.
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    new Logger('Start').log(`${config.webConcurrency} API processes on port ${config.port} (WEB_CONCURRENCY)`);
    superviseWorkers(config.webConcurrency, 'api');
    return;
  }
  const database = await openConfiguredDatabase(config);
  const app = await createApp(config, database);
  app.enableShutdownHooks();
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen(config.port, config.host);
  const where = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  new Logger('Start').log(
    `API ${where}/api${config.apiDocs ? ` (docs ${where}/api/docs)` : ''}, back-office ${where}/admin/ — database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
