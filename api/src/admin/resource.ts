import { isAuditSection } from '@platform/contract';
import type { SQL } from 'drizzle-orm';
import type { Type } from '@nestjs/common';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '../auth/roles';
import type { Lang, MessageKey } from '../common/i18n';
import type { Db } from '../core/database';
import type { User } from '../db/schema';
import type { CsvColumn } from './csv';

export type FilterType = 'int' | 'bool' | 'text' | 'uuid';

/**
 * A filter a list accepts: equality on a column (or an expression), or a condition built from the
 * checked value (a member's teams); a `date` range sent as `{name}_gte` / `{name}_lte` (days on the
 * platform's clock); or a `choice` of named states, each with its own condition (a subscription
 * that is active, expired or none).
 */
export type FilterDef =
  | { column: PgColumn; type: FilterType }
  | { type: FilterType; where: (value: string | number | boolean) => SQL }
  | { column: PgColumn; type: 'date' }
  | { type: 'choice'; choices: readonly string[]; where: (value: string) => SQL };

/** What a write hook gets: the staff member acting, the transaction every write runs in, their language. */
export interface WriteContext {
  actor: User;
  tx: Db;
  lang: Lang;
  /** The write's validated input (its DTO; empty for a delete). */
  body: Body;
}

export type Body = Record<string, unknown>;

/**
 * One back-office resource, declared once: every route under /api/admin/{name} (list, one, create,
 * update, delete, CSV export) is generated from this, following ra-data-simple-rest. A route exists
 * only when its hook (and its roles) are declared. Every write runs in one transaction with its
 * audit-log entry.
 */
export interface ResourceDef<Row = any, Input extends object = any> {
  /** The path segment under /api/admin/ and the Content-Range unit. */
  name: string;
  table: PgTable;
  id: PgColumn;
  /** Left joins; with them, rows are `{ [table name]: row }` objects as Drizzle returns joined selects. */
  joins?: [table: PgTable, on: SQL][];
  roles: { read: Role[]; create?: Role[]; update?: Role[]; delete?: Role[]; export?: Role[] };
  /** Columns searched by `filter={"q": ...}` (case-insensitive substring; trigram-indexed where large). */
  search: (PgColumn | SQL)[];
  /** API field name -> column or expression; only these may be sorted on. */
  sort: Record<string, PgColumn | SQL>;
  defaultSort: [field: string, order: 'ASC' | 'DESC'];
  /** API field name -> filter; only these may be filtered on (besides q, id and archived). */
  filters?: Record<string, FilterDef>;
  /** Rows outside this condition do not exist for this resource (e.g. users are members only). */
  scope?: SQL;
  /**
   * The archived-at column of a resource whose delete can archive: archived rows are left out of
   * the list unless `filter={"archived":true}` asks for them alone; they can be read, and restored
   * with a PUT of `archived: false`.
   */
  archive?: PgColumn;
  /** The record react-admin receives: `id` plus the contract's field names, never secrets. */
  toRecord(row: Row): Record<string, unknown>;
  /**
   * The contract's names of what the routes answer (the OpenAPI description): `record` for the list,
   * a write and a delete, `detail` for one record (with `detail()`'s additions; `record` unless given).
   */
  shapes?: { record: string; detail?: string };
  /** More for a page of records at once (e.g. the names of the records audit entries are about). */
  decorate?(records: Record<string, unknown>[], db: Db): Promise<Record<string, unknown>[]>;
  /** More for the one-record view (e.g. a message's replies); may also mark the record as seen. */
  detail?(row: Row, db: Db): Promise<Record<string, unknown>>;

  /**
   * The class-validator DTOs of the writes, checked as the member routes' bodies are (see
   * common/validation.ts): `create` in full, `update` (the same class unless given) only for the
   * fields sent. `missing` is the message for a required field left empty (by default 'Please fill
   * in the form carefully!' on create and its edit variant on update).
   */
  input?: {
    create?: Type<Input>;
    update?: Type<Input>;
    missing?: { create?: MessageKey; update?: MessageKey };
  };
  /** Insert values from a create's validated input; throws AppError with the message to show. */
  create?(input: Input, ctx: WriteContext): Promise<Record<string, unknown>>;
  /**
   * Column changes from an update's validated input (only the fields sent change: a toggle is a PUT
   * of one field). Also where per-record rules live (an admin cannot disable themselves).
   */
  update?(input: Input, before: Row, ctx: WriteContext): Promise<Record<string, unknown>>;
  /** Fields whose PUT alone is recorded as a toggle in the audit log. */
  toggles?: string[];
  /** Checks before a delete, or does it differently (archive); the default deletes the row. */
  remove?(row: Row, ctx: WriteContext): Promise<'deleted' | 'kept'>;
  /** Unique index name (or a part of it) -> the message a clash gets ('This e-mail is already used'). */
  unique?: Record<string, MessageKey>;
  /** Runs in the write's transaction after it (end sessions, sync a member's flags). */
  afterWrite?(action: 'create' | 'update' | 'delete', row: Row, ctx: WriteContext, before?: Row): Promise<void>;

  /**
   * The filtered list, in its sort, as a CSV file (COPY): a header (in both languages, or fixed)
   * and an SQL value (or one per language) per column.
   */
  export?: {
    filename: string;
    columns: CsvColumn[];
    /** The order of the rows one record gives when a join makes several (a team roster's students). */
    within?: (PgColumn | SQL)[];
  };
}

export function defineResource<Row, Input extends object = any>(def: ResourceDef<Row, Input>): ResourceDef<Row, Input> {
  // Its writes are audited under its name: the back-office's audit filter lists AUDIT_SECTIONS.
  const writes = def.roles.create || def.roles.update || def.roles.delete;
  if (writes && !isAuditSection(def.name)) throw new Error(`resource ${def.name} writes but is not in AUDIT_SECTIONS`);
  return def;
}

/** Drops undefined entries, so an update sets only what the form sent. */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
