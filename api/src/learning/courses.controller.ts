import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { OdooCourses } from './odoo-courses';
import { Answers, bool, list, ok, shape } from '../common/answers';

export const COURSES = Symbol('COURSES');

@ApiTags('courses')
@Controller('courses')
export class CoursesController {
  constructor(@Inject(COURSES) private readonly courses: OdooCourses | null) {}

  @Answers(ok({ configured: bool, courses: list(shape('CourseView')) }))
  @Get()
  @Public()
  @ApiOperation({
    summary: 'Published courses of the learning provider in the language asked (lang=ar|en); empty when not configured',
  })
  async list(@Query('lang') lang?: string) {
    if (!this.courses) return { success: true, configured: false, courses: [] };
    return { success: true, configured: true, courses: await this.courses.list(lang === 'ar' ? 'ar' : 'en') };
  }
}
