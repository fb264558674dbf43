import { toAsciiNumber } from '@platform/contract';
import { maxValue, minValue, TextInput, type TextInputProps, type Validator } from 'react-admin';

/**
 * The form's value of what was typed in a number field: a number once the text is one, written in
 * any digits (٠-٩, ۰-۹) with either decimal separator (٫ or .); empty is null. A text on its way to
 * being a number (`3.`) or not one stays as typed, so nothing typed vanishes, and `isNumber` says so.
 */
export function parseNumber(text: string): number | string | null {
  const ascii = toAsciiNumber(text);
  if (ascii === '') return null;
  return /^-?\d+(\.\d+)?$/.test(ascii) && String(Number(ascii)) === ascii.replace(/^(-?)0+(?=\d)/, '$1')
    ? Number(ascii)
    : ascii;
}

/** The field's text of the form's value. */
export function formatNumber(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A number field's value is a number (or empty): a text left in it is "must be a number". */
export const isNumber: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' ? 'ra.validation.number' : undefined;

/**
 * The back-office's number field: react-admin's NumberInput is an `<input type="number">`, which
 * empties itself on Arabic-Indic digits; this one is a text box with the number keyboard that reads
 * them (and the Arabic decimal separator) and stores a number.
 */
export function DigitsNumberInput({
  validate,
  min,
  max,
  step,
  ...props
}: Omit<TextInputProps, 'validate'> & {
  validate?: Validator | Validator[];
  min?: number;
  max?: number;
  step?: number;
}) {
  const validators = [
    isNumber,
    ...(min !== undefined ? [minValue(min)] : []),
    ...(max !== undefined ? [maxValue(max)] : []),
    ...(validate ? (Array.isArray(validate) ? validate : [validate]) : []),
  ];
  const decimal = step !== undefined && !Number.isInteger(step);
  return (
    <TextInput
      {...props}
      parse={parseNumber}
      format={formatNumber}
      validate={validators}
      slotProps={{
        htmlInput: {
          dir: 'ltr',
          inputMode: decimal || min === undefined || min < 0 ? 'decimal' : 'numeric',
        },
      }}
    />
  );
}
