import { Module } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { PaymentsModule } from '../payments/payments.module';
import { ExternalResults } from './external-results';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  imports: [PaymentsModule],
  controllers: [RegistrationController, TeamsController],
  providers: [
    TeamsService,
    RegistrationService,
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
  exports: [TeamsService, RegistrationService],
})
export class TeamsModule {}
