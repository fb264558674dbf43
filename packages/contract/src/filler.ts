/**
 * The old contract fills a field that does not apply with the text `None` (spec: sign-up payload,
 * guardian defaults, education). It is accepted from clients in any case and with spaces around,
 * but never stored and never shown: stored values are empty (null, or '' inside JSON objects).
 */
export function isNoneFiller(value: unknown): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === 'none';
}

/** A value as stored and shown: null for absent or empty text and for the `None` filler. */
export function withoutFiller(value: string | null | undefined): string | null {
  if (value === null || value === undefined || isNoneFiller(value)) return null;
  return value.trim() === '' ? null : value;
}
