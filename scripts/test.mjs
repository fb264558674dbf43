// `npm test`: what CI runs. The deployment files; lint (eslint with the import-boundary rules, prettier),
// type checks and builds side by side; API tests on PGlite beside those on PostgreSQL (when
// TEST_DATABASE_URL is set) and the file tests again on an S3 test server; then the Playwright
// journeys through the real running apps, with the short scale test and the release smoke test beside
// them. `--quick` (npm run test:quick) stops after the PGlite API tests.
import { spawn, spawnSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { root } from './apps.mjs';

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * The CPU seconds used so far by the stages' processes and theirs (Linux: cutime and cstime of
 * /proc/self/stat, in clock ticks of 1/100 s), or undefined elsewhere. On a machine shared with other
 * work the clock says little; a stage's CPU time is what to compare between runs.
 */
function childrenCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
const cpuSince = (at) => {
  const now = childrenCpu();
  return now === undefined || at === undefined ? '' : `, ${Math.round(now - at)} s of CPU`;
};
const cpuStarted = childrenCpu();

/** Runs one stage; its time goes in the log (the test time is watched: docs/testing.md). */
function step(title, cmd, args, env = process.env) {
  console.log(`\n[test] ${title}`);
  const at = Date.now();
  const cpuAt = childrenCpu();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`[test] ${title}: FAILED after ${seconds(at)}`);
    process.exit(r.status ?? 1);
  }
  console.log(
    `[test] ${title}: passed in ${seconds(at)}${cpuSince(cpuAt)} (${seconds(started)}${cpuSince(cpuStarted)} in all)`,
  );
}

/** One stage of `together`, its output kept until it ends; resolves to its exit code. */
function buffered([title, cmd, args, env = process.env]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n[test] ${title}\n${Buffer.concat(output).toString()}`);
      const status = code === 0 ? `passed in ${seconds(started)}` : `FAILED after ${seconds(started)}`;
      console.log(`[test] ${title}: ${status}`);
      resolve(code);
    });
  });
}

/**
 * Runs lanes side by side, each lane's stages one after the other, each stage printing its output
 * when it ends (not interleaved); a lane stops at its first failure, and the run stops, once every
 * lane has ended, when one failed. For stages that write nothing the others read: lint and the type
 * checks read sources, the builds write their apps' outputs (which both ignore); the API suites each
 * test on databases of their own.
 */
async function together(lanes) {
  const titles = lanes.map((lane) => lane.map(([title]) => title).join(', then '));
  console.log(`\n[test] side by side: ${titles.join(' | ')}`);
  const at = Date.now();
  const cpuAt = childrenCpu();
  const ended = await Promise.all(
    lanes.map(async (lane) => {
      for (const stage of lane) {
        const code = await buffered(stage);
        if (code !== 0) return code;
      }
      return 0;
    }),
  );
  if (ended.some((code) => code !== 0)) process.exit(1);
  console.log(
    `[test] side by side: passed in ${seconds(at)}${cpuSince(cpuAt)} (${seconds(started)}${cpuSince(cpuStarted)} in all)`,
  );
}

/** The API test files that store, serve or remove uploaded files. */
const UPLOAD_TESTS = '(profile|research|judges|security-uploads|admin-content|admin-people)\\.spec';

const { TEST_DATABASE_URL, ...withoutServer } = process.env;
// The deployment files (systemd units, HAProxy's production configuration, the compose file), with
// Debian's tools where they are installed.
step('deployment files', 'bash', ['deploy/verify.sh']);
// The contract first (the type checks and the apps read its build), then lint, the type checks and
// the builds side by side: each alone left one of the two cores idle much of its time.
step('build the contract', process.execPath, ['scripts/build.mjs', '@platform/contract']);
await together([
  [['lint (eslint with the import boundaries, prettier)', 'npm', ['run', 'lint']]],
  [['type check', 'npm', ['run', 'typecheck']]],
  [['build', process.execPath, ['scripts/build.mjs']]],
]);
const pglite = ['API tests on PGlite', 'npm', ['test', '-w', 'api'], withoutServer];
if (process.argv.includes('--quick')) {
  step(...pglite);
  console.log('\n[test] quick run passed (npm test runs everything)');
  process.exit(0);
}
// The API suites side by side: PGlite in one lane; in the other PostgreSQL (when TEST_DATABASE_URL is
// set), then the tests of every kind of stored file again with the files in a bucket of an S3 test
// server (on PGlite; after the PGlite suite instead, the three took the same: 281 s, here 284 s).
// Alone, the PostgreSQL suite's processes used half of the two cores (125 s of CPU in 123 s): the
// rest of the time they wait on the server.
const s3 = [
  'API file tests with S3 storage',
  'npm',
  ['test', '-w', 'api', '--', '--testPathPatterns', UPLOAD_TESTS],
  { ...withoutServer, TEST_STORAGE: 's3' },
];
await together([
  [pglite],
  [...(TEST_DATABASE_URL ? [['API tests on PostgreSQL', 'npm', ['test', '-w', 'api']]] : []), s3],
]);
// The journeys beside the short scale test (two API and two member processes behind HAProxy, when
// PostgreSQL and HAProxy are here) and then the release smoke test (the release as an operator
// installs it: built, production dependencies only, started from its folder). Each listens on ports
// of its own. The journeys' two workers kept about 1.4 of the two cores busy (their tests wait on
// the pages as much as they compute), the scale test half a core.
const haproxy = ['haproxy', '/usr/sbin/haproxy'].some((b) => spawnSync(b, ['-v'], { stdio: 'ignore' }).status === 0);
const scaleHere = TEST_DATABASE_URL && haproxy;
const scale = [
  'scale test, short (npm run test:scale for the full one)',
  process.execPath,
  ['scripts/test-scale.mjs'],
  {
    ...process.env,
    SCALE_MEMBERS: process.env.SCALE_MEMBERS || '40',
    SCALE_SECONDS: process.env.SCALE_SECONDS || '6',
    SCALE_RESTART: process.env.SCALE_RESTART || 'api1 member2',
  },
];
if (!scaleHere) console.log(`\n[test] scale test skipped: needs TEST_DATABASE_URL and HAProxy`);
await together([
  [[`journeys (Playwright, ${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'npm', ['test', '-w', 'e2e']]],
  [
    ...(scaleHere ? [scale] : []),
    ['release (npm run release -- --smoke)', process.execPath, ['scripts/release.mjs', '--no-tar', '--smoke']],
  ],
]);
console.log('\n[test] all passed');
