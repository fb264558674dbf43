import { toAsciiDigits } from '@platform/contract';
import type { FormEvent } from 'react';

export { toAsciiDigits };

/**
 * One digit in an input's `pattern`: ASCII, Arabic-Indic (٠-٩) or Eastern Arabic-Indic (۰-۹), so the
 * browser's own check lets through what an Arabic phone keyboard types, with or without JavaScript.
 */
export const DIGIT = '[0-9\u0660-\u0669\u06F0-\u06F9]';

/** Writes Arabic-Indic digits as ASCII as they are typed or pasted, keeping the caret where it was. */
export function asciiDigitsOnInput(e: FormEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  const ascii = toAsciiDigits(input.value);
  if (ascii === input.value) return;
  // One character for one: the caret stays put. (Some input types, like email, have no selection.)
  let caret: number | null = null;
  try {
    caret = input.selectionStart;
  } catch {
    caret = null;
  }
  input.value = ascii;
  if (caret !== null) input.setSelectionRange(caret, caret);
}

/** The input props of a box people type digits into (IDs, codes, grades): the number keyboard and ASCII digits. */
export const digitsInput = { inputMode: 'numeric', dir: 'ltr', onInput: asciiDigitsOnInput } as const;

/** The input props of a phone number box: the phone keyboard (with +) and ASCII digits. */
export const phoneInput = { inputMode: 'tel', dir: 'ltr', onInput: asciiDigitsOnInput } as const;

/** The form's text value of a digit field, trimmed and in ASCII digits (what the API would do anyway). */
export function digitsOf(form: FormData, name: string): string {
  return toAsciiDigits(String(form.get(name) ?? '').trim());
}

/**
 * The one-time code in what was pasted or filled in: the code alone (spaces or dashes allowed) or
 * the whole WhatsApp or e-mail message ("Your verification code is 123456. It is valid for 10
 * minutes."), in any digit form. The code is the only run of exactly `length` digits; null if none.
 */
export function codeFrom(text: string, length: number): string | null {
  const ascii = toAsciiDigits(text);
  const bare = ascii.replace(/[\s\-\u200e\u200f]/g, '');
  if (new RegExp(`^\\d{${length}}$`).test(bare)) return bare;
  return ascii.match(/\d+/g)?.find((run) => run.length === length) ?? null;
}

/** The code a code form sent (its boxes joined, or a whole message in the first), ASCII; '' if none. */
export function codeOf(form: FormData, length: number): string {
  const joined = form.getAll('code').map(String).join('').trim();
  return codeFrom(joined, length) ?? toAsciiDigits(joined).replace(/\s/g, '').toUpperCase();
}
