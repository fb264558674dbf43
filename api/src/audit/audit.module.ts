import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** The audit log's writer, injectable in every feature. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
