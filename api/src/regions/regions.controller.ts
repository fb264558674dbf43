import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { regions } from '../db/schema';
import { Public } from '../auth/roles';

@ApiTags('reference')
@Controller('regions')
export class RegionsController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get()
  @Public()
  async list() {
    const rows = await this.db.select().from(regions).orderBy(asc(regions.code));
    return {
      success: true,
      regions: rows.map((r) => ({ _id: r.id, code: r.code, en_name: r.enName, ar_name: r.arName })),
    };
  }
}
