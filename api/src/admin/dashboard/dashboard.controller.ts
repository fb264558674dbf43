import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { DashboardService } from './dashboard.service';
import { Answers, shape } from '../../common/answers';

/** The back-office home: what staff check first, as counts and short series for charts. */
@ApiTags('admin: dashboard')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Answers(shape('DashboardFigures'))
  @Get()
  @Roles('admin', 'sub_admin')
  @ApiOperation({
    summary:
      'Members by type, weekly sign-ups, active subscriptions; for admins also revenue, pending judges, unread messages',
  })
  get(@CurrentAuth() auth: Auth) {
    return this.dashboard.figures(auth);
  }
}
