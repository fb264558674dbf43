import type { Language } from '@platform/contract';
import type { User } from '../db/schema';

/**
 * The countries of the Arab League, whose nationals are guessed to read Arabic. Migration
 * 0027_member_language writes the same list in SQL (a migration never changes, so it does not import
 * this one); api/test/language-migration.spec.ts checks that the two agree.
 */
export const ARABIC_NATIONALITIES: ReadonlySet<string> = new Set([
  'AE', 'BH', 'DJ', 'DZ', 'EG', 'IQ', 'JO', 'KM', 'KW', 'LB', 'LY',
  'MA', 'MR', 'OM', 'PS', 'QA', 'SA', 'SD', 'SO', 'SY', 'TN', 'YE',
]); // prettier-ignore

/**
 * The language of an account nobody chose one for (docs/decisions/015-member-language.md): Arabic
 * for an Arab League nationality; without a nationality, Arabic when the account's phone (a student's
 * guardian's, when the student has none) is Saudi; English otherwise.
 */
export function guessLanguage(user: Pick<User, 'nationality' | 'phoneNumber' | 'guardianPhone'>): Language {
  const nationality = (user.nationality ?? '').toUpperCase();
  if (nationality) return ARABIC_NATIONALITIES.has(nationality) ? 'ar' : 'en';
  const phone = user.phoneNumber || user.guardianPhone || '';
  return /^(\+|00)?966/.test(phone) ? 'ar' : 'en';
}
