import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/roles';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: the process runs and answers (restart it when this fails). */
  @Get('live')
  @Public()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: the database and the store answer and the process is not draining (503 otherwise). */
  @Get('ready')
  @Public()
  async ready(@Res({ passthrough: true }) res: FastifyReply) {
    const { up, answer } = await this.health.ready();
    if (!up) res.code(503);
    return answer;
  }

  @Get()
  @Public()
  async check(@Res({ passthrough: true }) res: FastifyReply) {
    const { up, answer } = await this.health.check();
    if (!up) res.code(503);
    return answer;
  }
}
