import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The member server's configuration, validated once at start. Only named values reach the browser. */
function load() {
  const production = process.env.NODE_ENV === 'production';
  const apiPort = process.env.API_PORT || '4000';
  const apiUrl = (process.env.API_URL || `http://127.0.0.1:${apiPort}/api`).replace(/\/$/, '');
  const adminUrl = process.env.ADMIN_URL || `http://localhost:${apiPort}/admin/`;
  for (const [name, value] of [
    ['API_URL', apiUrl],
    ['ADMIN_URL', adminUrl],
  ]) {
    try {
      new URL(value);
    } catch {
      throw new Error(`Configuration error: ${name} must be a URL, got "${value}"`);
    }
  }
  let sessionSecret = process.env.SESSION_SECRET;
  if (sessionSecret && sessionSecret.length < 32)
    throw new Error('Configuration error: SESSION_SECRET must be at least 32 characters long');
  if (!sessionSecret) {
    if (production) throw new Error('Configuration error: SESSION_SECRET is required when NODE_ENV=production');
    // Development: generated once and kept in DATA_DIR, like the API's own secrets.
    const here = dirname(fileURLToPath(import.meta.url));
    const dataDir = resolve(process.env.DATA_DIR || join(here, '..', '..', '..', 'data'));
    const file = join(dataDir, 'secrets.json');
    const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    if (!stored.SESSION_SECRET) {
      stored.SESSION_SECRET = randomBytes(48).toString('base64url');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
    sessionSecret = stored.SESSION_SECRET;
  }
  const memberUrl = process.env.MEMBER_URL || '';
  const secureDefault = memberUrl.startsWith('https:');
  const cookieSecure = process.env.COOKIE_SECURE
    ? process.env.COOKIE_SECURE === '1' || process.env.COOKIE_SECURE === 'true'
    : secureDefault;
  return { production, apiUrl, adminUrl, sessionSecret, cookieSecure };
}

export const env = load();
