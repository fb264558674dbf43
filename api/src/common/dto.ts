import { isNoneFiller, LANGUAGES, readMoment, toAsciiDigits } from '@platform/contract';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDate,
  IsIn,
  IsString,
  MaxLength,
  ValidateBy,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { MessageKey } from './i18n';
import { isUuid } from './ids';

/**
 * The message a field's rule gives when it fails: a key of the catalogues, or a key with the values
 * of its placeholders (`{ key: 'refund.reason_required', params: { max: 500 } }` for "… up to {max}
 * characters").
 */
export type RuleMessage = MessageKey | { key: MessageKey; params: Record<string, string | number> };

/**
 * The class-validator options of a rule that gives `message`: its key as the rule's message and its
 * params in the rule's context, where common/validation.ts reads them back. No message: the rule
 * tells the field as of the wrong type.
 */
export function told(message?: RuleMessage): ValidationOptions {
  if (message === undefined) return {};
  return typeof message === 'string' ? { message } : { message: message.key, context: { params: message.params } };
}

/** Where @nestjs/swagger keeps a property's ApiProperty options. */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

/**
 * The field's OpenAPI schema, from the same decorator that checks it (so the description cannot
 * drift from the rule): optional unless `Required` says so. An explicit `@ApiProperty` above the
 * field adds to it (a description, an example).
 */
const Schema =
  (options: ApiPropertyOptions): PropertyDecorator =>
  (target, key) => {
    const before = Reflect.getMetadata(API_MODEL_PROPERTIES, target, key) as { required?: boolean } | undefined;
    ApiProperty({ required: before?.required ?? false, ...options } as ApiPropertyOptions)(target, key);
  };

/** Required fields by the prototype that declares them, with the message to give when one is empty. */
const requiredFields = new Map<object, Map<string | symbol, RuleMessage | undefined>>();

/**
 * Whether a DTO instance's field is required (declared on its class or a parent), and with which
 * message: `false` when it is not.
 */
export function requiredField(dto: object, key: string | symbol): { message?: RuleMessage } | false {
  for (let proto = Object.getPrototypeOf(dto); proto; proto = Object.getPrototypeOf(proto)) {
    const fields = requiredFields.get(proto);
    if (fields?.has(key)) return { message: fields.get(key) };
  }
  return false;
}

/** Like IsOptional (null or undefined skip the field's checks), except for a required field. */
const Optional = (): PropertyDecorator => (target, key) =>
  ValidateIf((dto: object, value: unknown) => (value !== undefined && value !== null) || !!requiredField(dto, key))(
    target,
    key,
  );

const trim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value;

/**
 * An optional text field, trimmed (numbers accepted as text), at most `max` characters; with
 * `message`, a value that is not text or too long is told that message rather than a wrong type.
 */
export function Text(max = 200, message?: RuleMessage): PropertyDecorator {
  return (target, key) => {
    Schema({ type: String, maxLength: max })(target, key);
    Optional()(target, key);
    Transform(trim)(target, key);
    IsString(told(message))(target, key);
    MaxLength(max, told(message))(target, key);
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
    Schema({ type: String, maxLength: max, description: 'Digits in any script (Arabic-Indic read as ASCII)' })(
      target,
      key,
    );
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
 * A check box or switch: true (a JSON boolean), 1, or the text a form posts for a ticked one ("true",
 * "on", "1"), is true; any other value given is false; left out stays undefined.
 */
export function Checkbox(): PropertyDecorator {
  return (target, key) => {
    Schema({ type: Boolean, description: 'true, 1, "true", "on" or "1" is true; any other value false' })(target, key);
    Optional()(target, key);
    Transform(({ value }: { value: unknown }) =>
      value === undefined || value === null
        ? undefined
        : value === true ||
          value === 1 ||
          (typeof value === 'string' && ['true', 'on', '1'].includes(value.trim().toLowerCase())),
    )(target, key);
    IsBoolean()(target, key);
  };
}

/** A value a form sends for a field it leaves empty. */
export const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A field the form must fill. With the other field decorators here, which pass an empty value, an
 * absent, null or '' value fails only this check, reported as the form's one message (e.g. 'Please
 * fill in the form carefully!', or `message` when given) after any field of the wrong type (see
 * common/validation.ts). On an
 * update only the fields sent are checked, so a required field may be left out but not emptied.
 */
export const Required =
  (message?: RuleMessage): PropertyDecorator =>
  (target, key) => {
    if (!requiredFields.has(target)) requiredFields.set(target, new Map());
    ApiProperty({ required: true })(target, key);
    requiredFields.get(target)!.set(key, message);
    requiredCheck(target, key);
  };

/** The check that an empty value fails wherever the validated instance's class requires the field. */
const requiredCheck = (target: object, key: string | symbol) =>
  ValidateBy({
    name: 'required',
    validator: { validate: (value, args) => !isBlank(value) || !requiredField(args!.object, key) },
  })(target, key);

/** null, as a form sends an emptied field, read as '' (for a text column that holds no null). */
export const NullAsEmpty = (): PropertyDecorator => Transform(({ value }) => (value === null ? '' : value));

/** A text field (trimmed, numbers accepted as text, at most `max`) whose emptying stores ''. */
export function FormText(max = 200): PropertyDecorator {
  return (target, key) => {
    Text(max)(target, key);
    NullAsEmpty()(target, key);
  };
}

/** A field people type digits into (see Digits) whose emptying stores ''. */
export function FormDigits(max = 30): PropertyDecorator {
  return (target, key) => {
    Digits(max)(target, key);
    NullAsEmpty()(target, key);
  };
}

/** An optional text: '', null or the old contract's filler `None` clear it (null); absent leaves it. */
export function OptionalText(max = 200, digits = false): PropertyDecorator {
  return (target, key) => {
    (digits ? Digits : Text)(max)(target, key);
    Schema({ type: String, maxLength: max, nullable: true })(target, key);
    Transform(({ value }) => (value === '' || isNoneFiller(value) ? null : value))(target, key);
  };
}

const LINK = /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*|\/)$/i;
const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;

/**
 * A link: an http(s) address, or (unless `webOnly`) a path on this site; '' when sent empty, or
 * null with `clear`.
 */
export function Link(max = 500, { webOnly = false, clear = false } = {}): PropertyDecorator {
  return (target, key) => {
    FormText(max)(target, key);
    Schema({
      type: String,
      maxLength: max,
      nullable: clear || undefined,
      description: webOnly ? 'An http(s) address' : 'An http(s) address or a path on this site',
    })(target, key);
    if (clear) Transform(({ value }) => (value === '' ? null : value))(target, key);
    ValidateBy({
      name: 'isLink',
      validator: { validate: (value) => isBlank(value) || (webOnly ? WEB_ADDRESS : LINK).test(String(value)) },
    })(target, key);
  };
}

/**
 * A yes/no field: a JSON boolean or the text "true" / "false"; anything else is a wrong type.
 * Absent or null leave it as it is.
 */
export function Bool(): PropertyDecorator {
  return (target, key) => {
    Schema({ type: Boolean, description: 'A JSON boolean, or "true" / "false"' })(target, key);
    Transform(({ value }) =>
      value === null ? undefined : value === 'true' ? true : value === 'false' ? false : value,
    )(target, key);
    Optional()(target, key);
    IsBoolean()(target, key);
  };
}

/** The empty value of a number, date or choice field: left unchanged (undefined) or cleared (null). */
const emptied = (clear: boolean) => (clear ? null : undefined);

/**
 * A whole number from min to max: a JSON number or its digits as text (Arabic-Indic digits read as
 * ASCII). Empty ('' or null) leaves it unchanged, or clears it (null) with `clear`.
 */
export function Int(min: number, max: number, { clear = false } = {}): PropertyDecorator {
  return (target, key) => {
    Schema({ type: 'integer', minimum: min, maximum: max, nullable: clear || undefined })(target, key);
    Transform(({ value }) => {
      if (isBlank(value)) return emptied(clear);
      const text = typeof value === 'string' ? toAsciiDigits(value).trim() : null;
      return text !== null && /^-?\d+$/.test(text) ? Number(text) : value;
    })(target, key);
    Optional()(target, key);
    ValidateBy({
      name: 'isIntInRange',
      validator: { validate: (v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max },
    })(target, key);
  };
}

/**
 * A non-negative amount with at most two decimals (a JSON number or text; Arabic-Indic digits and
 * the Arabic decimal separator ٫ read as ASCII), as the numeric column wants it ('350.00'). Empty
 * leaves it unchanged, or clears it (null) with `clear`; `positive` refuses zero. With `message`,
 * a value that is not such an amount is told that message rather than a wrong type.
 */
export function Money({
  clear = false,
  positive = false,
  message,
}: { clear?: boolean; positive?: boolean; message?: RuleMessage } = {}): PropertyDecorator {
  return (target, key) => {
    Schema({
      type: String,
      pattern: '^\\d{1,10}(\\.\\d{1,2})?$',
      example: '350.00',
      nullable: clear || undefined,
      description: 'An amount with at most two decimals (a JSON number or text; Arabic-Indic digits accepted)',
    })(target, key);
    Transform(({ value }) => {
      if (isBlank(value)) return emptied(clear);
      const text =
        typeof value === 'string' || typeof value === 'number'
          ? toAsciiDigits(String(value)).replace('٫', '.').trim()
          : '';
      // A value that is not an amount is boxed, so the string check below refuses it.
      return /^\d{1,10}(\.\d{1,2})?$/.test(text) ? Number(text).toFixed(2) : [value];
    })(target, key);
    Optional()(target, key);
    IsString(told(message))(target, key);
    if (positive)
      ValidateBy({ name: 'isPositive', validator: { validate: (v) => Number(v) > 0 } }, told(message))(target, key);
  };
}

/** A calendar date YYYY-MM-DD (a full ISO timestamp is cut to its date); '' or null clear it (null). */
export function Day(): PropertyDecorator {
  return (target, key) => {
    Schema({ type: String, format: 'date', nullable: true })(target, key);
    Transform(({ value }) => {
      if (value === null || value === '') return null;
      if (
        typeof value !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}/.test(value) ||
        Number.isNaN(Date.parse(value.slice(0, 10)))
      )
        return [value];
      return value.slice(0, 10);
    })(target, key);
    Optional()(target, key);
    IsString()(target, key);
  };
}

/**
 * A moment in time: ISO text with its zone, or a date-and-time field's 'YYYY-MM-DDTHH:mm' without one,
 * read on the platform's clock (Riyadh), digits in any script; '' or null clear it (null).
 */
export function Moment(): PropertyDecorator {
  return (target, key) => {
    Schema({
      type: String,
      format: 'date-time',
      nullable: true,
      description: 'ISO 8601 with its zone, or YYYY-MM-DDTHH:mm on the platform’s clock (Asia/Riyadh)',
    })(target, key);
    Transform(({ value }) => {
      if (value === null || value === '') return null;
      const date = typeof value === 'string' ? readMoment(toAsciiDigits(value)) : null;
      return date ?? [value];
    })(target, key);
    Optional()(target, key);
    IsDate()(target, key);
  };
}

/**
 * A person's language: one of the contract's LANGUAGES ('ar', 'en'), anything else refused with
 * 'account.bad_language'; absent, null or '' leave it as it is.
 */
export function LanguageOf(): PropertyDecorator {
  return (target, key) => {
    Schema({ enum: [...LANGUAGES] })(target, key);
    Transform(({ value }) => (isBlank(value) ? undefined : value))(target, key);
    Optional()(target, key);
    IsIn([...LANGUAGES], told('account.bad_language'))(target, key);
  };
}

/**
 * One of the allowed values (from the contract), matched as text so `0` and "0" are the same;
 * absent, null or '' leave the field as it is.
 */
export function OneOf(allowed: readonly (string | number)[]): PropertyDecorator {
  return (target, key) => {
    Schema({ enum: [...allowed] })(target, key);
    Transform(({ value }) => {
      if (isBlank(value)) return undefined;
      const match = allowed.find((a) => String(a) === String(value));
      return match === undefined ? [value] : match;
    })(target, key);
    Optional()(target, key);
    IsIn([...allowed])(target, key);
  };
}

/** An id (UUID); '', null or `None` clear it (null). */
export function OptionalId(message?: RuleMessage): PropertyDecorator {
  return (target, key) => {
    Schema({ type: String, format: 'uuid', nullable: true })(target, key);
    Transform(({ value }) => (value === '' || isNoneFiller(value) ? null : value))(target, key);
    Optional()(target, key);
    ValidateBy({ name: 'isUuid', validator: { validate: isUuid } }, told(message))(target, key);
  };
}

/** An id (UUID) the form must give; see Required for how an empty one is told. */
export function RequiredId(): PropertyDecorator {
  return (target, key) => {
    Schema({ type: String, format: 'uuid' })(target, key);
    Required()(target, key);
    ValidateBy({ name: 'isUuid', validator: { validate: (v) => isBlank(v) || isUuid(v) } })(target, key);
  };
}

/** A list of at most `max` ids (UUIDs). */
export function Ids(max: number): PropertyDecorator {
  return (target, key) => {
    Schema({ type: String, format: 'uuid', isArray: true, maxItems: max })(target, key);
    Optional()(target, key);
    IsArray()(target, key);
    ArrayMaxSize(max)(target, key);
    ValidateBy({ name: 'isUuid', validator: { validate: isUuid } }, { each: true })(target, key);
  };
}

/**
 * A list of at most `max` texts, sent as a list or as its JSON text (as the old forms send lists); ''
 * or null is an empty list. A longer list is told `tooMany` when given; anything else is a wrong type.
 */
export function TextList(max: number, tooMany?: RuleMessage): PropertyDecorator {
  return (target, key) => {
    Schema({ type: String, isArray: true, maxItems: max })(target, key);
    Transform(({ value }) => {
      if (value === null || value === '') return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value; // not a list: refused below
      }
    })(target, key);
    Optional()(target, key);
    IsArray()(target, key);
    IsString({ each: true })(target, key);
    ArrayMaxSize(max, told(tooMany))(target, key);
  };
}

/**
 * The same DTO with more fields required, for a create whose form must fill what its update may
 * leave out (a member's e-mail, phone and national ID).
 */
export function RequiredOn<T extends object>(base: Type<T>, keys: (keyof T & string)[]): Type<T> {
  class WithRequired extends (base as Type<object>) {}
  requiredFields.set(WithRequired.prototype, new Map(keys.map((key) => [key, undefined])));
  for (const key of keys) ApiProperty({ required: true })(WithRequired.prototype, key);
  // A class's own rules on a field hide its parent's rules of that kind (class-validator), so a
  // check declared here would drop the field's limits: it goes on the base, where it passes for the
  // base's own instances, which do not require the field.
  for (const key of keys) if (!requiredField(Object.create(base.prototype), key)) requiredCheck(base.prototype, key);
  Object.defineProperty(WithRequired, 'name', { value: `${base.name}Create` });
  return WithRequired as Type<T>;
}
