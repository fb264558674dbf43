import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles, STAFF } from '../auth/roles';
import { HealthService } from './health.service';

/** The running release, for staff (the back-office and an operator's check after an upgrade). */
@ApiTags('health')
@Controller('about')
export class AboutController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Roles(...STAFF)
  about() {
    return this.health.about();
  }
}
