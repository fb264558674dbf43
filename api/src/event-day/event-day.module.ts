import { Module } from '@nestjs/common';
import { EventAdminController } from './event-admin.controller';
import { EventDayService } from './event-day.service';
import { JudgingController } from './judging.controller';
import { LeaderboardHub } from './leaderboard-hub';
import { PublicResultsController } from './public.controller';

/** The competition day (issue 32): event days, judges' scoring, rankings and awards. */
@Module({
  controllers: [JudgingController, EventAdminController, PublicResultsController],
  providers: [EventDayService, LeaderboardHub],
  exports: [EventDayService],
})
export class EventDayModule {}
