import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { PlansService } from './plans.service';

@ApiTags('payments')
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Active activation plans of a membership type (type=coach or entity), cheapest first' })
  list(@Query('type') type?: string) {
    return this.plans.active(type);
  }
}
