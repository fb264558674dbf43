// The full metadata: the number type (mobile or landline) is not in the default, smaller set.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
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

/**
 * A number that can receive a WhatsApp code: valid and of a mobile type (libphonenumber's type;
 * FIXED_LINE_OR_MOBILE where a country's numbering cannot tell). Answers the E.164 form, or the
 * message key of why not: invalid, or a landline (e.g. a Saudi 011 number).
 */
export function normalizeMobile(
  raw: string | undefined | null,
): { phone: string; error: null } | { phone: null; error: 'signup.phone' | 'signup.phone_not_mobile' } {
  const phone = normalizePhone(raw);
  if (!phone) return { phone: null, error: 'signup.phone' };
  const type = parsePhoneNumberFromString(phone)?.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return { phone: null, error: 'signup.phone_not_mobile' };
  return { phone, error: null };
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

/** A birth date as YYYY-MM-DD: a real day, from 1900 and not after today. */
export function isBirthDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(day.getTime()) &&
    day.toISOString().slice(0, 10) === value &&
    day <= new Date() &&
    day.getUTCFullYear() >= 1900
  );
}
