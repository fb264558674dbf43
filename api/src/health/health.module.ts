import { Module } from '@nestjs/common';
import { AboutController } from './about.controller';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { SiteController } from './site.controller';

@Module({ controllers: [HealthController, AboutController, SiteController], providers: [HealthService] })
export class HealthModule {}
