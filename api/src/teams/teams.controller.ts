import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { and, asc, eq, gte } from 'drizzle-orm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { EVERYONE, FullAccess, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { AppError } from '../common/app-error';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { events } from '../db/schema';
import { ExternalResults } from './external-results';
import { TEAMS_PAGE_SIZE, TeamsService } from './teams.service';

const pageOf = (raw: string | undefined) => {
  const n = Number.parseInt(raw ?? '0', 10);
  if (!Number.isFinite(n) || n < 0 || n > 100_000) throw new AppError(400, 'request.bad_query', { param: 'page' });
  return n;
};

@ApiTags('teams')
@Controller()
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly external: ExternalResults,
    @Inject(DB) private readonly db: Db,
  ) {}

  /** The event on the home page (next, shown, counting down) when its results live on another site. */
  private async externalEvent(type: string) {
    const [event] = await this.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.status, true),
          eq(events.homeStatus, true),
          eq(events.type, type),
          gte(events.eventDate, new Date()),
        ),
      )
      .orderBy(asc(events.eventDate))
      .limit(1);
    return event?.resultsUrl ? event : null;
  }

  /** The old results path `{event link}/api/{event type}/get-teams`; this platform serves it for its own teams. */
  @Get(':type/get-teams')
  @Roles(...EVERYONE)
  @FullAccess()
  @ApiOperation({ summary: "The signed-in member's teams (page from 0, or top=2 for the home page)" })
  async list(
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
    const p = n === undefined ? pageOf(page) : 0;
    const event = await this.externalEvent(type);
    // A results link to this platform itself is its own teams, read here rather than fetched.
    if (event && !this.external.isOwn(event.resultsUrl!)) {
      // The old contract named the member by `id` (national ID or e-mail): no personal data leaves now.
      const query: Record<string, string> = n === undefined ? { type, page: String(p) } : { type, top: String(n) };
      return { success: true, ...(await this.external.teams(event.resultsUrl!, type, query)) };
    }
    return this.teams.list(auth.user, p, n ?? TEAMS_PAGE_SIZE);
  }

  @Get('achievements')
  @Roles(...EVERYONE)
  @FullAccess()
  @ApiOperation({ summary: "The member's ranked results by season with medals (rank 1 Gold, 2 Silver, else Bronze)" })
  achievements(@CurrentAuth() auth: Auth, @Query('page') page?: string, @Query('limit') limit?: string) {
    const size = Math.min(24, Math.max(1, Number.parseInt(limit ?? '12', 10) || 12));
    return this.teams.achievements(auth.user, pageOf(page), size);
  }
}
