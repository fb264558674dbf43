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
