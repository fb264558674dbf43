import { isDay, nextDay, platformDayStart, toAsciiDigits } from '@platform/contract';
import { eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { normalizePhone } from '../accounts/reference';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import { likePattern } from '../common/like-pattern';
import type { FilterDef, FilterType, ResourceDef } from './resource';

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  q?: string;
  /**
   * The other forms the search may take when it is a phone number (05…, 9665…, +9665…, 009665…):
   * its E.164 form as phones are stored, or a number's part without its trunk zero. Searched
   * alongside q, in the same columns.
   */
  qAlso: string[];
  ids?: string[];
  /** The declared filters' conditions, one per filter sent. */
  filters: SQL[];
  /** `filter={"archived":true}` on a resource that archives: its archived rows instead of its live ones. */
  archived: boolean;
}

const MAX_PAGE = 1000;

/** The days a list filter may name: the platform's clock is exact in this span, and PostgreSQL and Date agree on it. */
export const FILTER_DAYS = { first: '1900-01-01', last: '2999-12-31' } as const;

/**
 * The one check of a day a list filter or an export names (`filter.created_at_gte`): a real day
 * YYYY-MM-DD (digits in any script) from FILTER_DAYS.first to .last, else a 400 naming the parameter.
 * Days before 1900 went to the database as years it refuses (a 500).
 */
export function filterDay(param: string, value: unknown): string {
  const day = typeof value === 'string' ? toAsciiDigits(value.trim()) : value;
  if (!isDay(day) || day < FILTER_DAYS.first || day > FILTER_DAYS.last)
    throw new AppError(400, 'request.bad_day', { param, ...FILTER_DAYS }, param);
  return day;
}

/** The condition of a day range's bound on a time column: from the start of the day, or to its end. */
export function dayBound(column: PgColumn, bound: 'gte' | 'lte', day: string): SQL {
  return bound === 'gte' ? gte(column, platformDayStart(day)) : lt(column, platformDayStart(nextDay(day)));
}

function parseJson(param: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new AppError(400, 'request.bad_query', { param });
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError(400, 'request.bad_query', { param });
  }
}

function coerce(field: string, type: FilterType | 'date', value: unknown): string | number | boolean {
  const bad = () => new AppError(400, 'request.bad_query', { param: `filter.${field}` });
  switch (type) {
    case 'int': {
      const typed = typeof value === 'string' ? toAsciiDigits(value.trim()) : value;
      const n = typeof typed === 'string' && /^-?\d+$/.test(typed) ? Number(typed) : typed;
      if (typeof n !== 'number' || !Number.isInteger(n)) throw bad();
      return n;
    }
    case 'bool':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw bad();
    case 'uuid':
      if (!isUuid(value)) throw bad();
      return value;
    case 'text':
      if (typeof value !== 'string' || value.length > 200) throw bad();
      return value;
    case 'date':
      return filterDay(`filter.${field}`, value);
  }
}

/**
 * The filter a query parameter names: `field` itself, or for a date filter `field_gte` (from that
 * day) and `field_lte` (to that day, inclusive), days on the platform's clock.
 */
function declaredFilter(def: ResourceDef, field: string): { def: FilterDef; bound?: 'gte' | 'lte' } | undefined {
  const own = (name: string) => (def.filters && Object.hasOwn(def.filters, name) ? def.filters[name] : undefined);
  const exact = own(field);
  if (exact && exact.type !== 'date') return { def: exact };
  const range = /^(.+)_(gte|lte)$/.exec(field);
  const ranged = range ? own(range[1]) : undefined;
  if (range && ranged?.type === 'date') return { def: ranged, bound: range[2] as 'gte' | 'lte' };
  return undefined;
}

function condition(field: string, declared: { def: FilterDef; bound?: 'gte' | 'lte' }, value: unknown): SQL {
  const f = declared.def;
  if (f.type === 'choice') {
    if (typeof value !== 'string' || !f.choices.includes(value))
      throw new AppError(400, 'request.bad_query', { param: `filter.${field}` });
    return f.where(value);
  }
  if (f.type === 'date') {
    return dayBound(f.column, declared.bound!, filterDay(`filter.${field}`, value));
  }
  const checked = coerce(field, f.type, value);
  return 'where' in f ? f.where(checked) : eq(f.column, checked);
}

/**
 * The forms a search that is (a part of) a phone number also takes, digits already ASCII: a whole
 * number in any of the ways people write it (05…, 5…, 9665…, +9665…, 009665…, spaces, dashes) as
 * its E.164 form; a part of one typed with its trunk zero (`05066`) without it, as stored numbers
 * have none. Not a phone: nothing.
 */
export function phoneForms(q: string): string[] {
  if (!/^\+?[\d\s().-]+$/.test(q)) return [];
  const forms = new Set<string>();
  const phone = normalizePhone(q);
  if (phone) forms.add(phone);
  const digits = q.replace(/\D/g, '');
  if (/^0[1-9]/.test(digits)) forms.add(digits.slice(1));
  if (digits && digits !== q) forms.add(digits);
  forms.delete(q);
  return [...forms];
}

/** The search's condition: any of its forms (q and qAlso) contained in any of the columns searched. */
export function searchCondition(columns: ResourceDef['search'], parsed: ListQuery): SQL | undefined {
  if (!parsed.q) return undefined;
  const terms = [parsed.q, ...parsed.qAlso];
  return or(...terms.flatMap((q) => columns.map((column) => ilike(column, likePattern(q)))));
}

/** Reads ra-data-simple-rest's `sort`, `range` and `filter` parameters, allowing only what the resource declares. */
export function parseListQuery(def: ResourceDef, query: Record<string, unknown>): ListQuery {
  const sortRaw = parseJson('sort', query.sort) ?? def.defaultSort;
  // `id` (react-admin's default sort) is always allowed.
  // Own properties only: `__proto__`, `constructor` or `toString` are not sortable columns.
  if (
    !Array.isArray(sortRaw) ||
    typeof sortRaw[0] !== 'string' ||
    !(Object.hasOwn(def.sort, sortRaw[0]) || sortRaw[0] === 'id')
  ) {
    throw new AppError(400, 'request.bad_query', { param: 'sort' });
  }
  const order = String(sortRaw[1] ?? 'ASC').toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw new AppError(400, 'request.bad_query', { param: 'sort' });

  const rangeRaw = parseJson('range', query.range) ?? [0, 9];
  if (
    !Array.isArray(rangeRaw) ||
    !Number.isInteger(rangeRaw[0]) ||
    !Number.isInteger(rangeRaw[1]) ||
    rangeRaw[0] < 0 ||
    rangeRaw[1] < rangeRaw[0] ||
    rangeRaw[1] - rangeRaw[0] >= MAX_PAGE
  ) {
    throw new AppError(400, 'request.bad_query', { param: 'range' });
  }

  const filterRaw = parseJson('filter', query.filter) ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw new AppError(400, 'request.bad_query', { param: 'filter' });
  }
  const result: ListQuery = {
    sort: { field: sortRaw[0], order },
    range: { start: rangeRaw[0], end: rangeRaw[1] },
    filters: [],
    archived: false,
    qAlso: [],
  };
  for (const [field, value] of Object.entries(filterRaw as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (field === 'q') {
      if (typeof value !== 'string' || value.length > 200)
        throw new AppError(400, 'request.bad_query', { param: 'filter.q' });
      const q = toAsciiDigits(value).trim();
      if (q) {
        result.q = q;
        result.qAlso = phoneForms(q);
      }
    } else if (field === 'id') {
      const ids = Array.isArray(value) ? value : [value];
      if (ids.length > MAX_PAGE || !ids.every(isUuid))
        throw new AppError(400, 'request.bad_query', { param: 'filter.id' });
      result.ids = ids;
    } else if (field === 'archived' && def.archive) {
      result.archived = coerce(field, 'bool', value) as boolean;
    } else {
      const declared = declaredFilter(def, field);
      if (!declared) throw new AppError(400, 'request.bad_query', { param: `filter.${field}` });
      result.filters.push(condition(field, declared, value));
    }
  }
  return result;
}
