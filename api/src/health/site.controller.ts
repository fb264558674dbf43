import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { Answers, int, ok, text } from '../common/answers';

/** Public facts the back-office needs about the deployment (where the member site is). */
@ApiTags('health')
@Controller('site')
export class SiteController {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  @Answers(ok({ member_url: text, otp_length: int }))
  @Get()
  @Public()
  @ApiOperation({ summary: 'Where the member site is and the one-time code’s length' })
  get() {
    return { success: true, member_url: this.config.memberUrl, otp_length: this.config.otp.length };
  }
}
