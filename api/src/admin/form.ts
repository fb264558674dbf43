import { isNoneFiller, toAsciiDigits } from '@platform/contract';
import { AppError } from '../common/app-error';
import type { MessageKey } from '../common/messages';
import type { Body } from './resource';

/**
 * Reads a back-office form body field by field: a field that is absent stays undefined (an update
 * changes only what was sent), a field of the wrong type is a 400 naming it, and `need` turns
 * missing required fields into the form's one message ('Please fill in the form carefully!').
 */
export class FormReader {
  constructor(
    private readonly body: Body,
    private readonly missing: MessageKey = 'admin.fill_form',
  ) {}

  private invalid(field: string): never {
    throw new AppError(400, 'request.invalid_field', { field });
  }

  has(field: string): boolean {
    return this.body[field] !== undefined;
  }

  /** A trimmed string ('' when sent empty), or undefined when absent. */
  text(field: string, max = 200): string | undefined {
    const v = this.body[field];
    if (v === undefined) return undefined;
    if (v === null) return '';
    if (typeof v !== 'string' && typeof v !== 'number') this.invalid(field);
    const s = String(v).trim();
    if (s.length > max) this.invalid(field);
    return s;
  }

  /** An optional text: '', null or the old contract's filler `None` clear it (null), absent leaves it. */
  optional(field: string, max = 200): string | null | undefined {
    const v = this.text(field, max);
    return v === '' || isNoneFiller(v) ? null : v;
  }

  /** Text people type digits into (IDs, phones): Arabic-Indic digits written as ASCII. */
  digits(field: string, max = 30): string | undefined {
    const v = this.text(field, max);
    return v === undefined ? v : toAsciiDigits(v);
  }

  /** A link: an http(s) address or a path on this site ('' when sent empty). */
  link(field: string, max = 500): string | undefined {
    const v = this.text(field, max);
    if (v && !/^(https?:\/\/[^\s]+|\/[^\s/][^\s]*|\/)$/i.test(v)) this.invalid(field);
    return v;
  }

  /** Rich or long text, not trimmed of inner whitespace. */
  long(field: string, max = 200_000): string | undefined {
    return this.text(field, max);
  }

  bool(field: string): boolean | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return undefined;
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    this.invalid(field);
  }

  int(field: string, min: number, max: number): number | undefined {
    const v = this.body[field];
    if (v === undefined || v === null || v === '') return undefined;
    const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) this.invalid(field);
    return n;
  }

  /** A non-negative amount with at most two decimals, as the numeric column wants it ('350.00'). */
  money(field: string): string | undefined {
    const v = this.body[field];
    if (v === undefined || v === null || v === '') return undefined;
    const s = String(v).trim();
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(s)) this.invalid(field);
    return Number(s).toFixed(2);
  }

  /** A calendar date YYYY-MM-DD (a full ISO timestamp is cut to its date), null when sent empty. */
  date(field: string): string | null | undefined {
    const v = this.body[field];
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v.slice(0, 10))))
      this.invalid(field);
    return v.slice(0, 10);
  }

  /** A moment in time, null when sent empty. */
  timestamp(field: string): Date | null | undefined {
    const v = this.body[field];
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const d = typeof v === 'string' ? new Date(v) : null;
    if (!d || Number.isNaN(d.getTime())) this.invalid(field);
    return d;
  }

  /** One of the allowed values; absent, null or '' leave the field as it is. */
  oneOf<T extends string | number>(field: string, allowed: readonly T[]): T | undefined {
    const v = this.body[field];
    if (v === undefined || v === null || v === '') return undefined;
    const match = allowed.find((a) => String(a) === String(v));
    if (match === undefined) this.invalid(field);
    return match;
  }

  /** Throws the form's message when any of these values is missing or empty. */
  need(...values: unknown[]): void {
    if (values.some((v) => v === undefined || v === null || v === '')) throw new AppError(400, this.missing);
  }
}

/** Drops undefined entries, so an update sets only what the form sent. */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The unique index a PostgreSQL error (or its cause, as Drizzle wraps it) names, if it is a unique violation. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint?: string; detail?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? e.detail ?? 'unique';
  }
  return null;
}
