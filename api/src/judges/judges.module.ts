import { Module } from '@nestjs/common';
import { JudgeApplicationController } from './judge-application.controller';
import { JudgeApplicationService } from './judge-application.service';

@Module({ controllers: [JudgeApplicationController], providers: [JudgeApplicationService] })
export class JudgesModule {}
