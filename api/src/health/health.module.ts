import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { SiteController } from './site.controller';

@Module({ controllers: [HealthController, SiteController], providers: [HealthService] })
export class HealthModule {}
