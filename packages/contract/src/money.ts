/**
 * Money as every page, message and document shows it: in the reader's language with Latin digits
 * and two decimals: "SAR 1,500.00" in English, "1,500.00 ر.س" in Arabic (the figure, then the
 * riyal's abbreviation, without the bidi marks and the closing dot Intl's Arabic adds, so the
 * amount reads the same inside a sentence, on the member site, the back-office, the e-mails and
 * the PDFs). Whoever places it inside a sentence of the other direction isolates it (<bdi>).
 */
export const MONEY_LOCALES = { en: 'en-SA', ar: 'ar-SA-u-nu-latn' } as const;

/** The riyal's Arabic abbreviation; other currencies keep their ISO code in Arabic. */
const ARABIC_CURRENCY: Record<string, string> = { SAR: 'ر.س' };

export function formatMoney(
  amount: string | number,
  currency = 'SAR',
  lang: string = 'en',
  options: Intl.NumberFormatOptions = {},
): string {
  if (lang !== 'ar') {
    return new Intl.NumberFormat(MONEY_LOCALES.en, { style: 'currency', currency, ...options }).format(Number(amount));
  }
  // The figure as the currency would have it (its decimals, or the caller's), grouped the Latin way.
  const { minimumFractionDigits, maximumFractionDigits } = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    ...options,
  }).resolvedOptions();
  const figure = new Intl.NumberFormat('en', {
    minimumFractionDigits,
    maximumFractionDigits,
    useGrouping: options.useGrouping ?? true,
  }).format(Number(amount));
  return `${figure} ${ARABIC_CURRENCY[currency] ?? currency}`;
}
