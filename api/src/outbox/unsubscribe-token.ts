import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../common/ids';

/**
 * The token of a member's unsubscribe link: the account's id and an HMAC of it under a key derived
 * from the API's secret, so only the platform can make one and a link cannot be guessed from an id.
 * It does not expire (a link in an old e-mail keeps working) and only ever turns announcements off
 * or back on. It travels in a query parameter or a body, never in a path (the logs redact `token`).
 */
const PURPOSE = 'unsubscribe-v1';

const keyOf = (secret: string) => createHmac('sha256', secret).update(PURPOSE).digest();

function mac(secret: string, userId: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(userId).digest().subarray(0, 18);
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId.replace(/-/g, '')}.${mac(secret, userId).toString('base64url')}`;
}

/** The account a token names, or null when it is not one the platform made. */
export function readUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const m = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!m) return null;
  const hex = m[1];
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!isUuid(userId)) return null;
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The addresses of a member's unsubscribe: the member-site page (in their language) and the one-click API URL. */
export function unsubscribeUrls(
  config: { memberUrl: string; publicUrl: string; jwtSecret: string },
  userId: string,
  lang: 'ar' | 'en',
) {
  const token = unsubscribeToken(config.jwtSecret, userId);
  const page = new URL('/unsubscribe', config.memberUrl);
  page.searchParams.set('token', token);
  page.searchParams.set('lang', lang);
  const oneClick = new URL(`${config.publicUrl}/api/unsubscribe`);
  oneClick.searchParams.set('token', token);
  return { page: page.toString(), oneClick: oneClick.toString() };
}
