/** Arabic-Indic (٠–٩, U+0660–0669) and Eastern Arabic-Indic (۰–۹, U+06F0–06F9) digits. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * The same text with the digits Arabic phone keyboards type written as ASCII digits (each code
 * point's low four bits are its value). Use it wherever digits are entered: IDs, codes, phones, grades.
 */
export function toAsciiDigits(value: string): string {
  return value.replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf));
}
