import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { PlansService } from './plans.service';
import { Answers, list, ok, shape } from '../common/answers';

@ApiTags('payments')
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Answers(ok({ plan: list(shape('PlanView')) }))
  @Get()
  @Public()
  @ApiOperation({ summary: 'Active activation plans of a membership type (type=coach or entity), cheapest first' })
  list(@Query('type') type?: string) {
    return this.plans.active(type);
  }
}
