import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CodesService } from './codes.service';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({
  imports: [AuthModule],
  controllers: [VerificationController],
  providers: [CodesService, VerificationService],
})
export class AccountsModule {}
