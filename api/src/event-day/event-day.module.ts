import { Module } from '@nestjs/common';
import { EventAdminController } from './event-admin.controller';
import { EventDayService } from './event-day.service';
import { JudgingController } from './judging.controller';

/** The competition day (issue 32): event days, judges' scoring, rankings and awards. */
@Module({
  controllers: [JudgingController, EventAdminController],
  providers: [EventDayService],
  exports: [EventDayService],
})
export class EventDayModule {}
