import type { AuditAction, AuditSection } from '@platform/contract';
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import Papa from 'papaparse';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Lang } from '../common/i18n';
import type { Database, Db } from '../core/database';
import { DATABASE, DB } from '../core/core.module';
import type { User } from '../db/schema';
import { csvCell, csvHeader } from './csv';
import { uniqueViolation } from '../common/unique-violation';
import { validateBody } from '../common/validation';
import { AuditService } from '../audit/audit.service';
import { parseListQuery, searchCondition, type ListQuery } from './list-query';
import type { Body, ResourceDef, WriteContext } from './resource';

/** Fields that differ between two records, as { before, after } holding only those fields. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** Up to this many matches, a search's page is sorted from the matches, not walked from the index. */
const FENCE_UP_TO = 20_000;

@Injectable()
export class ResourceService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(DATABASE) private readonly database: Database,
    private readonly audits: AuditService,
  ) {}

  // Joins change the row type with every call; the builder is typed loosely here and rows by each resource.
  private base(def: ResourceDef, db: Db = this.db): any {
    let query: any = db.select().from(def.table).$dynamic();
    for (const [table, on] of def.joins ?? []) query = query.leftJoin(table, on);
    return query;
  }

  private where(def: ResourceDef, parsed: ListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = [def.scope, ...parsed.filters];
    if (def.archive) conditions.push(parsed.archived ? isNotNull(def.archive) : isNull(def.archive));
    conditions.push(searchCondition(def.search, parsed));
    if (parsed.ids) conditions.push(inArray(def.id, parsed.ids));
    return and(...conditions);
  }

  /**
   * The list's sort, then the id. The export breaks ties in the sort's direction, so one index (e.g.
   * (created_at, id)) reads a million rows in order with no sort; a page keeps react-admin's id
   * ascending. `fenced` hides the sort column from the planner behind coalesce(x, x) (same order),
   * so the rows come from the search's trigram indexes and a top-N sort rather than from an index
   * walk in the sort's order that checks every row until enough match.
   */
  private order(def: ResourceDef, parsed: ListQuery, use: 'page' | 'fenced page' | 'export'): SQL[] {
    const column = parsed.sort.field === 'id' ? def.id : def.sort[parsed.sort.field];
    const direction = parsed.sort.order === 'ASC' ? asc : desc;
    const within = use === 'export' ? (def.export?.within ?? []).map((c) => asc(c)) : [];
    if (column === def.id) return [direction(column), ...within];
    if (use === 'export') return [direction(column), direction(def.id), ...within];
    return [direction(use === 'fenced page' ? sql`coalesce(${column}, ${column})` : column), asc(def.id)];
  }

  async list(def: ResourceDef, query: Record<string, unknown>) {
    const parsed = parseListQuery(def, query);
    const where = this.where(def, parsed);
    const { start, end } = parsed.range;
    let counter: any = this.db.select({ total: count() }).from(def.table).$dynamic();
    for (const [table, on] of def.joins ?? []) counter = counter.leftJoin(table, on);
    const page = (use: 'page' | 'fenced page'): Promise<any[]> =>
      this.base(def)
        .where(where)
        .orderBy(...this.order(def, parsed, use))
        .offset(start)
        .limit(end - start + 1);
    let rows: any[];
    let total: number;
    if (parsed.q) {
      // A search counts first, then reads its page the way that count makes cheap. The planner
      // guesses matches are spread evenly; when they are few or bunched (an e-mail, a phone prefix
      // of one batch of sign-ups), walking the sort's index checked a million rows for ten (1–3 s at
      // a million members), while the trigram indexes and a top-N sort of the matches take
      // milliseconds. Past FENCE_UP_TO matches that sort costs more than the walk finds them in.
      [{ total }] = await counter.where(where);
      rows = total > start ? await page(total <= FENCE_UP_TO ? 'fenced page' : 'page') : [];
    } else {
      [rows, [{ total }]] = await Promise.all([page('page'), counter.where(where)]);
    }
    const records = rows.map((row: any) => def.toRecord(row));
    return {
      records: def.decorate ? await def.decorate(records, this.db) : records,
      start,
      end: start + Math.max(rows.length - 1, 0),
      total,
    };
  }

  private async find(def: ResourceDef, id: string, db: Db = this.db, lock = false) {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    let query = this.base(def, db)
      .where(and(def.scope, eq(def.id, id)))
      .limit(1);
    if (lock) query = query.for('update', { of: def.table });
    const [row] = await query;
    if (!row) throw new AppError(404, 'request.not_found');
    return row;
  }

  async get(def: ResourceDef, id: string) {
    const row = await this.find(def, id);
    const [record] = def.decorate ? await def.decorate([def.toRecord(row)], this.db) : [def.toRecord(row)];
    return { ...record, ...(def.detail ? await def.detail(row, this.db) : {}) };
  }

  private audit(
    ctx: WriteContext,
    def: ResourceDef,
    action: AuditAction,
    recordId: string,
    before: object | null,
    after: object | null,
  ) {
    // defineResource refused a writing resource whose name is not a section.
    const resource = def.name as AuditSection;
    return this.audits.record(ctx.tx, { actor: ctx.actor, action, resource, recordId, before, after });
  }

  /** Every write and its audit entry in one transaction; a unique-index clash becomes its message. */
  private async write<T>(
    def: ResourceDef,
    actor: User,
    lang: Lang,
    body: Body,
    work: (ctx: WriteContext) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.db.transaction((tx) => work({ actor, lang, body, tx: tx as unknown as Db }));
    } catch (err) {
      const index = uniqueViolation(err);
      if (!index) throw err;
      const match = Object.entries(def.unique ?? {}).find(([name]) => index.includes(name));
      throw new AppError(409, match ? match[1] : 'admin.duplicate');
    }
  }

  /** The write's body checked against the resource's DTO (all of it on create, the fields sent on update). */
  private input(def: ResourceDef, body: Body, action: 'create' | 'update'): Promise<Body> {
    const dto = action === 'create' ? def.input?.create : (def.input?.update ?? def.input?.create);
    if (!dto) return Promise.resolve({});
    const missing = def.input?.missing?.[action] ?? (action === 'create' ? 'admin.fill_form' : 'admin.fill_form_edit');
    return validateBody(dto, body, { partial: action === 'update', missing });
  }

  async create(def: ResourceDef, body: Body, actor: User, lang: Lang) {
    const input = await this.input(def, body, 'create');
    return this.write(def, actor, lang, input, async (ctx) => {
      const values = await def.create!(input, ctx);
      const [inserted] = await ctx.tx.insert(def.table).values(values).returning();
      const id = String((inserted as Record<string, unknown>)[this.idKey(def)]);
      const row = await this.find(def, id, ctx.tx);
      await def.afterWrite?.('create', row, ctx);
      const record = def.toRecord(row);
      await this.audit(ctx, def, 'create', id, null, record);
      return record;
    });
  }

  async update(def: ResourceDef, id: string, body: Body, actor: User, lang: Lang) {
    const { archived, ...rest } = body;
    // `archived: false` restores an archived record (with whatever else the PUT changes).
    const restoring = def.archive !== undefined && (archived === false || archived === 'false');
    const input = await this.input(def, def.archive ? rest : body, 'update');
    return this.write(def, actor, lang, input, async (ctx) => {
      const beforeRow = await this.find(def, id, ctx.tx, true);
      const set = await def.update!(input, beforeRow, ctx);
      if (restoring) set[this.columnKey(def, def.archive!)] = null;
      if (Object.keys(set).length) await ctx.tx.update(def.table).set(set).where(eq(def.id, id));
      const row = await this.find(def, id, ctx.tx);
      await def.afterWrite?.('update', row, ctx, beforeRow);
      const before = def.toRecord(beforeRow);
      const after = def.toRecord(row);
      const diff = changes(before, after);
      const sent = Object.keys(body).filter((k) => k !== 'id' && k !== '_id');
      const toggle = sent.length === 1 && def.toggles?.includes(sent[0]);
      const action = restoring && before.archived ? 'restore' : toggle ? 'toggle' : 'update';
      if (Object.keys(diff.after).length) await this.audit(ctx, def, action, id, diff.before, diff.after);
      return after;
    });
  }

  async remove(def: ResourceDef, id: string, actor: User, lang: Lang) {
    return this.write(def, actor, lang, {}, async (ctx) => {
      const row = await this.find(def, id, ctx.tx, true);
      const outcome = def.remove ? await def.remove(row, ctx) : 'deleted';
      if (outcome === 'deleted') await ctx.tx.delete(def.table).where(eq(def.id, id));
      await def.afterWrite?.('delete', row, ctx);
      const record = def.toRecord(row);
      await this.audit(ctx, def, outcome === 'deleted' ? 'delete' : 'archive', id, record, null);
      // `archived` tells the back-office to say so rather than 'deleted'.
      return outcome === 'deleted' ? record : { ...record, archived: true };
    });
  }

  private idKey(def: ResourceDef): string {
    return this.columnKey(def, def.id);
  }

  /** The property name Drizzle gives a column of the resource's table. */
  private columnKey(def: ResourceDef, column: PgColumn): string {
    const entry = Object.entries(getTableColumns(def.table)).find(([, c]) => c === column);
    return entry![0];
  }

  /** The export's SELECT with its values inlined (COPY takes no parameters); public for the benchmark. */
  exportStatement(def: ResourceDef, query: Record<string, unknown>, lang: Lang = 'en'): string {
    const parsed = parseListQuery(def, { filter: query.filter, sort: query.sort });
    const cells = Object.fromEntries(def.export!.columns.map((column, i) => [`c${i}`, csvCell(column, lang)]));
    let select: any = this.db.select(cells).from(def.table).$dynamic();
    for (const [table, on] of def.joins ?? []) select = select.leftJoin(table, on);
    select = select.where(this.where(def, parsed)).orderBy(...this.order(def, parsed, 'export'));
    // The values (a search, filter codes) go in as quoted literals; drizzle doubles the quotes.
    return (this.db as any).dialect.sqlToQuery(select.getSQL().inlineParams()).sql;
  }

  /**
   * The filtered and sorted list as CSV, written by PostgreSQL's COPY with the cells formatted in
   * SQL (`csvCell`), so a million rows cost what COPY costs and never sit in the API's memory.
   * Starts with a UTF-8 BOM so Excel reads Arabic; headers and value words are in the exporting
   * admin's language. Throws (a 400) before any byte for a bad query.
   */
  async exportCsv(def: ResourceDef, query: Record<string, unknown>, lang: Lang = 'en'): Promise<Readable> {
    const spec = def.export!;
    const statement = this.exportStatement(def, query, lang);
    const rows = await this.database.copyCsv(statement);
    const headers = spec.columns.map((column) => csvHeader(column, lang));
    const header = '\uFEFF' + Papa.unparse([headers], { newline: '\n' }) + '\n';
    return Readable.from(
      (async function* () {
        try {
          yield Buffer.from(header);
          yield* rows;
        } finally {
          rows.destroy(); // a reader that stopped early: the copy's connection goes back (or is dropped)
        }
      })(),
      // The copy's chunks are 256 kB (core/batched.ts): hold two, not Readable.from's sixteen.
      { highWaterMark: 2 },
    );
  }
}
