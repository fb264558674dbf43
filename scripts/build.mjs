// Builds every app whose output is missing or older than its sources (`--force` builds all).
import { spawnSync } from 'node:child_process';
import { apps, isStale, root } from './apps.mjs';

// `node scripts/build.mjs [--force] [name …]`: the named apps only, or all of them in order.
const force = process.argv.includes('--force');
const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const chosen = apps.filter((a) => names.length === 0 || names.includes(a.name));
const stale = chosen.filter((a) => force || isStale(a));
if (stale.length === apps.length && names.length === 0) {
  console.log(
    `[build] building the ${stale.length} apps (${stale.map((a) => a.name).join(', ')}): the first build takes about 3 minutes on a 2-core machine; later builds redo only what changed`,
  );
}
for (const app of chosen) {
  if (!stale.includes(app)) {
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
