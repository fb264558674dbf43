/**
 * Money as every page and document shows it: the currency's sign and two decimals, in the reader's
 * language with Latin digits ("SAR 1,500.00" / "‏1,500.00 ر.س.‏"), the same on the member site, the
 * back-office and the payment pages.
 */
export const MONEY_LOCALES = { en: 'en-SA', ar: 'ar-SA-u-nu-latn' } as const;

export function formatMoney(
  amount: string | number,
  currency = 'SAR',
  lang: string = 'en',
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(lang === 'ar' ? MONEY_LOCALES.ar : MONEY_LOCALES.en, {
    style: 'currency',
    currency,
    ...options,
  }).format(Number(amount));
}
