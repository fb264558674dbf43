import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { EVERYONE, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { CheckInDto, ScoreDto } from './event-day.dto';
import { IdPipe } from './id.pipe';
import { EventDayService } from './event-day.service';
import { Answers, anyObject, bool, done, int, list, num, object, ok, orNull, shape, text } from '../common/answers';

/** A judge's or referee's event days on the member site: check-in and scores (issue 32). */
@ApiTags('judging')
@Controller('judging/events')
export class JudgingController {
  constructor(private readonly events: EventDayService) {}

  @Answers(ok({ events: list({ allOf: [shape('EventDayView'), object({ role: shape('EventRole') })] }) }))
  @Get()
  @Roles(...EVERYONE)
  @ApiOperation({ summary: 'The event days the caller is assigned to (not revoked), with their role' })
  async mine(@CurrentAuth() auth: Auth) {
    return { success: true, events: await this.events.myEvents(auth.user) };
  }

  @Answers(ok({ event: shape('JudgeEventView') }))
  @Get(':id')
  @Roles(...EVERYONE)
  @ApiOperation({ summary: "An assigned event: rounds, teams (checked in or not) and the caller's own scores" })
  async one(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string) {
    return { success: true, event: await this.events.judgeEvent(auth.user, id) };
  }

  @Answers(
    done({
      team: object({
        team_id: text,
        team_no: text,
        name: orNull(text),
        checked_in_before: bool,
        people: list(shape('CheckInView')),
      }),
    }),
  )
  @Post(':id/check-in')
  @Roles(...EVERYONE)
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks a team in by its number (typed, Arabic-Indic digits too) or its QR payload' })
  async checkIn(
    @CurrentAuth() auth: Auth,
    @Param('id', IdPipe) id: string,
    @Body() body: CheckInDto,
    @Lang() lang: Lang,
  ) {
    const team = await this.events.checkIn(auth.user, id, body.team!);
    return { success: true, team, message: translate(lang, 'event.checked_in', { team_no: team.team_no }) };
  }

  @Answers(
    done({
      score: object({
        duplicate: bool,
        id: text,
        client_id: text,
        team_no: text,
        round: int,
        value: num,
        points: orNull(anyObject),
        time: orNull(num),
        reason: orNull(text),
        created_at: text,
      }),
    }),
  )
  @Post(':id/scores')
  @Roles(...EVERYONE)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stores a score (client_id makes a resend stored once; a second entry for the same team and round needs a reason)',
  })
  async score(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Body() body: ScoreDto, @Lang() lang: Lang) {
    const score = await this.events.score(auth.user, id, body);
    return { success: true, score, message: translate(lang, 'event.score_saved') };
  }

  @Answers(ok({ round: object({ number: int, locked_at: orNull(text) }) }))
  @Post(':id/rounds/:number/lock')
  @Roles(...EVERYONE)
  @HttpCode(200)
  @ApiOperation({ summary: 'Locks a round (the head referee of the event)' })
  async lock(@CurrentAuth() auth: Auth, @Param('id', IdPipe) id: string, @Param('number') number: string) {
    return { success: true, round: await this.events.lock(auth.user, id, roundNumber(number)) };
  }
}

/** A round number from a path: 1 to 10, else a 404 as for an unknown round. */
export function roundNumber(text: string): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 0;
}
