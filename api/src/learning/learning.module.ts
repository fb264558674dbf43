import { Module } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { COURSES, CoursesController } from './courses.controller';
import { OdooCourses } from './odoo-courses';

@Module({
  controllers: [CoursesController],
  providers: [
    {
      provide: COURSES,
      inject: [CONFIG],
      useFactory: (config: AppConfig) => (config.courses ? new OdooCourses(config.courses) : null),
    },
  ],
})
export class LearningModule {}
