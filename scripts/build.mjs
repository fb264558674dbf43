// Builds every app whose output is missing or older than its sources (`--force` builds all).
import { spawnSync } from 'node:child_process';
import { apps, isStale, root } from './apps.mjs';

// `node scripts/build.mjs [--force] [name …]`: the named apps only, or all of them in order.
const force = process.argv.includes('--force');
const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const app of apps.filter((a) => names.length === 0 || names.includes(a.name))) {
  if (!force && !isStale(app)) {
    console.log(`[build] ${app.name}: up to date`);
    continue;
  }
  console.log(`[build] ${app.name}: building…`);
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build', '-w', app.name], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    console.error(`[build] ${app.name}: FAILED`);
    process.exit(1);
  }
  console.log(`[build] ${app.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
