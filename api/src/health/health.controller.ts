import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/roles';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Public()
  async check(@Res({ passthrough: true }) res: FastifyReply) {
    const { up, answer } = await this.health.check();
    if (!up) res.code(503);
    return answer;
  }
}
