import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/roles';
import { HealthService } from './health.service';
import { Answers, object, text } from '../common/answers';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: the process runs and answers (restart it when this fails). */
  @Answers(object({ status: text }))
  @Get('live')
  @Public()
  @ApiOperation({ summary: 'Liveness: the process runs and answers' })
  live() {
    return { status: 'ok' };
  }

  /** Readiness: the database and the store answer and the process is not draining (503 otherwise). */
  @Answers(
    object({
      status: text,
      database: { type: 'string', enum: ['up', 'down'] },
      store: { type: 'string', enum: ['up', 'down'] },
      version: text,
    }),
  )
  @Get('ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness: the database and the store answer and the process is not draining (503 otherwise)',
  })
  async ready(@Res({ passthrough: true }) res: FastifyReply) {
    const { up, answer } = await this.health.ready();
    if (!up) res.code(503);
    return answer;
  }

  @Answers(
    object({ status: text, database: { type: 'string', enum: ['postgres', 'pglite'] }, version: text, commit: text }),
  )
  @Get()
  @Public()
  @ApiOperation({ summary: 'Health of the database, the store and the jobs (503 when one is down)' })
  async check(@Res({ passthrough: true }) res: FastifyReply) {
    const { up, answer } = await this.health.check();
    if (!up) res.code(503);
    return answer;
  }
}
