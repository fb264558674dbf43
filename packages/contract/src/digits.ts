/** Arabic-Indic (٠–٩, U+0660–0669) and Eastern Arabic-Indic (۰–۹, U+06F0–06F9) digits. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * The same text with the digits Arabic phone keyboards type written as ASCII digits (each code
 * point's low four bits are its value). Use it wherever digits are entered: IDs, codes, phones, grades.
 */
export function toAsciiDigits(value: string): string {
  return value.replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf));
}

/**
 * A number as typed on an Arabic keyboard, in the form `Number()` reads: Arabic-Indic digits as
 * ASCII, the Arabic decimal separator (٫ U+066B) as `.`, the Arabic thousands separator (٬ U+066C)
 * and spaces dropped. `٣٥٠٫٥` → `350.5`.
 */
export function toAsciiNumber(value: string): string {
  return toAsciiDigits(value)
    .replace(/\u066B/g, '.')
    .replace(/[\u066C\s]/g, '');
}
