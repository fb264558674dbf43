// Builds the contract twice from one source: ES modules for the Vite apps (dist/esm) and CommonJS for
// the API and its jest tests (dist/cjs), each folder marked with its module type.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(join(here, 'dist'), { recursive: true, force: true });
for (const [folder, module, type] of [
  ['esm', 'ES2022', 'module'],
  ['cjs', 'CommonJS', 'commonjs'],
]) {
  const out = join(here, 'dist', folder);
  const args = ['-p', join(here, 'tsconfig.json'), '--outDir', out, '--module', module];
  if (module === 'CommonJS') args.push('--moduleResolution', 'node10');
  const r = spawnSync(process.execPath, [tsc, ...args], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type }) + '\n');
}
// The shapes as JSON Schema for the API's OpenAPI description (schemas.mjs).
const shapes = spawnSync(process.execPath, [join(here, 'schemas.mjs')], { stdio: 'inherit' });
if (shapes.status !== 0) process.exit(shapes.status ?? 1);
