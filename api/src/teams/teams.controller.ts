import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { EVERYONE, FullAccess, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { AppError } from '../common/app-error';
import { TeamsService } from './teams.service';
import { Answers, int, list, ok, shape } from '../common/answers';

const pageOf = (raw: string | undefined) => {
  const n = Number.parseInt(raw ?? '0', 10);
  if (!Number.isFinite(n) || n < 0 || n > 100_000) throw new AppError(400, 'request.bad_query', { param: 'page' });
  return n;
};

@ApiTags('teams')
@Controller()
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  /** The old results path `{event link}/api/{event type}/get-teams`; this platform serves it for its own teams. */
  @Answers(ok({ teams: list(shape('TeamView')), currentPage: int, totalPages: int }))
  @Get(':type/get-teams')
  @Roles(...EVERYONE)
  // A school sees the teams it confirmed without a plan.
  @FullAccess({ except: ['entity'] })
  @ApiOperation({ summary: "The signed-in member's teams (page from 0, or top=2 for the home page)" })
  list(
    @CurrentAuth() auth: Auth,
    @Param('type') type: string,
    @Query('page') page?: string,
    @Query('top') top?: string,
  ) {
    if (!/^[a-z0-9-]{1,30}$/i.test(type)) throw new AppError(404, 'request.not_found');
    let n: number | undefined;
    if (top !== undefined) {
      n = Number.parseInt(top, 10);
      if (!Number.isFinite(n) || n < 1 || n > 10) throw new AppError(400, 'request.bad_query', { param: 'top' });
    }
    return this.teams.ofEventType(auth.user, type, n === undefined ? pageOf(page) : 0, n);
  }

  @Answers(ok({ achievements: list(shape('AchievementView')), currentPage: int, totalPages: int }))
  @Get('achievements')
  @Roles(...EVERYONE)
  @FullAccess()
  @ApiOperation({ summary: "The member's ranked results by season with medals (rank 1 Gold, 2 Silver, else Bronze)" })
  achievements(@CurrentAuth() auth: Auth, @Query('page') page?: string, @Query('limit') limit?: string) {
    const size = Math.min(24, Math.max(1, Number.parseInt(limit ?? '12', 10) || 12));
    return this.teams.achievements(auth.user, pageOf(page), size);
  }
}
