// What each app builds from and into; shared by build.mjs and start.mjs.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const contract = ['packages/contract/src', 'packages/contract/package.json', 'packages/contract/build.mjs'];

export const apps = [
  // The shared contract first: every app imports its build.
  {
    name: '@platform/contract',
    sources: [...contract, 'packages/contract/tsconfig.json'],
    output: 'packages/contract/dist/cjs/index.js',
  },
  {
    name: 'api',
    sources: ['api/src', 'api/package.json', 'api/tsconfig.json', 'api/tsconfig.build.json', ...contract],
    output: 'api/dist/main.js',
  },
  {
    name: 'admin',
    sources: [
      'admin/src',
      'admin/index.html',
      'admin/vite.config.ts',
      'admin/package.json',
      'scripts/precompress.mjs',
      ...contract,
    ],
    output: 'admin/dist/index.html',
  },
  {
    name: 'member',
    sources: [
      'member/app',
      'member/vite.config.ts',
      'member/package.json',
      'member/public',
      'scripts/precompress.mjs',
      ...contract,
    ],
    output: 'member/build/server/index.js',
  },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** True when the app's build output is missing or older than any of its sources. */
export function isStale(app) {
  const out = join(root, app.output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return app.sources.some((s) => newest(join(root, s)) > built);
}
