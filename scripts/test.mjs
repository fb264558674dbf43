// `npm test`: type checks, builds, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is
// set), then the Playwright journeys through the real running apps.
import { spawnSync } from 'node:child_process';
import { root } from './apps.mjs';

function step(title, cmd, args, env = process.env) {
  console.log(`\n[test] ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`[test] ${title}: FAILED`);
    process.exit(r.status ?? 1);
  }
}

const { TEST_DATABASE_URL, ...withoutServer } = process.env;
step('type check', 'npm', ['run', 'typecheck']);
step('build', process.execPath, ['scripts/build.mjs']);
step('API tests on PGlite', 'npm', ['test', '-w', 'api'], withoutServer);
if (TEST_DATABASE_URL) step(`API tests on PostgreSQL`, 'npm', ['test', '-w', 'api']);
step(`journeys (Playwright, ${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'npm', ['test', '-w', 'e2e']);
console.log('\n[test] all passed');
