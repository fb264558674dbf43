import { parsePhoneNumberFromString } from 'libphonenumber-js';
import countries from 'i18n-iso-countries';

// A maintained list of free e-mail providers (package email-providers).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const FREE_DOMAINS = new Set<string>(require('email-providers/all.json') as string[]);

/** E.164 form of a phone number (default country Saudi Arabia), or null when it is not a valid number. */
export function normalizePhone(raw: string | undefined | null): string | null {
  if (!raw || typeof raw !== 'string') return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), 'SA');
  return parsed && parsed.isValid() ? parsed.number : null;
}

export function isFreeEmail(email: string): boolean {
  const domain = email.split('@').pop()?.trim().toLowerCase() ?? '';
  return FREE_DOMAINS.has(domain);
}

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value) && value.length <= 254;
}

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}
