import { Body, Delete, Controller, Get, HttpCode, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { Roles, type Role } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { AppError } from '../common/app-error';
import { list, shape } from '../common/answers';
import { Lang } from '../common/i18n';
import { sendCsv } from './csv-download';
import type { Body as WriteBody, ResourceDef } from './resource';
import { ResourceService } from './resource.service';

const body = (raw: unknown): WriteBody => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new AppError(400, 'request.bad');
  return raw as WriteBody;
};

/**
 * ra-data-simple-rest's list parameters in the OpenAPI description, from what the resource declares
 * it sorts and filters on: `sort`, `range` (not for an export) and `filter`.
 */
export function ListQuery(def: ResourceDef, { range = true } = {}): MethodDecorator[] {
  const filters = ['q', 'id', ...(def.archive ? ['archived'] : []), ...Object.keys(def.filters ?? {})];
  return [
    ApiQuery({
      name: 'sort',
      required: false,
      description: `JSON [field, order], e.g. ["${def.defaultSort[0]}","${def.defaultSort[1]}"]; field one of: ${Object.keys(def.sort).join(', ')}`,
      schema: { type: 'string' },
    }),
    ...(range
      ? [
          ApiQuery({
            name: 'range',
            required: false,
            description: 'JSON [first, last], from 0, e.g. [0,24]',
            schema: { type: 'string' },
          }),
        ]
      : []),
    ApiQuery({
      name: 'filter',
      required: false,
      description: `JSON object; keys: ${filters.join(', ')}`,
      schema: { type: 'string' },
    }),
  ];
}

/**
 * Builds the ra-data-simple-rest controller of one declared resource. A route is declared only when
 * the resource has its hook and roles, so an absent action is a plain 404. Thin: parsing, queries
 * and the audit log live in ResourceService.
 */
export function resourceController(def: ResourceDef): Type<unknown> {
  @ApiTags(`admin: ${def.name}`)
  @Controller(`admin/${def.name}`)
  class ResourceController {
    constructor(readonly service: ResourceService) {}

    async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
      const page = await this.service.list(def, query);
      const range = page.records.length ? `${page.start}-${page.end}` : `*`;
      res.header('Content-Range', `${def.name} ${range}/${page.total}`);
      res.header('Access-Control-Expose-Headers', 'Content-Range');
      return page.records;
    }

    async export(@Query() query: Record<string, unknown>, @Res() res: FastifyReply, @Lang() lang: Lang) {
      // Built and started before answering, so a bad filter is still a 400 and a database down a 503.
      const csv = await this.service.exportCsv(def, query, lang);
      return sendCsv(res, def.export!.filename, csv);
    }

    get(@Param('id') id: string) {
      return this.service.get(def, id);
    }

    create(@Body() raw: unknown, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
      return this.service.create(def, body(raw), auth.user, lang);
    }

    update(@Param('id') id: string, @Body() raw: unknown, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
      return this.service.update(def, id, body(raw), auth.user, lang);
    }

    remove(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
      return this.service.remove(def, id, auth.user, lang);
    }
  }

  const route = (
    method: keyof ResourceController,
    roles: Role[] | undefined,
    enabled: boolean,
    ...decorators: MethodDecorator[]
  ) => {
    if (!enabled || !roles?.length) return;
    const proto = ResourceController.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(proto, method)!;
    Reflect.decorate([...decorators, Roles(...roles)], proto, method, descriptor);
  };
  const listDoc = ListQuery(def);
  // The contract's record type when the resource names it (api/test/openapi.spec.ts lists the ones that do not yet).
  const one = shape(def.shapes?.record ?? 'Record');
  const detail = shape(def.shapes?.detail ?? def.shapes?.record ?? 'Record');
  const records = list(one);
  const contentRange = {
    'Content-Range': {
      description: `${def.name} first-last/total (\`${def.name} */0\` when empty)`,
      schema: { type: 'string' },
    },
  };
  // Declaration order is route order: `export` must come before `:id`.
  route(
    'list',
    def.roles.read,
    true,
    Get(),
    ApiOperation({ summary: `List ${def.name} (sort, range, filter); Content-Range holds the total` }),
    ...listDoc,
    ApiOkResponse({ description: 'One page of records', schema: records, headers: contentRange }),
  );
  route(
    'export',
    def.roles.export ?? def.roles.read,
    !!def.export,
    Get('export'),
    ApiOperation({ summary: `CSV of ${def.name} with the list's filter (UTF-8 with BOM)` }),
    ...ListQuery(def, { range: false }),
  );
  const record = ApiOkResponse({ schema: one });
  route(
    'get',
    def.roles.read,
    true,
    Get(':id'),
    ApiOperation({ summary: `One of ${def.name}` }),
    ApiOkResponse({ schema: detail }),
  );
  route(
    'create',
    def.roles.create,
    !!def.create,
    Post(),
    HttpCode(201),
    ApiOperation({ summary: `Create one of ${def.name}` }),
    ApiCreatedResponse({ schema: one }),
    ...(def.input?.create ? [ApiBody({ type: def.input.create })] : []),
  );
  route(
    'update',
    def.roles.update,
    !!def.update,
    Put(':id'),
    ApiOperation({ summary: `Update one of ${def.name} (only the fields sent; a toggle is one field)` }),
    ...((def.input?.update ?? def.input?.create)
      ? [ApiBody({ type: (def.input.update ?? def.input.create)!, description: 'Only the fields to change' })]
      : []),
    record,
  );
  route(
    'remove',
    def.roles.delete,
    true,
    Delete(':id'),
    ApiOperation({ summary: `Delete one of ${def.name}` }),
    record,
  );
  Object.defineProperty(ResourceController, 'name', { value: `Admin_${def.name}_Controller` });
  return ResourceController;
}
