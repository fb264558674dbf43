import { Module } from '@nestjs/common';
import { ExternalResults } from './external-results';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  controllers: [TeamsController],
  providers: [TeamsService, { provide: ExternalResults, useValue: new ExternalResults() }],
})
export class TeamsModule {}
