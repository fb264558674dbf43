import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { CertificatesModule } from './certificates/certificates.module';
import { ContactModule } from './contact/contact.module';
import { ContentModule } from './content/content.module';
import { AuthModule } from './auth/auth.module';
import { AllExceptionsFilter } from './common/exception.filter';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import { CoreModule } from './db/db.module';
import { HealthController } from './health/health.controller';
import { SiteController } from './health/site.controller';
import { JudgesModule } from './judges/judges.module';
import { LearningModule } from './learning/learning.module';
import { MediaModule } from './media/media.module';
import { MessagesModule } from './messages/messages.module';
import { PartnersModule } from './partners/partners.module';
import { PaymentsModule } from './payments/payments.module';
import { ResearchModule } from './research/research.module';
import { TeamsModule } from './teams/teams.module';
import { PgThrottlerStorage } from './rate-limit/pg-throttler.storage';
import { accountTracker, ipTracker } from './rate-limit/signin-throttle.guard';
import { RegionsController } from './regions/regions.controller';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: Database): DynamicModule {
    const perMinute = config.rateLimit.signinPerMinute;
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, database),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers.authorization'],
            transport:
              config.production || config.logLevel === 'silent'
                ? undefined
                : { target: 'pino-pretty', options: { singleLine: true } },
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
        }),
        ThrottlerModule.forRoot({
          storage: new PgThrottlerStorage(database),
          throttlers: [
            { name: 'ip', ttl: 60_000, limit: perMinute * 3, getTracker: ipTracker },
            { name: 'account', ttl: 60_000, limit: perMinute, getTracker: accountTracker },
          ],
        }),
        MessagesModule.forRoot(config.production),
        AuthModule,
        AccountsModule,
        JudgesModule,
        ResearchModule,
        MediaModule,
        ContentModule,
        TeamsModule,
        ContactModule,
        LearningModule,
        CertificatesModule,
        PaymentsModule,
        PartnersModule,
        AdminModule,
      ],
      controllers: [HealthController, SiteController, RegionsController],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
