import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../db/db.module';
import { ExternalResults } from './external-results';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  controllers: [TeamsController],
  providers: [
    TeamsService,
    {
      provide: ExternalResults,
      inject: [CONFIG],
      useFactory: (config: AppConfig) =>
        new ExternalResults({
          ...config.results,
          ownOrigins: [new URL(config.publicUrl).origin, new URL(config.memberUrl).origin],
        }),
    },
  ],
  exports: [TeamsService],
})
export class TeamsModule {}
