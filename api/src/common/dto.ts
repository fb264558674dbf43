import { isNoneFiller, toAsciiDigits } from '@platform/contract';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value;

/** An optional text field, trimmed (numbers accepted as text), at most `max` characters. */
export function Text(max = 200): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(trim)(target, key);
    IsString()(target, key);
    MaxLength(max)(target, key);
  };
}

const asciiDigits = ({ value }: { value: unknown }) => (typeof value === 'string' ? toAsciiDigits(value) : value);

/**
 * A field people type digits into (IDs, phones, codes, grades): as Text, with Arabic-Indic and
 * Eastern Arabic-Indic digits written as ASCII, as the contract's toAsciiDigits does in the pages.
 */
export function Digits(max = 30): PropertyDecorator {
  return (target, key) => {
    Text(max)(target, key);
    // Decorators apply bottom-up: this runs after the trim.
    Transform(asciiDigits)(target, key);
  };
}

/**
 * A field the old contract fills with `None` when it does not apply: that filler (any case) is read
 * as '' (not given), so it is never stored nor shown. Put it above the field's Text or Digits.
 */
export const NoneAsEmpty = (): PropertyDecorator => Transform(({ value }) => (isNoneFiller(value) ? '' : value));

/** Arabic-Indic digits as ASCII on a field declared with its own validators. */
export const AsciiDigits = (): PropertyDecorator => Transform(asciiDigits);

/**
 * A check box or switch: true, or the text a form posts for a ticked one ("true", "on", "1"), is
 * true; any other value given is false; left out stays undefined.
 */
export function Checkbox(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) =>
      value === undefined || value === null
        ? undefined
        : value === true || (typeof value === 'string' && ['true', 'on', '1'].includes(value.trim().toLowerCase())),
    )(target, key);
    IsBoolean()(target, key);
  };
}
