import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { AssignDto, AwardDto, CorrectionDto, RankingDto } from './event-day.dto';
import { IdPipe } from './id.pipe';
import { EventDayService } from './event-day.service';
import { roundNumber } from './judging.controller';
import { Answers, done, int, list, num, object, ok, okWith, orNull, shape, text } from '../common/answers';

/** Staff's event-day actions beside the event-days resource: rules, assignments, locks, results, awards. */
@ApiTags('admin: event-days')
@Controller('admin')
export class EventAdminController {
  constructor(private readonly events: EventDayService) {}

  @Answers(ok({ ranking: shape('RankingRules') }))
  @Put('competitions/:id/ranking')
  @Roles('admin')
  @ApiOperation({ summary: "A competition's ranking preset (best_of or rubric) and its numbers" })
  async ranking(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Body() body: RankingDto) {
    return { success: true, ranking: await this.events.setRanking(auth.user, id, body) };
  }

  @Answers(
    ok({
      staff: list(object({ id: text, user_id: text, name: text, role: shape('EventRole'), revoked_at: orNull(text) })),
    }),
  )
  @Get('event-days/:id/staff')
  @Roles('admin')
  @ApiOperation({ summary: "An event day's judges and referees, revoked ones too" })
  async staff(@Param('id', IdPipe) id: string) {
    return { success: true, staff: await this.events.assignments(id) };
  }

  @Answers(ok({ judges: list(object({ id: text, name: text, apply_as: text })) }))
  @Get('event-judges')
  @Roles('admin')
  @ApiOperation({ summary: 'Members with an accepted judge or referee application (who may be assigned)' })
  async candidates() {
    return { success: true, judges: await this.events.candidates() };
  }

  @Answers(
    ok({
      assignment: object({ id: text, user_id: text, name: text, role: shape('EventRole'), revoked_at: orNull(text) }),
    }),
  )
  @Post('event-days/:id/staff')
  @Roles('admin')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Assigns an accepted judge or referee (or staff) with a role: referee, judge, head_referee',
  })
  async assign(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Body() body: AssignDto) {
    return { success: true, assignment: await this.events.assign(auth.user, id, body) };
  }

  @Answers(ok())
  @Delete('event-days/:id/staff/:assignment')
  @Roles('admin')
  @ApiOperation({ summary: 'Revokes an assignment' })
  async revoke(
    @CurrentAuth() auth: Auth,
    @Param('id', IdPipe) id: string,
    @Param('assignment', IdPipe) assignment: string,
  ) {
    await this.events.revoke(auth.user, id, assignment);
    return { success: true };
  }

  @Answers(ok({ round: object({ number: int, locked_at: orNull(text) }) }))
  @Post('event-days/:id/rounds/:number/lock')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Locks a round: it takes no more scores' })
  async lock(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Param('number') number: string) {
    return { success: true, round: await this.events.lock(auth.user, id, roundNumber(number)) };
  }

  @Answers(okWith('LeaderboardView'))
  @Get('event-days/:id/standings')
  @Roles('admin')
  @ApiOperation({ summary: 'The ranking computed from the stored scores, with the awards' })
  async standings(@Param('id', IdPipe) id: string) {
    return { success: true, ...(await this.events.leaderboard(id)) };
  }

  @Answers(done())
  @Post('event-days/:id/publish')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: "Writes the ranking to the teams' results (score, ranked) and gives the 1st to 3rd places" })
  async publish(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Lang() lang: Lang) {
    const count = await this.events.publish(auth.user, id);
    return { success: true, message: translate(lang, 'event.published', { count }) };
  }

  @Answers(done({ result: object({ team_no: text, score: orNull(num), ranked: orNull(int) }) }))
  @Post('event-days/:id/corrections')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Corrects a team's score of a round after the results were written, with a reason: the ranking and the teams' results are written again (audited)",
  })
  async correct(
    @CurrentAuth() auth: Auth,
    @Param('id', IdPipe) id: string,
    @Body() body: CorrectionDto,
    @Lang() lang: Lang,
  ) {
    const result = await this.events.correct(auth.user, id, body);
    return { success: true, result, message: translate(lang, 'event.corrected', { team_no: result.team_no }) };
  }

  @Answers(
    ok({
      award: object({
        id: text,
        kind: { type: 'string', enum: ['place', 'special', 'advance'] },
        team_id: text,
        name: text,
        name_en: text,
      }),
    }),
  )
  @Post('event-days/:id/awards')
  @Roles('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'A named special award or a team advancing, in both languages' })
  async award(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Body() body: AwardDto) {
    return { success: true, award: await this.events.award(auth.user, id, body) };
  }

  @Answers(ok())
  @Delete('event-days/:id/awards/:award')
  @Roles('admin')
  @ApiOperation({ summary: 'Removes an award' })
  async removeAward(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Param('award', IdPipe) award: string) {
    await this.events.removeAward(auth.user, id, award);
    return { success: true };
  }
}
