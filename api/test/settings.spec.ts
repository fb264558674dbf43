import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigurationDoc, renderEnvExample } from '../src/core/settings-doc';
import { SETTINGS } from '../src/core/settings';
import { checkConfig } from '../src/ops/check-config';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const names = new Set(SETTINGS.map((s) => s.name));

/** The setting names a source file reads: env.X, env['X'], helper(env, 'X'), process.env.X, and quoted lists of names. */
function namesRead(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(
    /(?:process\.)?env\.([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'|'([A-Z][A-Z0-9_]{3,})'/g,
  ))
    found.add(m[1] ?? m[2] ?? m[3]);
  return [...found];
}

/** A production environment with exactly the settings marked required: secrets generated, the rest from the examples. */
function requiredOnly(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const s of SETTINGS.filter((x) => x.production === 'required'))
    env[s.name] = s.example || randomBytes(48).toString('base64');
  return env;
}

describe('the configuration reference', () => {
  it('docs/configuration.md and .env.example are the settings as the code has them (UPDATE_DOCS=1 rewrites them)', () => {
    const doc = renderConfigurationDoc();
    const example = renderEnvExample();
    if (process.env.UPDATE_DOCS) {
      writeFileSync(join(root, 'docs/configuration.md'), doc);
      writeFileSync(join(root, '.env.example'), example);
    }
    expect(read('docs/configuration.md')).toBe(doc);
    expect(read('.env.example')).toBe(example);
  });

  it('lists every setting the API, the member server and the operator command read', () => {
    const sources = [
      'api/src/core/config.ts',
      'api/src/ops/check-config.ts',
      'member/app/utils/env.server.ts',
      'member/serve.mjs',
      'member/server.mjs',
      'member/log.mjs',
      'packages/contract/src/node/build-info.ts',
    ];
    const missing = sources.flatMap((file) =>
      namesRead(read(file))
        .filter((n) => !names.has(n))
        .map((n) => `${file}: ${n}`),
    );
    // Words in quotes that are not settings.
    const notSettings = /: (NODE_ENV=production|GET|HEAD|OPTIONS|SIG[A-Z]+)$/;
    expect(missing.filter((m) => !notSettings.test(m))).toEqual([]);
  });

  it('marks as required in production exactly what a production start requires', () => {
    const env = requiredOnly();
    // Enough: the API and the member server start with the required settings alone.
    expect(checkConfig(env)).toEqual([]);
    // Each needed: without one of them, the check names it.
    for (const s of SETTINGS.filter((x) => x.production === 'required' && x.name !== 'NODE_ENV')) {
      const { [s.name]: _left, ...without } = env;
      expect([s.name, checkConfig(without).some((p) => p.startsWith(`Configuration error: ${s.name} `))]).toEqual([
        s.name,
        true,
      ]);
    }
    // And .env.example's uncommented lines are those settings.
    const uncommented = read('.env.example')
      .split('\n')
      .filter((l) => /^[A-Z]/.test(l))
      .map((l) => l.split('=')[0]);
    expect(uncommented.sort()).toEqual(Object.keys(env).sort());
  });
});
