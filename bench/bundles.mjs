// First-load JavaScript, gzip: the member site's `/` (entry, root and home route with their imports,
// from the Remix manifest) and the back-office's entry chunk with its static imports. Goals from
// issue 8: member ≤ 120 kB, back-office ≤ 400 kB. Run after `npm run build`.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => Math.round(n / 102.4) / 10;

function member() {
  const assets = join(root, 'member/build/client/assets');
  const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  const manifest = JSON.parse(
    readFileSync(join(assets, manifestFile), 'utf8')
      .replace(/^window\.__remixManifest=/, '')
      .replace(/;\s*$/, ''),
  );
  const files = new Set();
  for (const part of [manifest.entry, manifest.routes.root, manifest.routes['routes/_index']]) {
    files.add(part.module);
    for (const i of part.imports ?? []) files.add(i);
  }
  return [...files].reduce((sum, f) => sum + gz(join(root, 'member/build/client', f)), 0);
}

function admin() {
  const dist = join(root, 'admin/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return files.reduce((sum, f) => sum + gz(join(dist, f)), 0);
}

const rows = [
  { bundle: 'member / first load', gzipKB: kb(member()), goalKB: 120 },
  { bundle: 'back-office first load', gzipKB: kb(admin()), goalKB: 400 },
].map((r) => ({ ...r, ratio: Math.round((r.gzipKB / r.goalKB) * 100) / 100, ok: r.gzipKB <= r.goalKB }));
console.table(rows);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/bundles.json'),
  JSON.stringify({ at: new Date().toISOString(), rows }, null, 2) + '\n',
);
