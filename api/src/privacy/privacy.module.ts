import { Module } from '@nestjs/common';
import { PrivacyController, StaffPrivacyController } from './privacy.controller';
import { PrivacyJob } from './privacy.job';
import { PrivacyService } from './privacy.service';

/** Members' privacy requests: a copy of their data and the deletion of their account (issue 31). */
@Module({
  controllers: [PrivacyController, StaffPrivacyController],
  providers: [PrivacyService, PrivacyJob],
})
export class PrivacyModule {}
