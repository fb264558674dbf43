import { Controller, Get, Param, Query, Res, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Roles } from '../auth/roles';
import type { ResourceDef } from './resource';
import { ResourceService } from './resource.service';

/** Builds the ra-data-simple-rest controller of one declared resource. Thin: parsing and queries live in ResourceService. */
export function resourceController(def: ResourceDef): Type<unknown> {
  @ApiTags(`admin: ${def.name}`)
  @Controller(`admin/${def.name}`)
  class ResourceController {
    constructor(readonly service: ResourceService) {}

    @Get()
    @Roles(...def.roles.read)
    @ApiOperation({
      summary: `List ${def.name} (sort, range, filter as ra-data-simple-rest); Content-Range holds the total`,
    })
    async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
      const page = await this.service.list(def, query);
      const range = page.records.length ? `${page.start}-${page.end}` : `*`;
      res.setHeader('Content-Range', `${def.name} ${range}/${page.total}`);
      res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
      return page.records;
    }

    @Get(':id')
    @Roles(...def.roles.read)
    @ApiOperation({ summary: `One of ${def.name}` })
    get(@Param('id') id: string) {
      return this.service.get(def, id);
    }
  }
  Object.defineProperty(ResourceController, 'name', { value: `Admin_${def.name}_Controller` });
  return ResourceController;
}
