import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MediaModule } from '../media/media.module';
import { RetentionJob } from './retention.job';

/** The scheduled removal of what the platform keeps no longer (docs/retention.md). */
@Module({
  imports: [AccountsModule, MediaModule],
  providers: [RetentionJob],
  exports: [RetentionJob],
})
export class RetentionModule {}
