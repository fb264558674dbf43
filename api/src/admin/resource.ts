import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '../auth/roles';

export type FilterType = 'int' | 'bool' | 'text' | 'uuid';

/**
 * One back-office resource, declared once: every route under /api/admin/{name} (list, get, and the
 * write routes as they are added) is generated from this, following ra-data-simple-rest.
 */
export interface ResourceDef<Row = any> {
  /** The path segment under /api/admin/ and the Content-Range unit. */
  name: string;
  table: PgTable;
  id: PgColumn;
  roles: { read: Role[]; write: Role[] };
  /** Columns searched by `filter={"q": ...}` (case-insensitive substring; trigram-indexed where large). */
  search: PgColumn[];
  /** API field name -> column; only these may be sorted on. */
  sort: Record<string, PgColumn>;
  defaultSort: [field: string, order: 'ASC' | 'DESC'];
  /** API field name -> column and type; only these may be filtered on (besides q and id). */
  filters?: Record<string, { column: PgColumn; type: FilterType }>;
  /** Rows outside this condition do not exist for this resource (e.g. users are members only). */
  scope?: SQL;
  /** The record react-admin receives: `id` plus the contract's field names, never secrets. */
  toRecord(row: Row): Record<string, unknown>;
}

export function defineResource<Row>(def: ResourceDef<Row>): ResourceDef<Row> {
  return def;
}
