import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { CertificatesModule } from './certificates/certificates.module';
import { ContactModule } from './contact/contact.module';
import { ContentModule } from './content/content.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AllExceptionsFilter } from './common/exception.filter';
import { REDACTED_HEADERS, redactRequestLog } from './common/log-redaction';
import type { AppConfig } from './core/config';
import type { Database } from './core/database';
import { CoreModule } from './core/core.module';
import { EventDayModule } from './event-day/event-day.module';
import { HealthModule } from './health/health.module';
import { JudgesModule } from './judges/judges.module';
import { LearningModule } from './learning/learning.module';
import { MediaModule } from './media/media.module';
import { MessagingModule } from './messaging/messaging.module';
import { OutboxModule } from './outbox/outbox.module';
import { PartnersModule } from './partners/partners.module';
import { PaymentsModule } from './payments/payments.module';
import { ResearchModule } from './research/research.module';
import { TeamsModule } from './teams/teams.module';
import { PgThrottlerStorage } from './rate-limit/pg-throttler.storage';
import { UploadsModule } from './media/uploads';
import { StorageModule } from './media/storage.module';
import {
  accountTracker,
  ADDRESS_THROTTLER,
  ipTracker,
  notPartnerRoute,
  PARTNER_THROTTLER,
  partnerTracker,
} from './rate-limit/signin-throttle.guard';
import { RegionsModule } from './regions/regions.module';
import { RemindersModule } from './reminders/reminders.module';
import { HomeModule } from './home/home.module';
import { PrivacyModule } from './privacy/privacy.module';
import { RetentionModule } from './retention/retention.module';
import { requestId } from './common/request-id';

@Module({})
export class AppModule {
  /** `logDestination`: where the logs go instead of standard output (the tests read them). */
  static forRoot(config: AppConfig, database: Database, logDestination?: DestinationStream): DynamicModule {
    const perMinute = config.rateLimit.signinPerMinute;
    const logOptions: Options = {
      level: config.logLevel,
      // No secret in the access log: tokens in paths (a guardian's link), in queries (GET /api/loginseason?token=…), headers.
      redact: REDACTED_HEADERS,
      serializers: { req: redactRequestLog },
      // X-Request-Id honoured or a UUID, returned to the client (common/request-id.ts).
      genReqId: (req, res) => requestId(req, res),
      transport:
        logDestination || config.production || config.logLevel === 'silent'
          ? undefined
          : { target: 'pino-pretty', options: { singleLine: true } },
      // Health checks (the load balancer's, every second) stay out of the info log.
      // (The middleware may see the path without its /api prefix: both forms match.)
      autoLogging: {
        ignore: (req) =>
          [req.url, (req as { originalUrl?: string }).originalUrl].some((url) =>
            /^(\/api)?\/health(\/(live|ready))?\/?(\?|$)/i.test(url ?? ''),
          ),
      },
    };
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, database),
        StorageModule.forRoot(config),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: logDestination ? [logOptions, logDestination] : logOptions,
        }),
        ThrottlerModule.forRoot({
          storage: new PgThrottlerStorage(database),
          throttlers: [
            { name: ADDRESS_THROTTLER, ttl: 60_000, limit: config.rateLimit.failedPerAddress, getTracker: ipTracker },
            { name: 'account', ttl: 60_000, limit: perMinute, getTracker: accountTracker },
            {
              name: PARTNER_THROTTLER,
              ttl: 60_000,
              limit: config.rateLimit.failedPerAddress,
              getTracker: partnerTracker,
              // One count per partner for every route that checks its key (the checker and the embedded sign-in).
              generateKey: (_context, tracker, name) => `${name}-${tracker}`,
              skipIf: notPartnerRoute,
            },
          ],
        }),
        AuditModule,
        OutboxModule.forRoot(config.production),
        UploadsModule,
        AuthModule,
        AccountsModule,
        JudgesModule,
        ResearchModule,
        MediaModule,
        ContentModule,
        TeamsModule,
        EventDayModule,
        HomeModule,
        ContactModule,
        LearningModule,
        CertificatesModule,
        PaymentsModule,
        PartnersModule,
        AdminModule,
        MessagingModule,
        HealthModule,
        RegionsModule,
        RemindersModule,
        RetentionModule,
        PrivacyModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
