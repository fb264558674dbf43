import { toAsciiNumber } from '@platform/contract';
import { maxValue, minValue, NumberInput, type NumberInputProps, type Validator } from 'react-admin';

/**
 * The form's value of what was typed in a number field: a number once the text is one, written in
 * any digits (٠-٩, ۰-۹) with either decimal separator (٫ or .); empty is null. A text that is no
 * number stays as typed (ASCII digits), so nothing typed vanishes, and `isNumber` says so.
 */
export function parseNumber(text: string): number | string | null {
  const ascii = toAsciiNumber(text);
  if (ascii === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(ascii) ? Number(ascii) : ascii;
}

/** A number field's value is a number (or empty): a text left in it is "must be a number". */
export const isNumber: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' ? 'ra.validation.number' : undefined;

type Props = Omit<NumberInputProps, 'validate' | 'min' | 'max' | 'parse'> & {
  validate?: Validator | Validator[];
  min?: number;
  max?: number;
};

/**
 * The back-office's number field. react-admin's NumberInput is an `<input type="number">`, which
 * Chromium empties when Arabic-Indic digits are typed; this is the same input (its text kept while
 * focused, the number written back on blur) as a text box with the number keyboard, which reads
 * Arabic-Indic and Eastern Arabic-Indic digits and the Arabic decimal separator and stores a number.
 * The bounds are validators (a text box has no browser range check). Every number field of the
 * back-office is this one.
 */
export function DigitsNumberInput({ validate, min, max, step, ...props }: Props) {
  const validators = [
    isNumber,
    ...(min !== undefined ? [minValue(min)] : []),
    ...(max !== undefined ? [maxValue(max)] : []),
    ...(validate ? (Array.isArray(validate) ? validate : [validate]) : []),
  ];
  const whole = step !== undefined && Number.isInteger(Number(step)) && min !== undefined && min >= 0;
  // NumberInput passes its remaining props to the TextField after its own `type="number"`.
  const text = { type: 'text' } as Record<string, unknown>;
  return (
    <NumberInput
      {...props}
      {...text}
      step={step}
      parse={parseNumber}
      validate={validators}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: whole ? 'numeric' : 'decimal', step: undefined } }}
    />
  );
}
