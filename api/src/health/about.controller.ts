import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles, STAFF } from '../auth/roles';
import { HealthService } from './health.service';
import { Answers, shape } from '../common/answers';

/** The running release, for staff (the back-office and an operator's check after an upgrade). */
@ApiTags('health')
@Controller('about')
export class AboutController {
  constructor(private readonly health: HealthService) {}

  @Answers(shape('AboutAnswer'))
  @Get()
  @Roles(...STAFF)
  @ApiOperation({ summary: 'The running release, migrations, database, store, jobs and outbox (staff)' })
  about() {
    return this.health.about();
  }
}
