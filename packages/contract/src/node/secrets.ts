import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret for development, when the environment gives none: generated once (48 random bytes) and
 * kept in `DATA_DIR/secrets.json` (mode 600), so the API, the member site and `npm start` read the
 * same value across restarts. Callers refuse to use it in production. Node only: imported as
 * `@platform/contract/node`, never from the package's index (the pages bundle that).
 */
export function developmentSecret(name: string, dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  if (!stored[name]) {
    stored[name] = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored[name];
}

/** Bits of entropy a production secret must show (Shannon entropy of its characters × its length). */
export const SECRET_MIN_BITS = 128;

/**
 * Why a production secret is weak, or undefined when it is not: shorter than 32 characters, one
 * piece repeated (`aaaa…`, `abcabc…`), or too few distinct characters for its length (under
 * SECRET_MIN_BITS by the Shannon entropy of its characters). `openssl rand -base64 48` passes.
 */
export function weakSecret(value: string): string | undefined {
  if (value.length < 32) return 'must be at least 32 characters long';
  if (/^(.+?)\1+$/s.test(value)) return 'is weak: one piece repeated (generate one: openssl rand -base64 48)';
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= n * Math.log2(n / value.length);
  if (bits < SECRET_MIN_BITS)
    return `is weak: about ${Math.floor(bits)} bits of entropy, ${SECRET_MIN_BITS} needed (generate one: openssl rand -base64 48)`;
  return undefined;
}
