import { applyDecorators, Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../auth/roles';
import { Lang } from '../../common/i18n';
import { sendCsv } from '../csv-download';
import { ResourceService } from '../resource.service';
import { ListQuery } from '../resource.routes';
import { teamRoster } from './team-roster';

/** The teams' roster for spreadsheets, beside the teams resource (declared before it, so `roster` is no team id). */
@ApiTags('admin: teams')
@Controller('admin/teams')
export class TeamRosterController {
  constructor(private readonly resources: ResourceService) {}

  @Get('roster')
  @Roles('admin')
  @ApiOperation({
    summary:
      'Roster CSV (UTF-8 with BOM): one row per student of the teams in the filter (as the teams list: competition, season, entity, registration_status, payment_status, q), with the team, its coaches, and each student’s national ID, age on the reference date, grade, school and guardian; in the admin’s language',
  })
  @applyDecorators(...ListQuery(teamRoster, { range: false }))
  async roster(@Query() query: Record<string, unknown>, @Res() res: FastifyReply, @Lang() lang: Lang) {
    // Built and started before answering, so a bad filter is still a 400.
    const csv = await this.resources.exportCsv(teamRoster, query, lang);
    return sendCsv(res, teamRoster.export!.filename, csv);
  }
}
