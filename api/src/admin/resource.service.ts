import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { isUuid } from '../common/ids';
import { parseListQuery } from './list-query';
import type { ResourceDef } from './resource';

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class ResourceService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async list(def: ResourceDef, query: Record<string, unknown>) {
    const parsed = parseListQuery(def, query);
    const conditions: (SQL | undefined)[] = [def.scope];
    if (parsed.q) conditions.push(or(...def.search.map((column) => ilike(column, likePattern(parsed.q!)))));
    if (parsed.ids) conditions.push(inArray(def.id, parsed.ids));
    for (const f of parsed.filters) conditions.push(eq(def.filters![f.field].column, f.value));
    const where = and(...conditions);
    const column = def.sort[parsed.sort.field];
    const order = parsed.sort.order === 'ASC' ? asc(column) : desc(column);
    const { start, end } = parsed.range;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(def.table)
        .where(where)
        .orderBy(order, asc(def.id))
        .offset(start)
        .limit(end - start + 1),
      this.db.select({ total: count() }).from(def.table).where(where),
    ]);
    return { records: rows.map((row) => def.toRecord(row)), start, end: start + Math.max(rows.length - 1, 0), total };
  }

  async get(def: ResourceDef, id: string) {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    const [row] = await this.db
      .select()
      .from(def.table)
      .where(and(def.scope, eq(def.id, id)))
      .limit(1);
    if (!row) throw new AppError(404, 'request.not_found');
    return def.toRecord(row);
  }
}
