import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Database } from '../db/database';
import { DATABASE } from '../db/db.module';
import { Public } from '../auth/roles';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get()
  @Public()
  async check(@Res({ passthrough: true }) res: Response) {
    try {
      await this.database.query('SELECT 1');
      return { status: 'ok', database: this.database.kind };
    } catch {
      res.status(503);
      return { status: 'unavailable', database: this.database.kind };
    }
  }
}
