import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/roles';
import { sendError } from '../common/error-response';
import { EventDayService } from './event-day.service';
import { IdPipe } from './id.pipe';
import { LeaderboardHub } from './leaderboard-hub';
import { Answers, list, object, ok, okWith, shape, text } from '../common/answers';

/**
 * What anyone may read of the competition day: the competitions with their rules and event days, an
 * event's leaderboard (live by server-sent events) and a competition's results. Teams by number and
 * name only: nothing about their people.
 */
@ApiTags('results')
@Controller('public')
export class PublicResultsController {
  constructor(
    private readonly events: EventDayService,
    private readonly hub: LeaderboardHub,
  ) {}

  @Answers(ok({ competitions: list(shape('PublicCompetitionView')) }))
  @Get('competitions')
  @Public()
  @ApiOperation({ summary: 'The active competitions with their ranking rules and event days (dates, venues)' })
  async competitions() {
    return { success: true, competitions: await this.events.publicCompetitions() };
  }

  @Answers(
    ok({
      competition: object({ id: text, name: text, name_en: text, rules: shape('RankingRules') }),
      event_days: list(shape('LeaderboardView')),
    }),
  )
  @Get('competitions/:id')
  @Public()
  @ApiOperation({
    summary: "A competition's results: each event day's ranking, scores per round, awards and advancing teams",
  })
  async results(@Param('id', IdPipe) id: string) {
    return { success: true, ...(await this.events.competitionResults(id)) };
  }

  @Answers(ok({ team: shape('PublicTeamView') }))
  @Get('teams/:id')
  @Public()
  @ApiOperation({
    summary:
      "A team's public page: name, school, coaches' names and its results (a team of an event day; no student, ID, phone or birth date)",
  })
  async team(@Param('id', IdPipe) id: string) {
    return { success: true, team: await this.events.publicTeam(id) };
  }

  @Answers(okWith('LeaderboardView'))
  @Get('events/:id')
  @Public()
  @ApiOperation({ summary: "An event day's leaderboard (ranking computed from the stored scores) and awards" })
  async leaderboard(@Param('id', IdPipe) id: string) {
    return { success: true, ...(await this.events.leaderboard(id)) };
  }

  @Get('events/:id/stream')
  @Public()
  @ApiOperation({ summary: 'The leaderboard as server-sent events: `standings` at once, then at each change' })
  async stream(@Param('id', IdPipe) id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    await this.events.leaderboard(id); // an unknown event is a 404 before the stream starts
    if (!this.hub.reserve()) {
      // Over this process's cap: the page keeps what it shows and its EventSource tries again.
      reply.header('Retry-After', '30');
      return sendError(req, reply, 503, 'event.too_many_viewers');
    }
    let released = false;
    const release = () => {
      if (!released) this.hub.release();
      released = true;
    };
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    heartbeat.unref();
    const stop = this.hub.watch(id, {
      send: (data) => res.write(`event: standings\ndata: ${data}\n\n`),
      end: () => res.end(),
    });
    req.raw.on('close', () => {
      clearInterval(heartbeat);
      stop();
      release();
    });
    res.on('close', release);
  }
}
