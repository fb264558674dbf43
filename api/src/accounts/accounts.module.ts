import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TeamsModule } from '../teams/teams.module';
import { CodesService } from './codes.service';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({
  imports: [AuthModule, TeamsModule],
  controllers: [VerificationController, ProfileController],
  providers: [CodesService, VerificationService, ProfileService],
})
export class AccountsModule {}
