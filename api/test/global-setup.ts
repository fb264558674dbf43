import { pgliteSnapshot, postgresTemplate } from './database-template';

/**
 * Once per jest run, before any test file: the migrated database every file starts from (see
 * database-template.ts). Its place goes to the test files (jest's workers inherit this environment).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_TEMPLATE_DATABASE = await postgresTemplate(process.env.TEST_DATABASE_URL);
  } else {
    process.env.TEST_PGLITE_SNAPSHOT = await pgliteSnapshot();
  }
}
