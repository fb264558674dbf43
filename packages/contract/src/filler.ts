/**
 * The old contract fills a field that does not apply with the text `None` (spec: sign-up payload,
 * guardian defaults, education). It is accepted from clients in any case and with spaces around,
 * but never stored and never shown: stored values are empty (null, or '' inside JSON objects).
 */
export function isNoneFiller(value: unknown): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === 'none';
}
