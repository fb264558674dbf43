// `npm run release`: the platform as it is installed — built apps, production dependencies only, the
// migrations — in release/platform-<version>/ and release/platform-<version>.tar.gz. Started with the
// same commands as the systemd units and the container (docs/deploy.md):
//   node api/dist/main.js · node member/server.mjs · node api/dist/ops/cli.js <verb>
// `--no-tar` leaves the folder only (the container build); `--smoke` then starts the release's API and
// member server from the folder on an embedded database and checks both answer with their version.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './apps.mjs';

const args = process.argv.slice(2);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const name = `platform-${pkg.version}`;
const out = join(root, 'release', name);
const step = (message) => console.log(`[release] ${message}`);
const run = (command, argv, options = {}) => {
  const r = spawnSync(command, argv, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) {
    console.error(`[release] ${command} ${argv.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
};

step(`building ${pkg.version}`);
run(process.execPath, [join(root, 'scripts/build.mjs')]);

const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' });
const commit = process.env.APP_COMMIT || (git.status === 0 ? git.stdout.trim() : 'unknown');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const copy = (path) => cpSync(join(root, path), join(out, path), { recursive: true });
for (const path of [
  'package-lock.json',
  'packages/contract/package.json',
  'packages/contract/dist',
  'api/package.json',
  'api/dist',
  'api/src/db/migrations',
  'admin/dist',
  'member/package.json',
  'member/build',
  'member/server.mjs',
  'member/serve.mjs',
  'member/log.mjs',
  'member/metrics.mjs',
  'deploy',
  'docs',
  '.env.example',
  'CHANGELOG.md',
  'README.md',
])
  copy(path);

// The root package without the workspaces that are only built (admin) or only tested (e2e).
writeFileSync(
  join(out, 'package.json'),
  JSON.stringify(
    {
      name: pkg.name,
      version: pkg.version,
      private: true,
      description: pkg.description,
      workspaces: ['packages/contract', 'api', 'member'],
      engines: pkg.engines,
      scripts: {
        'start:api': 'node api/dist/main.js',
        'start:member': 'node member/server.mjs',
        ops: 'node api/dist/ops/cli.js',
      },
      allowScripts: pkg.allowScripts,
    },
    null,
    2,
  ) + '\n',
);
writeFileSync(join(out, 'build-info.json'), JSON.stringify({ version: pkg.version, commit }) + '\n');

step('installing the production dependencies');
run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: out });
// The lock of the release's own workspaces, as installed.
step(`written ${out}`);

if (!args.includes('--no-tar')) {
  run('tar', ['-czf', `${name}.tar.gz`, name], { cwd: join(root, 'release') });
  step(`written release/${name}.tar.gz`);
}

if (args.includes('--smoke')) await smoke();

/** Starts the release's API and member server (an embedded database in a scratch folder) and checks them. */
async function smoke() {
  const data = mkdtempSync(join(tmpdir(), 'release-smoke-'));
  const apiPort = process.env.SMOKE_API_PORT || '4690';
  const port = process.env.SMOKE_PORT || '3690';
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: data,
    API_PORT: apiPort,
    PORT: port,
    DEMO: '0',
    LOG_LEVEL: 'info',
  };
  const children = [
    spawn(process.execPath, ['api/dist/main.js'], { cwd: out, env, stdio: ['ignore', 'pipe', 'inherit'] }),
  ];
  const firstLine = new Promise((resolve) =>
    children[0].stdout.once('data', (b) => resolve(b.toString().split('\n')[0])),
  );
  const wait = async (url) => {
    for (let i = 0; i < 240; i++) {
      try {
        const res = await fetch(url);
        if (res.ok) return res;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${url} never answered`);
  };
  try {
    const health = await (await wait(`http://127.0.0.1:${apiPort}/api/health`)).json();
    if (health.version !== pkg.version || health.commit !== commit)
      throw new Error(`health says ${JSON.stringify(health)}`);
    const line = JSON.parse(await firstLine);
    if (line.version !== pkg.version) throw new Error(`the API's first log line: ${JSON.stringify(line)}`);
    children.push(
      spawn(process.execPath, ['member/server.mjs'], {
        cwd: out,
        env: { ...env, API_URL: `http://127.0.0.1:${apiPort}/api` },
        stdio: 'inherit',
      }),
    );
    const member = await wait(`http://127.0.0.1:${port}/healthz`);
    if (member.headers.get('x-app-version') !== pkg.version) throw new Error('the member server names no version');
    const version = spawnSync(process.execPath, ['api/dist/ops/cli.js', 'version'], { cwd: out, encoding: 'utf8' });
    if (JSON.parse(version.stdout).version !== pkg.version) throw new Error(`ops version: ${version.stdout}`);
    step(`smoke test: the release's API, member server and ops command run, version ${pkg.version} (${commit})`);
  } finally {
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null ? null : new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
      ),
    );
    rmSync(data, { recursive: true, force: true });
  }
}
