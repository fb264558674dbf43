import { Module } from '@nestjs/common';
import { RemindersJob } from './reminders.job';

@Module({ providers: [RemindersJob], exports: [RemindersJob] })
export class RemindersModule {}
