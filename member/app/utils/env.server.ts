import { developmentSecret, weakSecret } from '@platform/contract/node';
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
  const sessionSecret = secret('SESSION_SECRET', production);
  // Sent with the browser's address to the API, which believes that address from no one else.
  const memberProxySecret = secret('MEMBER_PROXY_SECRET', production);
  // Secure in production whatever MEMBER_URL says (COOKIE_SECURE=0 only for a deliberate plain-http set-up).
  const memberUrl = process.env.MEMBER_URL || '';
  const secureDefault = production || memberUrl.startsWith('https:');
  const cookieSecure = process.env.COOKIE_SECURE
    ? process.env.COOKIE_SECURE === '1' || process.env.COOKIE_SECURE === 'true'
    : secureDefault;
  return { production, apiUrl, adminUrl, sessionSecret, memberProxySecret, cookieSecure };
}

/** A secret from the environment; in development, generated once and kept in DATA_DIR like the API's own. */
function secret(name: string, production: boolean): string {
  const given = process.env[name];
  // In production also not weak (one piece repeated, or too little entropy), as the API checks its own.
  const weakness =
    given && (production ? weakSecret(given) : given.length < 32 ? 'must be at least 32 characters long' : '');
  if (weakness) throw new Error(`Configuration error: ${name} ${weakness}`);
  if (given) return given;
  if (production) throw new Error(`Configuration error: ${name} is required when NODE_ENV=production`);
  const here = dirname(fileURLToPath(import.meta.url));
  const dataDir = resolve(process.env.DATA_DIR || join(here, '..', '..', '..', 'data'));
  return developmentSecret(name, dataDir);
}

export const env = load();
